import { randomUUID } from 'node:crypto';
import PQueue from 'p-queue';
import type { Config } from '../config/schema.ts';
import { errorMessage, redact } from '../errors.ts';
import type { AffinityClient } from '../extract/http/client.ts';
import { Pager } from '../extract/pager.ts';
import type { PageSource } from '../extract/page-source.ts';
import type { Db } from '../load/db.ts';
import { fatalDatabaseError } from '../load/db-errors.ts';
import { linkTranscriptNotes } from '../load/transcript-notes.ts';
import { refreshViewsSafely } from '../load/views/refresh.ts';
import type { Logger } from '../log.ts';
import { acquireWriterLock } from '../state/lock.ts';
import { finishRun, markAbandonedRuns, startRun, type RunStatus, type RunSummary, type StreamRunStats } from '../state/runs.ts';
import type { AnyStream } from '../streams/define.ts';
import type { ReadEnv, SourceFactory, StreamHooks } from './env.ts';
import { metadataToReread } from './metadata-reread.ts';
import { dependencyLevels } from './plan.ts';
import { runBudget } from './run-budget.ts';
import { permissionDenied } from './refusal.ts';
import { runAsSource } from './run-source.ts';
import { type StreamEvent, type SyncMode } from './run-stream.ts';
import { SourceBook } from './sources.ts';
import { stopsTheRun } from './stops-the-run.ts';

export type { StreamEvent, SyncMode } from './run-stream.ts';

