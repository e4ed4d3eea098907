/**
 * Table statistics after a run. PostgreSQL plans from them: without them (a server with autovacuum off,
 * or one that has not come round to a table a big sync just filled) it plans `person_overview` as if
 * `persons` held a few rows and ran it for minutes (issue 17). The run analyzes the warehouse tables it
 * changed a lot, by autovacuum's own rule. SQLite has no statistics unless ANALYZE was run by hand, and
 * its plans here do not depend on them: nothing to do.
 */
import { sql } from 'kysely';
import { DEFAULT_ANALYZE_FRACTION, DEFAULT_ANALYZE_MIN_ROWS } from '../defaults.ts';
import { errorMessage } from '../errors.ts';
import type { Logger } from '../log.ts';
import type { Db, DialectName } from './db.ts';
import { WAREHOUSE_TABLE_NAMES } from './schema/table-specs.ts';
import { quoteIdent } from './views/identifiers.ts';

/** Per dialect: the warehouse tables analyzed, or null when the dialect keeps no statistics to refresh. */
const ANALYZE: Record<DialectName, ((db: Db) => Promise<string[]>) | null> = {
  sqlite: null,
  postgres: async (db) => {
    const r = await sql<{ name: string }>`
      select s.relname as name from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.schemaname = current_schema() and s.relname in (${sql.join([...WAREHOUSE_TABLE_NAMES])})
        and s.n_mod_since_analyze > ${DEFAULT_ANALYZE_MIN_ROWS} + ${DEFAULT_ANALYZE_FRACTION} * greatest(c.reltuples, 0)
      order by s.relname`.execute(db.kysely);
    const names = r.rows.map((x) => x.name);
    for (const name of names) await sql.raw(`analyze ${quoteIdent(name)}`).execute(db.kysely);
    return names;
  },
};

/** Analyze the tables a run changed a lot; the tables analyzed. Throws what the database says. */
export async function analyzeChangedTables(db: Db): Promise<string[]> {
  const analyze = ANALYZE[db.dialect];
  return analyze ? analyze(db) : [];
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
