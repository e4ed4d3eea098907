import type PQueue from 'p-queue';
import { errorMessage, redact } from '../errors.ts';
import { fatalDatabaseError } from '../load/db-errors.ts';
import { readCheckpoint, type Checkpoint } from '../state/checkpoint.ts';
import type { StreamModeCode, StreamRunStats } from '../state/runs.ts';
import { WHOLE, type AnyStream, type Partition } from '../streams/define.ts';
import type { ReadEnv } from './env.ts';
import { readPartition, type ReadMode, type ReadOutcome } from './page-loop.ts';
import type { PageAllowance } from '../budget/run-budget.ts';
import type { FailureAction, RunPolicy } from './failure-policy.ts';
import { sweepInterval } from '../budget/sweep-period.ts';
import { passIntervalMs, passLeadMs, sweepDue } from './stream-order.ts';
import { skipReason } from '../planner/selection.ts';

export type SyncMode = 'full' | 'incremental' | 'backfill';

export interface StreamEvent {
  kind: 'stream-start' | 'stream-end';
  stream: string;
  partitions: number;
  stats?: StreamRunStats;
}

export interface StreamRunOptions {
  mode: SyncMode;
  /** backfill --since: feeds re-read from this instant. */
  since?: string;
  /** A full run carrying an unfinished one on: a partition whose sweep completed, begun since this instant, is done. */
  fullSince?: string;
  now: () => Date;
  onStream?: (e: StreamEvent) => void;
  /** What the run does about an error (failure-policy.ts): stop, fall back, skip with one line, or fail the stream. */
  policy: RunPolicy;
  /** Streams swept every `sweeps.feedless` because the feed that would spare their sweeps is refused (planner/source-book.ts). */
  sweptWithoutFeed?: (name: string) => string | null;
  /** Incremental runs: the page allowance of a periodic stream (budget/run-budget.ts), shared by its partitions. */
  allowance?: (name: string) => PageAllowance | null;
  /** Incremental runs: the schedule's mean interval, so a pass is read by the last run before it would be late (sweepDue). */
  runIntervalMs?: number;
}

/** The partition's last sweep completed and began at or after `since` (a full sync being carried on read it). */
function sweptSince(cp: Checkpoint, since: string): boolean {
  return cp.sweep === null && cp.due === null && cp.lastSweepCompletedAt !== null && Date.parse(cp.lastSweepCompletedAt) >= Date.parse(since);
}

/** Per partition: a full read (sweep, ids, or a feed-only stream's feed), the between-sweeps feed, or nothing. */
async function planPartitions(
  def: AnyStream,
  partitions: Partition<unknown>[],
  env: ReadEnv,
  opts: StreamRunOptions,
): Promise<Array<{ p: Partition<unknown>; mode: ReadMode }>> {
  const read = def.read;
  const backfill = opts.mode === 'backfill';
  const from = backfill ? (opts.since !== undefined ? { at: opts.since, id: null } : null) : undefined;
  const sweep = { restart: backfill, ...(backfill ? { params: { mode: 'backfill', since: opts.since ?? '' } } : {}) };
  // A refused update feed leaves its sweep as the only change signal: swept more often, never every run.
  const refusedFeed = opts.mode === 'incremental' && read.kind === 'sweep' ? (opts.sweptWithoutFeed?.(def.name) ?? null) : null;
  // Targeted re-reads of what the change log marked run every run, whatever their group: no marks, no calls.
  const every = read.kind === 'ids' && read.consumes ? 0 : sweepInterval(env.ctx.config, def.name, def.group, refusedFeed !== null);
  const work: Array<{ p: Partition<unknown>; mode: ReadMode }> = [];
  for (const p of partitions) {
    if (read.kind === 'feed') {
      work.push({ p, mode: { how: 'read', sweep, ...(from !== undefined ? { from } : {}) } });
      continue;
    }
    const { checkpoint } = await readCheckpoint(env.db.kysely, def.name, p.key);
    if (opts.fullSince !== undefined && sweptSince(checkpoint, opts.fullSince)) continue;
    const share = opts.mode === 'incremental' && read.kind === 'sweep' ? (opts.allowance?.(def.name) ?? null) : null;
    const cap = share?.cap ?? null;
    const lead = opts.runIntervalMs === undefined ? 0 : passLeadMs(checkpoint, cap, opts.runIntervalMs);
    const interval = passIntervalMs(checkpoint, every, share?.periodMs ?? null, opts.runIntervalMs ?? 0);
    const due = sweepDue(checkpoint, interval, opts.now(), opts.runIntervalMs, lead);
    if (refusedFeed && due)
      env.log.info(
        { stream: def.name, partition: p.key || undefined, plan: 'sweep', refusedFeed, everyMs: every },
        'the update feed is refused by the service: swept on sweeps.feedless instead',
      );
    const forced = opts.mode === 'incremental' && read.kind === 'sweep' && read.sweepWhen ? await read.sweepWhen(env.ctx, p) : false;
    if (forced)
      env.log.info({ stream: def.name, partition: p.key || undefined, plan: 'sweep' }, 'planner: a sweep costs no more than targeted re-reads of what changed');
    // A pass an upgrade made due is read at once, like a first pass: until it completes, old rows lack what new code writes.
    const allowance = opts.mode === 'incremental' && !forced && !checkpoint.due ? (opts.allowance?.(def.name) ?? null) : null;
    // The feed a sweep stream follows from its mark between passes.
    const feeds = read.kind === 'sweep' && read.between !== undefined && checkpoint.highWater !== null;
    // A pass spread over runs reads oldest first: its feed goes on before each later part, or what is new
    // would wait for the pass's last page (days, when the budget stretches it).
    const feedFirst = opts.mode === 'incremental' && feeds && checkpoint.sweep !== null && !refusedFeed;
    if (opts.mode !== 'incremental' || forced || due)
      work.push({ p, mode: { how: 'read', sweep, ...(allowance ? { allowance } : {}), ...(feedFirst ? { feedFirst: true as const } : {}) } });
    else if (feeds) work.push({ p, mode: { how: 'between', ...(from !== undefined ? { from } : {}) } });
  }
  return work;
}

