import { NotFoundError } from '../extract/http/errors.ts';
import type { InvalidRecord } from '../extract/pager.ts';
import type { Checkpoint } from '../state/checkpoint.ts';
import type { AnyStream, IdsRead, Partition } from '../streams/define.ts';
import { DEFAULT_ID_CHUNK } from '../defaults.ts';
import { collectIds, fixedIds, unionIds } from '../planner/id-chunks.ts';
import type { ReadEnv } from './env.ts';
import { resumeOrStart, type Fetched, type Reader, type SweepOptions } from './reader.ts';

/** A ranked read's ids, then the ids kept from earlier runs that it does not name. */
function withPending(ranked: Float64Array, pendingIds: readonly number[]): Float64Array {
  const named = new Set(ranked);
  const extra = pendingIds.filter((id) => !named.has(id));
  if (extra.length === 0) return ranked;
  const out = new Float64Array(ranked.length + extra.length);
  out.set(ranked);
  out.set(extra, ranked.length);
  return out;
}

/**
 * Read a set of ids in ascending batches; one batch (all of its pages) is one commit. The checkpoint's
 * token is the last id committed, so a crash resumes after it. A `ranked` read goes in its own order
 * instead, recomputed when it resumes (what it read is remembered with the rows, see IdsRead.ranked). An
 * id that answers 404 through the whole read-after-create window is kept in `pendingIds` for the next
 * run instead of being dropped: it may be a record created moments ago. If it answers 404 again in that
 * later run, long past any such lag, the record is gone (deleted or merged away): it leaves `pendingIds`
 * and counts as read, so neither the pending list nor a tier's share asks for it again every run, and a
 * read with `goneFrom` soft-deletes it with that page, a hot tier's period after the delete at most, not
 * a whole entity sweep later. Its second read asks once, without the lag's retries.
 */
export async function idsReader(
  def: AnyStream,
  read: IdsRead<unknown>,
  p: Partition<unknown>,
  cp: Checkpoint,
  env: ReadEnv,
  opts: SweepOptions,
): Promise<Reader<unknown>> {
  const log = env.log.child({ stream: def.name, partition: p.key || undefined });
  const { sweep, resumed } = resumeOrStart(cp, opts, env.clock());
  // Below every id (a bound both databases take as a parameter, unlike -Infinity).
  const after = sweep.token === null ? Number.MIN_SAFE_INTEGER : Number(sweep.token);
  // A pass an upgrade made due reads every set (still hot first), not a tier's share of it: run-stream.ts
  // likewise lifts the run's allowance for it. Until it completes, old rows lack what new code writes.
  const ctx = cp.due !== null ? { ...env.ctx, tierCaps: undefined } : env.ctx;
  // The set is fixed when the read starts (what later pages write does not change it), fetched in chunks
  // and kept as a typed array: never the whole set as query rows on the heap.
  const ranked = read.ranked ? await read.ranked(ctx, p) : null;
  const wanted = ranked
    ? withPending(ranked, cp.pendingIds)
    : await collectIds(unionIds(await read.ids(env.ctx, p), fixedIds(cp.pendingIds)), after, DEFAULT_ID_CHUNK);
  log.info({ ids: wanted.length, batchSize: read.batchSize, calls: Math.ceil(wanted.length / read.batchSize), resumed }, 'reading records by id');
  const pending = new Set(resumed ? cp.pendingIds : []);
  // Ids that already answered 404 through the lag window in an earlier run.
  const earlier = new Set(cp.pendingIds);
  let state: Checkpoint = { ...cp, sweep };
  let at = 0;

  return {
    hasMore: () => at < wanted.length,
    async next(): Promise<Fetched<unknown>> {
      const ids = Array.from(wanted.subarray(at, at + read.batchSize));
      at += ids.length;
      const batchStart = env.clock();
      let gone: number[] = [];
      const records: unknown[] = [];
      const raws: unknown[] = [];
      const invalid: InvalidRecord[] = [];
      try {
        const source = env.pageSources({ ...read.request(ids, p), expectExists: !ids.every((id) => earlier.has(id)) }, def.schema, null);
        while (!source.done) {
          const page = await source.next();
          records.push(...page.records);
          raws.push(...(page.raw ?? page.records));
          invalid.push(...page.invalid);
        }
        for (const id of ids) pending.delete(id);
      } catch (err) {
        if (!(err instanceof NotFoundError)) throw err;
        // Still invisible after the lag window: try again next run, never drop it silently. Missing again
        // in a later run: gone, read as such (module comment).
        gone = ids.filter((id) => earlier.has(id));
        for (const id of ids) {
          if (earlier.has(id)) pending.delete(id);
          else pending.add(id);
        }
        if (gone.length < ids.length) log.warn({ ids: ids.length - gone.length }, 'records not readable yet; kept for the next run');
        if (gone.length > 0) log.info({ ids: gone.length }, 'records still missing a run later: gone, not asked for again');
      }
      const prev = state.sweep ?? sweep;
      state = {
        ...state,
        sweep: { ...prev, token: String(ids[ids.length - 1]), pages: prev.pages + 1, records: prev.records + records.length },
        pendingIds: [...pending],
      };
      // Which ids came back: a batch lookup silently omits ids it cannot serve yet.
      const got = new Set(records.map((r) => (r as { id?: unknown }).id).filter((x): x is number => typeof x === 'number'));
      const missing = read.batchSize > 1 ? ids.filter((id) => !got.has(id)) : ids.filter((id) => pending.has(id));
      // Ids a batch lookup left out, to be asked about one by one (IdsRead.unseen).
      const unseen = read.batchSize > 1 ? read.unseen : undefined;
      return {
        records,
        raws,
        invalid,
        page: { partition: p, ids, initialRead: false },
        checkpoint: state,
        ...(read.consumes ? { consumed: { kind: read.consumes, done: ids.filter((id) => !missing.includes(id)), missing, since: batchStart } } : {}),
        ...(read.goneFrom && gone.length > 0 ? { gone: { table: read.goneFrom, ids: gone, since: batchStart } } : {}),
        ...(unseen && missing.length > 0 ? { marks: missing.map((id) => ({ kind: unseen, id })) } : {}),
        pageNumber: state.sweep?.pages ?? 0,
      };
    },
    finish() {
      return {
        checkpoint: {
          ...state,
          sweep: null,
          lastSweepCompletedAt: sweep.startedAt,
          lastSweepPages: state.sweep?.pages ?? 0,
          pendingIds: [...pending],
          due: null,
        },
      };
    },
  };
}
