import { z } from 'zod';
import { ApiError } from '../extract/http/errors.ts';
import { V2_IDS_BATCH } from '../extract/limits.ts';
import type { InvalidRecord } from '../extract/pager.ts';
import type { Checkpoint } from '../state/checkpoint.ts';
import type { AnyStream, IdsRead, Partition } from '../streams/define.ts';
import { DEFAULT_ID_CHUNK } from '../defaults.ts';
import { collectIds, fixedIds, unionIds } from '../planner/id-chunks.ts';
import type { ReadEnv } from './env.ts';
import { goneOnEvidence, mergedAway, notFoundMissing, type GoneFacts } from './failure-policy.ts';
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
 * and counts as read, so neither the pending list nor a tier's share asks for it again every run. A read
 * with `goneFrom` soft-deletes it, a hot tier's period after the delete at most, not a whole entity sweep
 * later, but only on the failure policy's evidence (`goneOnEvidence`): the read answered a record in this
 * run and the cheap source no longer lists it; until then it stays pending. Its second read asks once,
 * without the lag's retries. Only the service's record-level not-found counts as missing at all.
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

  // Ids missing again this run, kept pending until the failure policy's evidence is in (`goneOnEvidence`): the
  // read answering a record in this run, and the cheap source's word. Each with when its 404 came.
  const candidates = new Map<number, string>();
  let readAnswered = false;

  /** The candidates the evidence proves gone: they leave `pendingIds`; the rest are asked again next run. */
  const settle = async (): Promise<number[]> => {
    if (!read.goneFrom || candidates.size === 0) return [];
    const asked = [...candidates.keys()];
    // The read itself, or another read of its interface, answered a record this run: the interface works.
    const answered = readAnswered || (env.interfaceAnswered?.(read.request(asked.slice(0, 1), p).path) ?? false);
    if (!answered && !read.confirmGone) return [];
    const words = await confirmGone(read, asked, env);
    const gone = asked.filter((id) => goneOnEvidence({ missingBefore: true, readAnswered: answered, confirmed: words.get(id) ?? 'unknown' }));
    const kept = asked.length - gone.length;
    if (kept > 0) log.warn({ ids: kept }, 'records missing from their read but not shown gone by the cheap source: kept, asked again next run');
    if (gone.length > 0) log.info({ ids: gone.length }, 'records still missing a run later, and confirmed: gone, not asked for again');
    for (const id of gone) pending.delete(id);
    candidates.clear();
    return gone;
  };

  /** Ids the service answered with a record-level not-found: pending, candidates for deletion, or dropped. */
  const missingIds = (err: unknown, ids: number[], batchStart: string): void => {
    // Only the service's record-level not-found may say a record is missing; a route it does not serve,
    // a foreign or non-JSON body is the stream's error, for the failure policy (never evidence).
    if (!notFoundMissing(err)) throw err;
    // Still invisible after the lag window: try again next run, never drop it silently. Missing again in
    // a later run: a read that deletes waits for the evidence (`settle`); one that does not stops asking.
    for (const id of ids) {
      if (read.goneFrom || !earlier.has(id)) pending.add(id);
      else pending.delete(id);
      if (read.goneFrom && earlier.has(id)) candidates.set(id, candidates.get(id) ?? batchStart);
    }
    const dropped = read.goneFrom ? [] : ids.filter((id) => earlier.has(id));
    const waiting = ids.filter((id) => !earlier.has(id)).length;
    if (waiting > 0) log.warn({ ids: waiting }, 'records not readable yet; kept for the next run');
    if (dropped.length > 0) log.info({ ids: dropped.length }, 'records still missing a run later: gone, not asked for again');
  };

  return {
    hasMore: () => at < wanted.length,
    async next(): Promise<Fetched<unknown>> {
      const ids = Array.from(wanted.subarray(at, at + read.batchSize));
      at += ids.length;
      const batchStart = env.clock();
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
        readAnswered = true;
        for (const id of ids) pending.delete(id);
      } catch (err) {
        // A single read of a record merged away answers 422 naming the survivor: its set is the survivor's
        // now and the merges stream re-keys the record, so it is read, not pending, and not the stream's
        // failure (the month bench's company merges left whole runs partial).
        if (!mergedAway(err, ids)) missingIds(err, ids, batchStart);
        else {
          pending.delete(err.oldId);
          log.info({ id: err.oldId, into: err.newId }, "record merged away: its set is its survivor's");
        }
      }
      const since = [...candidates.values()].sort()[0] ?? batchStart;
      const gone = await settle();
      const prev = state.sweep ?? sweep;
      state = {
        ...state,
        sweep: { ...prev, token: String(ids[ids.length - 1]), pages: prev.pages + 1, records: prev.records + records.length },
        pendingIds: [...pending],
      };
      // Which ids came back: a batch lookup silently omits ids it cannot serve yet.
      const got = new Set(records.map((r) => (r as { id?: unknown }).id).filter((x): x is number => typeof x === 'number'));
      const missing = read.batchSize > 1 ? ids.filter((id) => !got.has(id)) : ids.filter((id) => pending.has(id));
      const done = [...ids.filter((id) => !missing.includes(id)), ...gone.filter((id) => !ids.includes(id))];
      // Ids a batch lookup left out, to be asked about one by one (IdsRead.unseen).
      const unseen = read.batchSize > 1 ? read.unseen : undefined;
      return {
        records,
        raws,
        invalid,
        page: { partition: p, ids, initialRead: false },
        checkpoint: state,
        ...(read.consumes ? { consumed: { kind: read.consumes, done, missing, since: batchStart } } : {}),
        ...(read.remembers ? { read: { kind: read.remembers, ids: done } } : {}),
        ...(read.goneFrom && gone.length > 0 ? { gone: { table: read.goneFrom, ids: gone, since } } : {}),
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

/** What a confirming lookup needs of each record it lists: its id. */
const LISTED = z.looseObject({ id: z.number() });

/**
 * Ask the read's cheap source (IdsRead.confirmGone, 100 ids a call) which of `ids` it still lists. A source
 * that fails says nothing (`unknown`): the records stay, and are asked for again next run.
 */
async function confirmGone(read: IdsRead<unknown>, ids: readonly number[], env: ReadEnv): Promise<Map<number, GoneFacts['confirmed']>> {
  const words = new Map<number, GoneFacts['confirmed']>();
  if (!read.confirmGone) {
    for (const id of ids) words.set(id, 'no-source');
    return words;
  }
  for (let i = 0; i < ids.length; i += V2_IDS_BATCH) {
    const chunk = ids.slice(i, i + V2_IDS_BATCH);
    const listed = new Set<unknown>();
    try {
      const source = env.pageSources(read.confirmGone(chunk), LISTED, null);
      while (!source.done) {
        const page = await source.next();
        for (const r of [...page.records, ...page.invalid.map((x) => x.raw)]) listed.add((r as { id?: unknown } | null)?.id);
      }
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      for (const id of chunk) words.set(id, 'unknown');
      continue;
    }
    for (const id of chunk) words.set(id, listed.has(id) ? 'present' : 'absent');
  }
  return words;
}
