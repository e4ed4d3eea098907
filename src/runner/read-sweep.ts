import { CursorExpiredError } from '../extract/http/errors.ts';
import type { Page } from '../extract/pager.ts';
import type { PageSource } from '../extract/page-source.ts';
import type { Checkpoint } from '../state/checkpoint.ts';
import type { AnyStream, Partition, SweepRead } from '../streams/define.ts';
import type { ReadEnv } from './env.ts';
import { resumeOrStart, type Fetched, type Reader, type SweepOptions } from './reader.ts';

/**
 * Token stored once the last page is committed: a crash before the sweep is marked complete then
 * resumes straight to completion instead of reading the collection again.
 */
export const SWEEP_PAGES_DONE = '__all_pages_read__';

/**
 * Page a whole collection from its stored page token. The service may forget a cursor: the collection
 * then starts over once (rows already loaded are upserted again, harmless) and the sweep keeps its
 * start time, so soft deletes stay correct.
 */
export function sweepReader(
  def: AnyStream,
  read: SweepRead<unknown, unknown>,
  p: Partition<unknown>,
  cp: Checkpoint,
  env: ReadEnv,
  opts: SweepOptions,
): Reader<unknown> {
  const log = env.log.child({ stream: def.name, partition: p.key || undefined });
  const start = resumeOrStart(cp, opts, env.clock());
  let sweep = start.sweep;
  if (start.resumed) log.info({ page: sweep.pages, records: sweep.records }, 'resuming sweep from checkpoint');
  const request = read.request(p);
  const pagesDone = sweep.token === SWEEP_PAGES_DONE;
  let source: PageSource<unknown> | null = pagesDone ? null : env.pageSources(request, def.schema, sweep.token);
  let restarted = false;

  const fetch = async (src: PageSource<unknown>): Promise<Page<unknown>> => {
    try {
      return await src.next();
    } catch (err) {
      if (!(err instanceof CursorExpiredError) || restarted) throw err;
      log.warn({ page: sweep.pages }, 'stored cursor rejected by the service; restarting this collection');
      restarted = true;
      sweep = { ...sweep, token: null };
      source = env.pageSources(request, def.schema, null);
      return source.next();
    }
  };

  return {
    hasMore: () => source !== null && !source.done,
    sweepProgress: () => ({ runs: sweep.runs ?? 1, lastPassPages: cp.lastSweepPages }),
    async next(): Promise<Fetched<unknown>> {
      if (source === null) throw new Error('relsync: sweep read past its end');
      const page = await fetch(source);
      const done = source.done;
      sweep = { ...sweep, token: done ? SWEEP_PAGES_DONE : source.token, pages: sweep.pages + 1, records: sweep.records + page.records.length };
      return {
        records: page.records,
        raws: page.raw ?? page.records,
        invalid: page.invalid,
        page: { partition: p, ids: [], initialRead: false },
        checkpoint: { ...cp, sweep },
        pageNumber: sweep.pages,
      };
    },
    finish() {
      const { softDelete, clearsDirty } = read;
      return {
        // A stream followed by a feed between sweeps resumes it from when this sweep began.
        checkpoint: {
          ...cp,
          sweep: null,
          lastSweepCompletedAt: sweep.startedAt,
          lastSweepPages: sweep.pages,
          // A warehouse that completed passes before relsync kept this holds no row known to be new.
          firstPassAt: cp.firstPassAt ?? (cp.lastSweepCompletedAt === null ? env.clock() : null),
          // The pass an upgrade asked for is this one.
          due: null,
          highWater: read.between ? { at: sweep.startedAt, id: null } : cp.highWater,
        },
        ...(softDelete
          ? { softDelete: { table: softDelete.table, startedAt: sweep.startedAt, ...(softDelete.scope ? { scope: softDelete.scope(p) } : {}) } }
          : {}),
        ...(clearsDirty
          ? { clearDirty: { kind: clearsDirty.kind, before: sweep.startedAt, ...(clearsDirty.listOf ? { listId: clearsDirty.listOf(p) } : {}) } }
          : {}),
      };
    },
  };
}
