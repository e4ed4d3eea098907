/**
 * Table statistics after a run: the warehouse tables the run changed a lot are analyzed where the dialect
 * plans from statistics (PostgreSQL; `analyzeChangedTables` on its warehouse object says why and which).
 * SQLite has none to refresh.
 */
import { errorMessage } from '../errors.ts';
import type { Logger } from '../log.ts';
import type { Db } from './db.ts';

/** Analyze the tables a run changed a lot; the tables analyzed. Throws what the database says. */
export async function analyzeChangedTables(db: Db): Promise<string[]> {
  return db.dialect.analyzeChangedTables(db.kysely);
}

/** The runner's hook: statistics are an optimisation, so a refusal (not the tables' owner) is logged, never fatal. */
export async function analyzeChangedTablesSafely(db: Db, log: Logger): Promise<void> {
  const started = performance.now();
  try {
    const tables = await analyzeChangedTables(db);
    if (tables.length > 0) log.info({ tables: tables.length, ms: Math.round(performance.now() - started) }, 'table statistics refreshed');
  } catch (err) {
    log.warn({ err: errorMessage(err) }, 'could not refresh table statistics; the views may be planned poorly until the server analyzes the tables');
  }
}