export interface SyncOptions {
  db: Db;
  client: AffinityClient;
  config: Config;
  log: Logger;
  streams: readonly AnyStream[];
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

/** Pages over HTTP, counting the requests each stream makes (retries are the client's, not counted here). */
function countingSources(client: AffinityClient, stats: StreamRunStats): SourceFactory {
  return <T>(...[request, schema, token]: Parameters<SourceFactory>): PageSource<T> => {
    const pager = new Pager(client, request, schema, token) as Pager<T>;
    return {
      get done() {
        return pager.done;
      },
      get token() {
        return pager.token;
      },
      next: () => {
        stats.calls += 1;
        return pager.next();
      },
    };
  };
}

function newStats(mode: SyncMode): StreamRunStats {
  return {
    status: 'succeeded',
    mode: mode === 'incremental' ? 'sweep-if-due' : 'sweep',
    pages: 0,
    records: 0,
    rows: 0,
    invalid: 0,
    softDeleted: 0,
    calls: 0,
    durationMs: 0,
  };
}

function runStatus(fatal: unknown, stats: readonly StreamRunStats[]): RunStatus {
  if (fatal) return 'failed';
  if (stats.some((s) => s.status === 'interrupted')) return 'interrupted';
  const failed = stats.filter((s) => s.status === 'failed').length;
  return failed === 0 ? 'succeeded' : failed === stats.length ? 'failed' : 'partial';
}

/**
 * One run: take the writer lock, run the streams level by level in dependency order (streams of a level
 * in parallel, partitions bounded by a queue), record the run, release the lock. Of the sources of a
 * capability only the chosen one runs (run-source.ts). One failing stream does not stop the others; an error that no stream can survive stops the run and is rethrown after the run
 * is recorded.
 */
export async function runSync(opts: SyncOptions): Promise<SyncResult> {
  const { db, client, config } = opts;
  const now = opts.now ?? (() => new Date());
  const runId = randomUUID();
  const log = opts.log.child({ runId });
  const startedAt = now();
  const lock = await acquireWriterLock(db, `${opts.command ?? 'sync'} ${runId}`);
  const streamStats: Record<string, StreamRunStats> = {};
  let fatal: unknown = null;
  try {
    const abandoned = await markAbandonedRuns(db.kysely, startedAt.toISOString());
    if (abandoned > 0) log.warn({ abandoned }, 'earlier runs ended without finishing; marked interrupted');
    await startRun(db.kysely, { id: runId, command: opts.command ?? 'sync', mode: opts.mode, startedAt: startedAt.toISOString() });
    // The client's queue bounds HTTP concurrency; this bounds how many partitions are in flight.
    const queue = new PQueue({ concurrency: Math.max(1, config.concurrency) });
    const book = await SourceBook.load(db, opts.streams, config.reprobeRefusedAfter, now);
    const runHasRead = () => Object.values(streamStats).some((s) => s.pages > 0);
    // A 401 before anything was read is the key's (the run stops); after that it is one endpoint's (the stream is skipped).
    const stops = (err: unknown) => stopsTheRun(err) && !permissionDenied(err, runHasRead());
    const sweptWithoutFeed = (name: string) => book.sweptWithoutFeed(name);
    // Incremental runs spread periodic passes over their periods within the monthly budget (README "Calls under a monthly budget").
    const budget = opts.mode === 'incremental' ? await runBudget(db, config, opts.streams, sweptWithoutFeed, () => client.totalCalls(), log, now()) : null;
    const streamOpts = {
      mode: opts.mode,
      now,
      stops,
      sweptWithoutFeed,
      ...(budget ? { allowance: budget.allowanceFor } : {}),
      ...(opts.since !== undefined ? { since: opts.since } : {}),
      ...(opts.hooks?.onStream ? { onStream: opts.hooks.onStream } : {}),
    };
    const src = { book, streams: opts.streams, runHasRead, stats: streamStats };
    const runLevels = async (streams: readonly AnyStream[], mode: SyncMode) => {
      for (const level of dependencyLevels(streams)) {
        if (fatal) break;
        await Promise.all(
          level.map((def) => {
            const stats = (streamStats[def.name] ??= newStats(opts.mode));
            const env: ReadEnv = {
              db,
              log,
              runId,
              ctx: { db, config, now, ...(budget ? { tierCaps: budget.tierCaps } : {}) },
              clock: () => now().toISOString(),
              hooks: opts.hooks ?? {},
              sources: countingSources(client, stats),
            };
            return runAsSource(def, env, queue, { ...streamOpts, mode }, stats, src).catch((err: unknown) => {
              // Worded for a person here too: a failing warehouse may surface outside a page (source bookkeeping).
              if (stops(err)) fatal ??= fatalDatabaseError(err) ?? err;
              else Object.assign(stats, { status: 'failed', error: redact(errorMessage(err), [config.apiKey]) });
            });
          }),
        );
      }
    };
    await runLevels(opts.streams, opts.mode);
    const again = fatal || opts.mode !== 'incremental' ? [] : await metadataToReread(db, opts.streams, streamStats, startedAt.toISOString(), log);
    if (again.length > 0) await runLevels(again, 'full');
    // Links read from one side and stored on the other, once every stream has written (load/transcript-notes.ts).
    if (!fatal) {
      const linked = await linkTranscriptNotes(db);
      if (linked > 0) log.debug({ transcripts: linked }, 'transcript notes linked');
    }
  } catch (err) {
    // An error outside the stream loop (the run record could not be started, …) ends the run as failed and
    // is rethrown below once the run is recorded and the lock released.
    fatal ??= fatalDatabaseError(err) ?? err;
  }
  const finishedAt = now();
  const all = Object.entries(streamStats);
  const summary: RunSummary = {
    status: runStatus(
      fatal,
      all.map(([, s]) => s),
    ),
    finishedAt: finishedAt.toISOString(),
    durationMs: finishedAt.getTime() - startedAt.getTime(),
    callsTotal: client.totalCalls(),
    rowsTotal: all.reduce((n, [, s]) => n + s.rows, 0),
    streams: streamStats,
    calls: client.counts(),
    errors: all.filter(([, s]) => s.status === 'failed').map(([stream, s]) => ({ stream, message: s.error ?? 'failed' })),
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
  // Under the lock, never before it: the wide list views follow the lists and fields (a refresh with nothing
  // new changes nothing), and a warehouse that cannot take writes says so once, through the lock.
  if (!fatal) await refreshViewsSafely(db, log);
  try {
    await lock.release();
  } catch (err) {
    log.warn({ err: errorMessage(err) }, 'could not release the writer lock; the next run takes it over');
  }
  if (fatal) throw fatal;
  return { runId, summary };
}
