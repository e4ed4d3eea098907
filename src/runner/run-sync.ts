import { randomUUID } from 'node:crypto';
import PQueue from 'p-queue';
import type { Config } from '../config/schema.ts';
import { UserError, errorMessage, redact } from '../errors.ts';
import type { Logger } from '../log.ts';
import type { Db } from '../load/db.ts';
import { fatalDatabaseError } from '../load/db-errors.ts';
import type { AffinityClient } from '../extract/http/client.ts';
import { ApiError } from '../extract/http/errors.ts';
import { WHOLE, type Partition, type StreamDef } from '../extract/stream.ts';
import { readCheckpoint } from '../state/checkpoint.ts';
import { acquireWriterLock } from '../state/lock.ts';
import { finishRun, markAbandonedRuns, startRun, type RunStatus, type RunSummary, type StreamRunStats } from '../state/runs.ts';
import { compareVersions, dependencyLevels, sweepDue, sweepInterval } from './plan.ts';
import { followHighWater } from './run-high-water.ts';
import { sweepIds } from './run-ids.ts';
import { sweepPartition, type StreamHooks, type StreamRunEnv } from './run-stream.ts';

export type SyncMode = 'full' | 'incremental' | 'backfill';

export interface StreamEvent {
  kind: 'stream-start' | 'stream-end';
  stream: string;
  partitions: number;
  stats?: StreamRunStats;
}

export interface SyncOptions {
  db: Db;
  client: AffinityClient;
  config: Config;
  log: Logger;
  streams: readonly StreamDef[];
  mode: SyncMode;
  command?: string;
  hooks?: StreamHooks & { onStream?: (e: StreamEvent) => void };
  /** backfill --since: feed streams re-read from this instant. */
  since?: string;
  now?: () => Date;
}

export interface SyncResult {
  runId: string;
  summary: RunSummary;
}

/**
 * Errors after which no other stream can succeed either: stop the run, keep what is committed. An API error
 * answers for itself from the failure table (a bad key, an unreachable API, the monthly budget), and is never
 * read as a database error even when its cause is a socket error with a driver-like code.
 */
export function stopsTheRun(err: unknown): boolean {
  if (err instanceof ApiError) return err.stopsRun;
  // A raw driver error, or the UserError that fatalDatabaseError made of one.
  const raw = err instanceof UserError ? err.cause : err;
  if (raw !== undefined && fatalDatabaseError(raw) !== null) return true;
  return (err as { abortRun?: boolean } | null)?.abortRun === true;
}

export async function runSync(opts: SyncOptions): Promise<SyncResult> {
  const { db, client, config } = opts;
  const now = opts.now ?? (() => new Date());
  const runId = randomUUID();
  const log = opts.log.child({ runId });
  const startedAt = now();
  const lock = await acquireWriterLock(db, `${opts.command ?? 'sync'} ${runId}`);
  const streamStats: Record<string, StreamRunStats> = {};
  const errors: Array<{ stream: string; message: string }> = [];
  let fatal: unknown = null;
  try {
    const abandoned = await markAbandonedRuns(db.kysely, startedAt.toISOString());
    if (abandoned > 0) log.warn({ abandoned }, 'earlier runs ended without finishing; marked interrupted');
    await startRun(db.kysely, { id: runId, command: opts.command ?? 'sync', mode: opts.mode, startedAt: startedAt.toISOString() });
    const env: StreamRunEnv = {
      db, client, log, runId, ctx: { db, config },
      clock: () => now().toISOString(),
      hooks: opts.hooks ?? {},
    };
    // The client's queue bounds HTTP concurrency; this bounds how many partitions are in flight.
    const queue = new PQueue({ concurrency: Math.max(1, config.concurrency) });
    for (const level of dependencyLevels(opts.streams)) {
      if (fatal) break;
      await Promise.all(level.map((def) => runOneStream(def, env, queue, opts, streamStats, errors).catch((err: unknown) => {
        if (stopsTheRun(err)) fatal ??= err;
      })));
    }
  } finally {
    const finishedAt = now();
    const failed = Object.values(streamStats).filter((s) => s.status === 'failed').length;
    const interrupted = Object.values(streamStats).some((s) => s.status === 'interrupted');
    const status: RunStatus = fatal ? 'failed' : interrupted ? 'interrupted' : failed === 0 ? 'succeeded' : failed === Object.keys(streamStats).length ? 'failed' : 'partial';
    const summary: RunSummary = {
      status,
      finishedAt: finishedAt.toISOString(),
      durationMs: finishedAt.getTime() - startedAt.getTime(),
      callsTotal: client.totalCalls(),
      rowsTotal: Object.values(streamStats).reduce((n, s) => n + s.rows, 0),
      streams: streamStats,
      calls: client.counts(),
      errors,
      rateBudget: client.budget.snapshot(),
    };
    // When the warehouse itself is failing (disk full), recording the run can fail too: that must not
    // hide the error that stopped the run. A lock row left behind is taken over by the next run.
    try {
      await finishRun(db.kysely, runId, summary);
    } catch (err) {
      log.error({ err: errorMessage(err) }, 'could not record the run in sync_runs');
      fatal ??= fatalDatabaseError(err) ?? err;
    }
    try {
      await lock.release();
    } catch (err) {
      log.warn({ err: errorMessage(err) }, 'could not release the writer lock; the next run takes it over');
    }
    if (fatal) throw fatal;
    return { runId, summary };
  }
}

