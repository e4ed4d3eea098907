import { DEFAULT_QUARANTINE_NAMED } from '../defaults.ts';
import { UserError } from '../errors.ts';
import { CursorExpiredError } from '../extract/http/errors.ts';
import { endpointLabel } from '../extract/http/url.ts';
import type { InvalidRecord, Page } from '../extract/pager.ts';
import { quarantineKey } from '../load/write/quarantine.ts';
import type { PageSource } from '../extract/page-source.ts';
import type { Checkpoint, HighWater } from '../state/checkpoint.ts';
import type { AnyStream, Partition, SweepRead } from '../streams/define.ts';
import type { ReadEnv } from './env.ts';
import { sweepDeletes, sweepSawCollection } from './failure-policy.ts';
import { resumeOrStart, type Fetched, type Reader, type SweepOptions } from './reader.ts';

/**
 * Token stored once the last page is committed: a crash before the sweep is marked complete then
 * resumes straight to completion instead of reading the collection again.
 */
export const SWEEP_PAGES_DONE = '__all_pages_read__';

/**
 * A pass read more pages than its collection's known size justifies (budget/sweep-bound.ts): a pager that
 * keeps handing out new cursors. The stream stops before the month's calls are spent; nothing is deleted.
 */
export class SweepBoundError extends UserError {
  constructor(stream: string, endpoint: string, pages: number, limit: number) {
    super(
      `${stream}: ${endpoint} kept handing out pages: ${pages} read, more than this collection's known size justifies (${limit} at most); stopped before spending the month's calls, nothing deleted, and the next pass starts over`,
      {
        exitCode: 1,
        hint: 'A collection that really grew is read further by each next pass (its bound counts the rows this one wrote); otherwise check a proxy between relsync and the API.',
      },
    );
    this.name = 'SweepBoundError';
  }
}

/** A sweep whose records were mostly quarantined did not see its collection: the stream fails with one line naming them. */
export class SweepUnseenError extends UserError {
  constructor(stream: string, records: number, invalid: number, named: readonly InvalidRecord[]) {
    const keys = named.slice(0, DEFAULT_QUARANTINE_NAMED).map((r) => quarantineKey(r.raw));
    const more = invalid > keys.length ? ` and ${invalid - keys.length} more` : '';
    const why = named[0]?.error ?? 'see the quarantine table';
    super(
      `${stream}: ${invalid} of ${records + invalid} records of this pass failed validation and were quarantined (${keys.join(', ')}${more}; ${why}): the pass did not see its collection, so nothing is deleted and it is read again next run`,
      { exitCode: 1, hint: 'The quarantine table keeps each record with its error; the next healthy pass restores them.' },
    );
    this.name = 'SweepUnseenError';
  }
}

/**
 * Page a whole collection from its stored page token. The service may forget a cursor: the collection
 * then starts over once (rows already loaded are upserted again, harmless) and the sweep keeps its
 * start time, so soft deletes stay correct. `liveRows`: the live rows of the table the pass deletes from,
 * counted before this run's part of it (a pass that saw far fewer deletes nothing on its own word).
 */
export function sweepReader(
  def: AnyStream,
  read: SweepRead<unknown, unknown>,
  p: Partition<unknown>,
  cp: Checkpoint,
  env: ReadEnv,
  opts: SweepOptions,
  pageLimit: number = Number.POSITIVE_INFINITY,
  liveRows = 0,
): Reader<unknown> {
  const log = env.log.child({ stream: def.name, partition: p.key || undefined });
  // A pass that reached its bound in an earlier run starts over (bounded again), so a pager that recovers reads it whole.
  const start = resumeOrStart(cp.sweep && cp.sweep.pages >= pageLimit ? { ...cp, sweep: null } : cp, opts, env.clock());
  let sweep = start.sweep;
  if (start.resumed) log.info({ page: sweep.pages, records: sweep.records }, 'resuming sweep from checkpoint');
  const request = read.request(p);
  const endpoint = request.endpoint ?? endpointLabel('GET', request.path);
  const pagesDone = sweep.token === SWEEP_PAGES_DONE;
  let source: PageSource<unknown> | null = pagesDone ? null : env.pageSources(request, def.schema, sweep.token);
  let restarted = false;
  /** This run's quarantined records, to name them when the pass turns out mostly quarantined. */
  const quarantined: InvalidRecord[] = [];

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
      if (sweep.pages >= pageLimit) throw new SweepBoundError(def.name, endpoint, sweep.pages, pageLimit);
      const page = await fetch(source);
      const done = source.done;
      const invalid = (sweep.invalid ?? 0) + page.invalid.length;
      sweep = { ...sweep, token: done ? SWEEP_PAGES_DONE : source.token, pages: sweep.pages + 1, records: sweep.records + page.records.length, invalid };
      quarantined.push(...page.invalid);
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
      if (!sweepSawCollection(sweep.records, sweep.invalid ?? 0)) {
        // No deletions, no pass done: the next run reads the collection again, whole.
        const due = { reason: 'the last pass was mostly quarantined records', at: env.clock() };
        return { checkpoint: { ...cp, sweep: null, due }, unseen: new SweepUnseenError(def.name, sweep.records, sweep.invalid ?? 0, quarantined) };
      }
      const seen = sweep.records + (sweep.invalid ?? 0);
      if (softDelete && sweepDeletes(seen, liveRows, cp.heldPass !== null) === 'hold') {
        // Nothing deleted, no pass done: the next run reads the collection whole, and deletes if it agrees.
        log.warn({ seen, live: liveRows }, 'this pass saw under half the rows it would delete from: nothing deleted until the next pass agrees');
        const due = { reason: 'the last pass saw under half the rows it would delete from', at: env.clock() };
        return { checkpoint: { ...cp, sweep: null, due, heldPass: { records: seen, live: liveRows, at: sweep.startedAt } }, held: { seen, live: liveRows } };
      }
      return {
        // A stream followed by a feed between sweeps resumes it from when this sweep began.
        checkpoint: {
          ...cp,
          sweep: null,
          lastSweepCompletedAt: sweep.startedAt,
          lastSweepPages: sweep.pages,
          lastSweepRuns: sweep.runs ?? 1,
          // A warehouse that completed passes before relsync kept this holds no row known to be new.
          firstPassAt: cp.firstPassAt ?? (cp.lastSweepCompletedAt === null ? env.clock() : null),
          // The pass an upgrade asked for is this one; a held pass's deletions are this one's.
          due: null,
          heldPass: null,
          // (or from where the feed, read before each later part of a spread pass, got past that)
          highWater: read.between ? laterHighWater(cp.highWater, sweep.startedAt) : cp.highWater,
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

/** The feed's mark if it is past the sweep's start, else the start: what the feed read since, it need not read again. */
function laterHighWater(feed: HighWater | null, startedAt: string): HighWater {
  return feed !== null && Date.parse(feed.at) > Date.parse(startedAt) ? feed : { at: startedAt, id: null };
}
