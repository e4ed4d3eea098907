import type { ExecuteOptions } from '../runner/execute.ts';
import type { SyncResult } from '../runner/run-sync.ts';
import { checkMetricsFile, writeMetricsFile } from '../scheduler/metrics-file.ts';
import { RunMetrics } from '../scheduler/prom-metrics.ts';
import type { Logger } from '../log.ts';
import { errorMessage } from '../errors.ts';

type RunHooks = Pick<ExecuteOptions, 'onPage' | 'onAccount'>;

/**
 * A one-shot run (`sync`, `backfill`) with `--metrics-file PATH`: the same metrics `schedule` serves, written
 * when the run ends, failed runs included (`relsync_runs_total{status="failed"}` is what an alert needs), in the
 * node_exporter textfile format. Without a path the run goes as it is.
 */
export async function observedRun<R extends SyncResult>(file: string | undefined, log: Logger, run: (hooks: RunHooks) => Promise<R>): Promise<R> {
  if (file === undefined) return run({});
  checkMetricsFile(file);
  // node_exporter serves its own process_* metrics: ours are prefixed so both can be scraped together.
  const metrics = new RunMetrics({ processPrefix: 'relsync_' });
  const started = Date.now();
  let result: R;
  try {
    result = await run({ onPage: (e) => metrics.recordPage(e), onAccount: (a) => metrics.setAccount(a) });
  } catch (err) {
    metrics.recordFailure(Date.now() - started);
    try {
      writeMetricsFile(file, await metrics.text());
    } catch (writeErr) {
      // The run's own error is the one to report; the file's is logged beside it.
      log.error({ err: errorMessage(writeErr) }, 'could not write the metrics file');
    }
    throw err;
  }
  metrics.recordSummary(result.summary);
  writeMetricsFile(file, await metrics.text());
  return result;
}
