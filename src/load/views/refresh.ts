/**
 * Creates and refreshes the analyst views (README "Views"): after migrations, and after a run that read
 * lists or fields. Only views whose definition changed are dropped and re-created, in one transaction,
 * so a refresh with nothing new touches nothing and readers never see a view missing. Views relsync no
 * longer wants (a deleted list's) are dropped; views of other names are never touched.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db.ts';
import { errorMessage } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import { viewSql } from './dialect-sql.ts';
import { currentViews, overviewViews } from './entity-views.ts';
import { freshnessView } from './freshness-view.ts';
import { historyViews } from './history-views.ts';
import { quoteIdent, quoteLiteral } from './identifiers.ts';
import { listEntryValuesView, listViews } from './list-views.ts';
import type { ViewDef } from './view-def.ts';

/** Names of views relsync owns: a view matching this and not wanted any more is dropped. */
const OWNED =
  /^(current_[a-z_]+|list_[0-9]+_[a-z0-9_]+|field_value_history|list_entry_stage_history|list_entry_values|table_freshness|(company|person|opportunity)_overview)$/;

/** The views relsync wants for the warehouse as it is now. */
export async function wantedViews(db: Db): Promise<ViewDef[]> {
  const v = viewSql(db.dialect);
  return [...currentViews(), ...historyViews(v), ...overviewViews(v), listEntryValuesView(v), freshnessView(db.dialect), ...(await listViews(db, v))];
}

function createStatement(view: ViewDef): string {
  return `CREATE VIEW ${quoteIdent(view.name)} AS ${view.sql}`;
}

/** A short fingerprint of a definition (PostgreSQL keeps it as the view's comment). */
function fingerprint(view: ViewDef): string {
  return `relsync ${createHash('sha256').update(createStatement(view)).digest('hex').slice(0, 16)}`;
}

/** Existing views: name → what identifies their definition (SQLite: its text; PostgreSQL: its comment). */
async function existingViews(db: Db): Promise<Map<string, string>> {
  if (db.dialect === 'sqlite') {
    const r = await sql<{ name: string; sql: string | null }>`select name, sql from sqlite_master where type = 'view'`.execute(db.kysely);
    return new Map(r.rows.map((x) => [x.name, x.sql ?? '']));
  }
  const r = await sql<{ name: string; comment: string | null }>`
    select c.relname as name, obj_description(c.oid, 'pg_class') as comment
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'v' and n.nspname = current_schema()`.execute(db.kysely);
  return new Map(r.rows.map((x) => [x.name, x.comment ?? '']));
}

export interface RefreshOutcome {
  created: string[];
  dropped: string[];
  unchanged: number;
}

/** Bring the views in line with the warehouse; throws when the database refuses (see refreshViewsSafely). */
export async function refreshViews(db: Db): Promise<RefreshOutcome> {
  const wanted = await wantedViews(db);
  const existing = await existingViews(db);
  const identity = (view: ViewDef) => (db.dialect === 'sqlite' ? createStatement(view) : fingerprint(view));
  const stale = wanted.filter((w) => existing.get(w.name) !== identity(w));
  const wantedNames = new Set(wanted.map((w) => w.name));
  const gone = [...existing.keys()].filter((n) => OWNED.test(n) && !wantedNames.has(n));
  if (stale.length === 0 && gone.length === 0) return { created: [], dropped: [], unchanged: wanted.length };
  await db.kysely.transaction().execute(async (trx) => {
    for (const name of [...gone, ...stale.map((s) => s.name)]) {
      if (existing.has(name)) await sql.raw(`DROP VIEW IF EXISTS ${quoteIdent(name)}`).execute(trx);
    }
    for (const view of stale) {
      await sql.raw(createStatement(view)).execute(trx);
      if (db.dialect === 'postgres') await sql.raw(`COMMENT ON VIEW ${quoteIdent(view.name)} IS ${quoteLiteral(fingerprint(view))}`).execute(trx);
    }
  });
  return { created: stale.map((s) => s.name), dropped: gone, unchanged: wanted.length - stale.length };
}

/**
 * The runner's hook: a view that cannot be refreshed (another tool's view depends on it, a permission)
 * is logged, never fails the sync whose data is already committed.
 */
export async function refreshViewsSafely(db: Db, log: Logger): Promise<void> {
  try {
    const out = await refreshViews(db);
    if (out.created.length > 0 || out.dropped.length > 0) log.info({ created: out.created.length, dropped: out.dropped.length }, 'analyst views refreshed');
  } catch (err) {
    log.warn({ err: errorMessage(err) }, 'could not refresh the analyst views; the tables are up to date, run `relsync migrate` to retry');
  }
}
