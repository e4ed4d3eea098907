/**
 * What the streams of one run share, set up once a run (`prepareRun`): the source book, the failure policy,
 * the run's budget, the queue bounding partitions in flight and the error that stops the run; and `levels`,
 * which runs streams level by level in dependency order. run-sync.ts wraps it in the lock and the run record.
 */
import PQueue from 'p-queue';
import { errorMessage, redact } from '../errors.ts';
import type { Logger } from '../log.ts';
import type { StreamRunStats } from '../state/runs.ts';
import type { AnyStream } from '../streams/define.ts';
import type { ReadEnv } from './env.ts';
import { failedParent, parentFailedLine, runPolicy } from './failure-policy.ts';
import { dependencyLevels } from './stream-order.ts';
import { runBudget } from '../budget/run-budget.ts';
import { runAsSource } from './run-source.ts';
import type { StreamRunOptions, SyncMode } from './run-stream.ts';
import { countingPageSources, newStats } from './run-summary.ts';
import type { SyncOptions } from './sync-options.ts';
import { SourceBook } from '../planner/source-book.ts';

/** The origin of the base URL, without credentials: what a remembered refusal is tied to. */
function apiOrigin(baseUrl: string): string | undefined {
  try {
    const u = new URL(baseUrl);
    return `${u.origin}${u.pathname.replace(/\/+$/, '')}`;
  } catch {
    return undefined;
  }
}

/** A prepared run: run streams level by level, and the error that stopped it, if any. */
export interface PreparedRun {
  book: SourceBook<AnyStream>;
  levels(streams: readonly AnyStream[], mode: SyncMode): Promise<void>;
  fatal(): unknown;
}

/**
 * What every stream of a run shares: the source book, the failure policy, the budget, a queue bounding the
 * partitions in flight (the client's queue bounds HTTP concurrency). `levels` runs streams in dependency
 * order, the streams of a level in parallel; once an error stops the run, the others stop before their next request.
 */
export async function prepareRun(
  opts: SyncOptions,
  runId: string,
  log: Logger,
  streamStats: Record<string, StreamRunStats>,
  now: () => Date,
): Promise<PreparedRun> {
  const { db, client, config } = opts;
  let fatal: unknown = null;
  const queue = new PQueue({ concurrency: Math.max(1, config.concurrency) });
  const book = await SourceBook.load(db, opts.streams, config.reprobeRefusedAfter, now, {
    reprobeAll: opts.mode === 'full',
    origin: apiOrigin(config.baseUrl),
    serviceOk: () => client.serviceAnswers().ok > 0,
  });
  const runHasRead = () => Object.values(streamStats).some((s) => s.pages > 0);
  const policy = runPolicy({ runHasRead, serviceHasAnswered: () => client.serviceAnswers().any > 0, baseUrl: config.baseUrl });
  const sweptWithoutFeed = (name: string) => book.sweptWithoutFeed(name);
  // Incremental runs spread periodic passes over their periods within the monthly budget (docs/sync.md "Calls under a monthly budget").
  const budget = opts.mode === 'incremental' ? await runBudget(db, config, opts.streams, sweptWithoutFeed, () => client.totalCalls(), log, now()) : null;
  const streamOpts: StreamRunOptions = {
    mode: opts.mode,
    now,
    policy,
    sweptWithoutFeed,
    ...(budget ? { allowance: budget.allowanceFor, runIntervalMs: budget.plan.runIntervalMs } : {}),
    ...(opts.since !== undefined ? { since: opts.since } : {}),
    ...(opts.fullSince !== undefined ? { fullSince: opts.fullSince } : {}),
    ...(opts.hooks?.onStream ? { onStream: opts.hooks.onStream } : {}),
  };
  const src = { book, streams: opts.streams, stats: streamStats };
  const one = async (def: AnyStream, mode: SyncMode): Promise<void> => {
    const stats = (streamStats[def.name] ??= newStats(opts.mode));
    // A child of a failed parent would read a partial set and call it whole: it is not read, and stays due.
    const parent = failedParent(def, (name) => streamStats[name]?.status);
    if (parent !== null) {
      Object.assign(stats, { status: 'failed', error: parentFailedLine(def.name, parent) });
      log.warn({ stream: def.name, parent }, 'not read: a stream it reads failed this run; it stays due');
      return;
    }
    const env: ReadEnv = {
      db,
      log,
      runId,
      ctx: {
        db,
        config,
        now,
        ...(opts.mode === 'full' ? { full: true } : {}),
        ...(budget ? { tierCaps: budget.tierCaps } : {}),
        ...(opts.hintedSince !== undefined ? { hintedSince: opts.hintedSince } : {}),
      },
      clock: () => now().toISOString(),
      // Once the run is stopping, every other stream stops before its next request too.
      hooks: { ...opts.hooks, shouldStop: () => fatal !== null || (opts.hooks?.shouldStop?.() ?? false) },
      pageSources: countingPageSources(client, stats),
      interfaceAnswered: (path) => client.interfaceAnswered(path),
    };
    return runAsSource(def, env, queue, { ...streamOpts, mode }, stats, src).catch((err: unknown) => {
      // Worded for a person here too: a failing warehouse may surface outside a page (source bookkeeping).
      const action = policy.decide(err, def, stats.pages);
      if (action === 'interrupted') stats.status = 'interrupted';
      else if (action === 'stop-run') fatal ??= policy.stopping(err);
      else Object.assign(stats, { status: 'failed', error: redact(errorMessage(err), [config.apiKey]) });
    });
  };
  return {
    book,
    fatal: () => fatal,
    async levels(streams, mode) {
      for (const level of dependencyLevels(streams)) {
        if (fatal) break;
        // A stop stops the run's next levels too (their reads would start from what the stopped ones left
        // half read); they are the run's unread part, so the run ends interrupted, not succeeded.
        if (opts.hooks?.shouldStop?.()) {
          for (const def of level) (streamStats[def.name] ??= newStats(opts.mode)).status = 'interrupted';
          continue;
        }
        await Promise.all(level.map((def) => one(def, mode)));
      }
    },
  };
}