async function runOneStream(
  def: StreamDef,
  env: StreamRunEnv,
  queue: PQueue,
  opts: SyncOptions,
  statsOut: Record<string, StreamRunStats>,
  errors: Array<{ stream: string; message: string }>,
): Promise<void> {
  const { config } = opts;
  const log = env.log.child({ stream: def.name });
  const started = Date.now();
  const stats: StreamRunStats = { status: 'succeeded', mode: opts.mode === 'incremental' ? 'sweep-if-due' : 'sweep', pages: 0, records: 0, rows: 0, invalid: 0, softDeleted: 0, calls: 0, durationMs: 0 };
  statsOut[def.name] = stats;
  if (def.enabled && !def.enabled(config)) {
    stats.status = 'skipped';
    stats.mode = 'disabled in config';
    return;
  }
  if (def.minApiVersion && compareVersions(config.apiVersion, def.minApiVersion) < 0) {
    stats.status = 'skipped';
    stats.mode = `needs API version ${def.minApiVersion}`;
    log.info({ minApiVersion: def.minApiVersion, apiVersion: config.apiVersion }, 'stream skipped: API version too old');
    return;
  }
  try {
    const partitions: Partition[] = def.partitions ? await def.partitions(env.ctx) : [WHOLE];
    opts.hooks?.onStream?.({ kind: 'stream-start', stream: def.name, partitions: partitions.length });
    const interval = sweepInterval(config, def.name, def.group);
    // Per partition: a sweep (full read), a feed pass from the high-water mark, or nothing.
    const work: Array<{ p: Partition; how: 'sweep' | 'feed' }> = [];
    for (const p of partitions) {
      const { checkpoint } = await readCheckpoint(env.db.kysely, def.name, p.key);
      const feedOnly = def.highWater?.only === true;
      const forced = opts.mode === 'incremental' && def.sweepWhen ? await def.sweepWhen(env.ctx, p) : false;
      if (forced) log.info({ partition: p.key || undefined, plan: 'sweep' }, 'planner: a sweep costs no more than targeted re-reads of what changed');
      const due = opts.mode !== 'incremental' || forced || sweepDue(checkpoint, interval, new Date());
      if (feedOnly) work.push({ p, how: 'feed' });
      else if (due) work.push({ p, how: 'sweep' });
      else if (def.highWater && checkpoint.highWater) work.push({ p, how: 'feed' });
    }
    stats.mode = work.length === 0 ? 'not due' : work.every((w) => w.how === 'feed') ? 'incremental' : work.some((w) => w.how === 'feed') ? 'mixed' : 'sweep';
    const due = work;
    let firstError: unknown = null;
    await Promise.all(due.map(({ p, how }) => queue.add(async () => {
      if (firstError && stopsTheRun(firstError)) return;
      try {
        const restart = opts.mode === 'backfill';
        const r = how === 'feed'
          ? await followHighWater(def, p, env, restart ? { from: opts.since !== undefined ? { at: opts.since, id: null } : null } : {})
          : await (def.byIds ? sweepIds : sweepPartition)(def, p, env, { restart, ...(restart ? { params: { mode: 'backfill', since: opts.since ?? '' } } : {}) });
        stats.pages += r.pages;
        stats.records += r.records;
        stats.rows += r.rows;
        stats.invalid += r.invalid;
        stats.softDeleted += r.softDeleted;
        if (!r.completed) stats.status = 'interrupted';
      } catch (caught) {
        const err = fatalDatabaseError(caught) ?? caught;
        firstError ??= err;
        if (stopsTheRun(err)) throw err;
        log.error({ partition: p.key || undefined, err: redact(errorMessage(err), [config.apiKey]) }, 'partition failed; other streams go on');
      }
    })));
    if (firstError) throw firstError;
  } catch (err) {
    stats.status = 'failed';
    stats.error = redact(errorMessage(err), [config.apiKey]);
    errors.push({ stream: def.name, message: stats.error });
    if (stopsTheRun(err)) throw err;
  } finally {
    stats.calls = stats.pages;
    stats.durationMs = Date.now() - started;
    opts.hooks?.onStream?.({ kind: 'stream-end', stream: def.name, partitions: 0, stats });
  }
}
