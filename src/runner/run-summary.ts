/**
 * A run's counting and its record: the page sources that count each stream's requests, a stream's first stats,
 * and the summary of the whole run stored in sync_runs (the CLI puts it in words, src/cli/format).
 */
import type { AffinityClient } from '../extract/http/client.ts';
import { Pager } from '../extract/pager.ts';
import type { PageSource } from '../extract/page-source.ts';
import type { RunStatus, RunSummary, StreamRunStats } from '../state/runs.ts';
import type { PageSourceFactory } from './env.ts';
import type { SyncMode } from './run-stream.ts';

/** Pages over HTTP, counting the requests each stream makes (retries are the client's, not counted here). */
export function countingPageSources(client: AffinityClient, stats: StreamRunStats): PageSourceFactory {
  return <T>(...[request, schema, token]: Parameters<PageSourceFactory>): PageSource<T> => {
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

export function newStats(mode: SyncMode): StreamRunStats {
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

/** What a run did, as recorded in sync_runs and printed: the streams' stats, the calls, the errors. */
export function summarize(
  fatal: unknown,
  streamStats: Record<string, StreamRunStats>,
  client: AffinityClient,
  startedAt: Date,
  finishedAt: Date,
  viewsNotRefreshed: readonly string[] = [],
): RunSummary {
  const all = Object.entries(streamStats);
  return {
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
    warnings: all.flatMap(([stream, s]) => (s.warning ? [{ stream, message: s.warning }] : [])),
    ...(viewsNotRefreshed.length > 0 ? { viewsNotRefreshed: [...viewsNotRefreshed] } : {}),
    rateBudget: client.budget.snapshot(),
  };
}
