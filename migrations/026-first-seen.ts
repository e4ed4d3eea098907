import { columnTypes, type AnyDb } from './helpers.ts';

/**
 * When relsync first stored each company and person (`_first_seen_at`, the run clock of the write that
 * inserted the row; later writes keep it). Neither interface says when a company or person was created,
 * so a record first stored after its collection's first complete pass was new upstream, and the relevance
 * tiers (planner/tiers.ts) keep it hot for `tiers.hotWindow`. Rows stored before this migration stay null:
 * not known to be new. Indexed for the tiers' subquery. Frozen once released: later changes go in a new
 * migration.
 */
const TABLES = ['companies', 'persons'] as const;

export async function up(db: AnyDb): Promise<void> {
  const t = columnTypes(db);
  for (const table of TABLES) {
    await db.schema.alterTable(table).addColumn('_first_seen_at', t.ts).execute();
    await db.schema.createIndex(`${table}_first_seen`).on(table).column('_first_seen_at').execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of TABLES) {
    await db.schema.dropIndex(`${table}_first_seen`).ifExists().execute();
    await db.schema.alterTable(table).dropColumn('_first_seen_at').execute();
  }
}
