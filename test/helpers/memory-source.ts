import type { z } from 'zod';
import { MergedRecordError, NotFoundError } from '../../src/extract/http/errors.ts';
import type { PageRequest } from '../../src/extract/pager.ts';
import { validateRecords } from '../../src/extract/pager-envelope.ts';
import type { PageSource } from '../../src/extract/page-source.ts';
import { silentLogger } from '../../src/log.ts';
import type { ReadEnv, PageSourceFactory } from '../../src/runner/env.ts';

/**
 * In-memory pages for the runner's readers: `pages[path]` is the list of pages a request for `path`
 * returns; the token after page i is `String(i + 1)`. A path listed in `missing` answers the service's
 * record-level 404 (the read-after-create lag exhausted). `expire` makes the first request resumed from a token fail as an
 * expired cursor would.
 */
export interface MemoryPages {
  pages: Record<string, unknown[][]>;
  missing?: ReadonlySet<string>;
  /** Paths of a single read whose record was merged: path -> [old id, survivor] (the older interface's 422). */
  merged?: ReadonlyMap<string, [number, number]>;
  /** Validate each page against the read's schema, as the pager does (invalid records come back in `invalid`). */
  validate?: boolean;
  /** Paths that answer a route-level 404 (nothing serves them, e.g. a mock's "no path matched"). */
  routeMissing?: ReadonlySet<string>;
  onNext?: (path: string, token: string | null) => void;
  /** Thrown by the first `next()` of a source opened at a stored token (a forgotten cursor). */
  resumeError?: () => Error;
}

export function memorySources(mem: MemoryPages): PageSourceFactory & { opened: Array<{ request: PageRequest; token: string | null }> } {
  const opened: Array<{ request: PageRequest; token: string | null }> = [];
  let resumeFailed = false;
  const factory = <T>(request: PageRequest, schema: z.ZodType<T>, token: string | null): PageSource<T> => {
    opened.push({ request, token });
    const pages = (mem.pages[request.path] ?? [[]]) as T[][];
    let at = token === null ? 0 : Number(token);
    let finished = false;
    return {
      get done() {
        return finished;
      },
      get token() {
        return finished || at === 0 ? null : String(at);
      },
      async next() {
        mem.onNext?.(request.path, token);
        if (mem.missing?.has(request.path)) {
          throw new NotFoundError(`404 on GET ${request.path}`, { status: 404, method: 'GET', path: request.path, lagExhausted: true, notFound: 'record' });
        }
        const merged = mem.merged?.get(request.path);
        if (merged) {
          const [oldId, newId] = merged;
          const message = `${oldId} no longer exists as it has been merged into ${newId}`;
          throw new MergedRecordError(message, { status: 422, method: 'GET', path: request.path, oldId, newId });
        }
        if (mem.routeMissing?.has(request.path)) {
          throw new NotFoundError(`404 on GET ${request.path}`, { status: 404, method: 'GET', path: request.path, notFound: 'route' });
        }
        if (token !== null && at === Number(token) && mem.resumeError && !resumeFailed) {
          resumeFailed = true;
          throw mem.resumeError();
        }
        const page = pages[at] ?? [];
        at += 1;
        finished = at >= pages.length;
        const { records, raw, invalid } = mem.validate ? validateRecords(page, schema) : { records: page, raw: page, invalid: [] };
        return { records, invalid, nextToken: finished ? null : String(at), pageNumber: at, raw };
      },
    };
  };
  return Object.assign(factory, { opened });
}

/** A ReadEnv for readers alone: they never touch the database, so `db` is absent on purpose. */
export function readerEnv(pageSources: PageSourceFactory, clock: () => string = () => '2026-01-01T00:00:00.000Z'): ReadEnv {
  return {
    db: undefined as never,
    ctx: { db: undefined as never, config: undefined as never },
    log: silentLogger(),
    runId: 'test-run',
    clock,
    hooks: {},
    pageSources,
  };
}
