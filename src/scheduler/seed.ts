import { errorMessage, redact } from '../errors.ts';
import type { Logger } from '../log.ts';
import { openDatabase, tableExists } from '../load/db.ts';
import { readStatus } from '../state/status.ts';
import type { RunStats } from './run-stats.ts';

/**
 * Seed last-seen gauges (per-stream last success, rate budget) from the warehouse, so a restarted scheduler
 * does not report "never synced" until its first tick. Best effort: a database problem surfaces in the
 * first run's error, not here.
 */
export async function seedFromWarehouse(stats: RunStats, opts: { databaseUrl: string; schedule: string; log: Logger; now: Date }): Promise<void> {
  try {
    const db = await openDatabase(opts.databaseUrl);
    try {
      if (!(await tableExists(db, 'sync_state'))) return;
      stats.seed(await readStatus(db, { now: opts.now, schedule: opts.schedule }));
    } finally {
      await db.close();
    }
  } catch (err) {
    opts.log.warn({ err: redact(errorMessage(err), [opts.databaseUrl]) }, 'could not read the warehouse status; metrics start empty');
  }
}
