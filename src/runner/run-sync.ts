import { randomUUID } from 'node:crypto';
import { errorMessage } from '../errors.ts';
import { analyzeChangedTablesSafely } from '../load/analyze.ts';
import type { Db } from '../load/db.ts';
import { fatalDatabaseError, writeLockHeldError } from '../load/db-errors.ts';
import { DEFAULT_RECORD_RUN_ATTEMPTS } from '../defaults.ts';
import { deriveSystemFieldTypes } from '../load/write/derive-system-fields.ts';
import { linkTranscriptNotes } from '../load/write/derive-transcript-notes.ts';
import { refreshViewsSafely } from '../load/views/refresh.ts';
import type { Logger } from '../log.ts';
import { acquireWriterLock } from '../state/lock.ts';
import { finishRun, unfinishedFullSince, markAbandonedRuns, startRun, type RunSummary, type StreamRunStats } from '../state/runs.ts';
import { metadataToReread } from './metadata-reread.ts';
import { prepareRun } from './run-levels.ts';
import type { SyncMode } from './run-stream.ts';
import { summarize } from './run-summary.ts';
import type { SyncOptions } from './sync-options.ts';

export type { StreamEvent, SyncMode } from './run-stream.ts';
export type { SyncOptions } from './sync-options.ts';

export interface SyncResult {
  runId: string;
  summary: RunSummary;
}

/**
 * finishRun, tried again while another program holds SQLite's write lock (each try waits out busy_timeout):
 * a run stopped by that lock still closes its row once the holder lets go, instead of staying `running`.
 */
async function recordOutcome(db: Db, runId: string, summary: RunSummary): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await finishRun(db.kysely, runId, summary);
    } catch (err) {
      if (attempt >= DEFAULT_RECORD_RUN_ATTEMPTS || writeLockHeldError(err, db.describe) === null) throw err;
    }
  }
}

/**
 * An incremental run after an unfinished `sync --full` carries the full sync on (state/runs.ts
 * unfinishedFullSince), reading only the partitions that full sync has not completed.
 */
async function resumedMode(opts: SyncOptions, db: Db, log: Logger): Promise<{ mode: SyncMode; fullSince?: string }> {
  const since = opts.mode === 'incremental' && opts.hintedSince === undefined ? await unfinishedFullSince(db.kysely) : null;
  if (since === null) return { mode: opts.mode };
  log.warn({ fullSince: since }, 'the last run was a full sync that did not finish: this run carries it on as a full sync');
  return { mode: 'full', fullSince: since };
}

/**
 * One run: take the writer lock, run the streams level by level in dependency order (streams of a level
 * in parallel, partitions bounded by a queue), record the run, release the lock. Of the sources of a
 * capability only the chosen one runs (run-source.ts). One failing stream does not stop the others; an
 * error that no stream can survive (failure-policy.ts) stops the run and is rethrown after the run
 * is recorded.
 */
export async function runSync(opts: SyncOptions): Promise<SyncResult> {
  const { db, client } = opts;
  const now = opts.now ?? (() => new Date());
  const runId = randomUUID();
  const log = opts.log.child({ runId });
  const startedAt = now();
  const lock = await acquireWriterLock(db, `${opts.command ?? 'sync'} ${runId}`);
  const streamStats: Record<string, StreamRunStats> = {};
  let fatal: unknown = null;
  let viewsNotRefreshed: string[] = [];
  try {
    const abandoned = await markAbandonedRuns(db.kysely, startedAt.toISOString());
    if (abandoned > 0) log.warn({ abandoned }, 'earlier runs ended without finishing; marked interrupted');
    const { mode, fullSince } = await resumedMode(opts, db, log);
    await startRun(db.kysely, { id: runId, command: opts.command ?? 'sync', mode, startedAt: startedAt.toISOString() });
    const run = await prepareRun({ ...opts, mode, ...(fullSince ? { fullSince } : {}) }, runId, log, streamStats, now);
    await run.levels(opts.streams, mode);
    const again = run.fatal() || mode !== 'incremental' ? [] : await metadataToReread(db, opts.streams, streamStats, startedAt.toISOString(), log);
    if (again.length > 0) await run.levels(again, 'full');
    fatal = run.fatal();
    if (!fatal) await run.book.flush();
    // Links read from one side and stored on the other, once every stream has written (load/write/derive-transcript-notes.ts).
    if (!fatal) {
      const linked = await linkTranscriptNotes(db);
      if (linked > 0) log.debug({ transcripts: linked }, 'transcript notes linked');
      const typed = await deriveSystemFieldTypes(db);
      if (typed > 0) log.debug({ fields: typed }, 'system field types derived');
      // Under the lock, never before it: the wide list views follow the lists and fields (a refresh with nothing
      // new changes nothing). Before the summary's clock stops, so its duration is the run's whole time.
      viewsNotRefreshed = await refreshViewsSafely(db, log);
      // PostgreSQL plans the views from table statistics: a big sync leaves them stale (load/analyze.ts).
      await analyzeChangedTablesSafely(db, log);
    }
  } catch (err) {
    // An error outside the stream loop (the run record could not be started, …) ends the run as failed and
    // is rethrown below once the run is recorded and the lock released.
    fatal ??= fatalDatabaseError(err) ?? err;
  }
  const summary = summarize(fatal, streamStats, client, startedAt, now(), viewsNotRefreshed);
  // When the warehouse itself is failing (disk full), recording the run can fail too: that must not
  // hide the error that stopped the run. A lock row left behind is taken over by the next run.
  try {
    await recordOutcome(db, runId, summary);
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