/**
 * What the stream will do this run, as a code (state/runs.ts; words: cli/format/stream-words.ts): a feed read follows the
 * feed from its high-water mark in every mode (so `sync --full` never calls it "incremental"), `between` is the
 * feed a sweep stream follows between its sweeps, `marked` the re-read of what the change log marked.
 */
function describeWork(def: AnyStream, partitions: number, work: ReadonlyArray<{ mode: ReadMode }>): StreamModeCode {
  if (work.length === 0) return partitions === 0 ? 'nothing to read' : 'not due';
  if (def.read.kind === 'feed') return 'feed';
  if (def.read.kind === 'ids' && def.read.consumes) return 'marked';
  const between = work.filter((w) => w.mode.how === 'between').length;
  if (between === work.length) return 'between';
  return between > 0 ? 'mixed' : 'sweep';
}

/** One partition's work: a later part of a spread pass reads the feed first, then the pass (one after the other: one checkpoint). */
async function readWork(def: AnyStream, p: Partition<unknown>, env: ReadEnv, mode: ReadMode, stats: StreamRunStats): Promise<ReadOutcome> {
  if (mode.how === 'read' && mode.feedFirst) {
    const fed = await readPartition(def, p, env, { how: 'between' }, stats);
    if (fed === 'interrupted') return fed;
  }
  return readPartition(def, p, env, mode, stats);
}

/**
 * Run one stream: decide per partition what to read, read the partitions through the shared queue,
 * and record what happened in `stats` (counted page by page, so a failure still shows its pages).
 * A failing partition fails the stream; errors that stop the whole run are rethrown, any other is
 * returned (null when the stream did not fail) so the caller can tell a refusal from a failure.
 */
export async function runStream(def: AnyStream, env: ReadEnv, queue: PQueue, opts: StreamRunOptions, stats: StreamRunStats): Promise<unknown> {
  const stops = (err: unknown) => opts.policy.decide(err, def, stats.pages) === 'stop-run';
  const log = env.log.child({ stream: def.name });
  const started = opts.now().getTime();
  const skip = skipReason(def, env.ctx.config);
  if (skip) {
    stats.status = 'skipped';
    Object.assign(stats, skip);
    log.info({ reason: skip.mode, ...(skip.needsApiVersion ? { needsApiVersion: skip.needsApiVersion } : {}) }, 'stream skipped');
    return null;
  }
  try {
    const partitions = def.read.partitions ? await def.read.partitions(env.ctx) : [WHOLE];
    opts.onStream?.({ kind: 'stream-start', stream: def.name, partitions: partitions.length });
    const work = await planPartitions(def, partitions, env, opts);
    stats.mode = describeWork(def, partitions.length, work);
    let firstError: unknown = null;
    let firstAction: FailureAction = 'fail-stream';
    await Promise.all(
      work.map(({ p, mode }) =>
        queue.add(async () => {
          // After a stopping error, or one the caller reports in its own words (a refusal, a permission denial:
          // the other partitions would get the same answer), read no more.
          if (firstError && firstAction !== 'fail-stream') return;
          try {
            if ((await readWork(def, p, env, mode, stats)) === 'interrupted') stats.status = 'interrupted';
          } catch (caught) {
            const err = fatalDatabaseError(caught) ?? caught;
            const action = opts.policy.decide(err, def, stats.pages);
            if (action === 'interrupted') {
              stats.status = 'interrupted';
              return;
            }
            if (!firstError) [firstError, firstAction] = [err, action];
            if (action === 'stop-run') throw err;
            if (action === 'fail-stream')
              log.error({ partition: p.key || undefined, err: redact(errorMessage(err), [env.ctx.config.apiKey]) }, 'partition failed; other streams go on');
          }
        }),
      ),
    );
    if (firstError) throw firstError;
    return null;
  } catch (err) {
    if (opts.policy.decide(err, def, stats.pages) === 'interrupted') {
      stats.status = 'interrupted';
      return null;
    }
    stats.status = 'failed';
    stats.error = redact(errorMessage(err), [env.ctx.config.apiKey]);
    if (stops(err)) throw err;
    return err;
  } finally {
    stats.durationMs = opts.now().getTime() - started;
    opts.onStream?.({ kind: 'stream-end', stream: def.name, partitions: 0, stats });
  }
}
