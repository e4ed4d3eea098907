import { errorMessage, redact } from '../errors.ts';
import type { Logger } from '../log.ts';
import { openDatabase, tableExists } from '../load/db.ts';
import { readStatus } from '../state/status.ts';
import type { RunMetrics } from './prom-metrics.ts';
import type { RunStats } from './run-stats.ts';

/**
 * Seed the health's last success and the metrics' last-seen gauges (account, per-stream last success, rate budget) from the warehouse, so a restarted scheduler
 * does not report "never synced" until its first tick. Best effort: a database problem surfaces in the
 * first run's error, not here.
 */
export async function seedFromWarehouse(
  into: { stats: RunStats; metrics: RunMetrics },
  opts: { databaseUrl: string; schedule: string; log: Logger; now: Date },
): Promise<void> {
  try {
    const db = await openDatabase(opts.databaseUrl);
    try {
      if (!(await tableExists(db, 'sync_state'))) return;
      const status = await readStatus(db, { now: opts.now, schedule: opts.schedule });
      into.stats.seed(status);
      into.metrics.seed(status);
    } finally {
      await db.close();
    }
  } catch (err) {
    opts.log.warn({ err: redact(errorMessage(err), [opts.databaseUrl]) }, 'could not read the warehouse status; metrics start empty');
  }
}
