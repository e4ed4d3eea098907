import type { Db } from '../load/db.ts';
import { tableExists } from '../load/db.ts';
import { writeLockHeldError } from '../load/db-errors.ts';
import { migrateToLatest, migratorFor, type MigrateOutcome } from '../load/migrate.ts';
import { listCheckpoints, writeCheckpoint } from './checkpoint.ts';
import { passesDue } from './upgrade-passes.ts';

export interface DuePass {
  stream: string;
  /** Partitions marked (a stream never synced has none: its first run sweeps anyway). */
  partitions: number;
  reason: string;
}

export interface UpgradeOutcome extends MigrateOutcome {
  /** Passes this upgrade made due (state/upgrade-passes.ts); the next run reads them. */
  due: DuePass[];
}

/**
 * Migrate the warehouse, first marking the passes the pending migrations make due (UPGRADE_PASSES).
 * Marked before migrating, in one transaction: a failed or interrupted migration leaves the marks, and
 * the next attempt (same pending migrations) marks the same passes again. A fresh warehouse has no
 * checkpoints: nothing to mark.
 */
export async function upgradeWarehouse(db: Db, now: Date = new Date()): Promise<UpgradeOutcome> {
  const pending = (await migratorFor(db).getMigrations()).filter((m) => m.executedAt === undefined).map((m) => m.name);
  let due: DuePass[] = [];
  try {
    if (pending.length > 0 && (await tableExists(db, 'sync_state'))) due = await markPassesDue(db, pending, now);
  } catch (err) {
    // The marks are this upgrade's first write: another program's SQLite write lock is found here.
    throw writeLockHeldError(err, db.describe) ?? err;
  }
  const outcome = await migrateToLatest(db);
  return { ...outcome, due };
}

async function markPassesDue(db: Db, pending: readonly string[], now: Date): Promise<DuePass[]> {
  const wanted = passesDue(pending);
  if (wanted.length === 0) return [];
  const at = now.toISOString();
  return db.kysely.transaction().execute(async (trx) => {
    const all = await listCheckpoints(trx);
    const out: DuePass[] = [];
    for (const { stream, reason } of wanted) {
      const mine = all.filter((c) => c.stream === stream);
      // An unfinished sweep's pages came from the old code too: the due pass starts over.
      for (const c of mine) await writeCheckpoint(trx, stream, c.partition, { ...c.checkpoint, sweep: null, due: { reason, at } }, at);
      if (mine.length > 0) out.push({ stream, partitions: mine.length, reason });
    }
    return out;
  });
}
