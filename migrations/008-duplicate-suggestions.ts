import { columnTypes, type AnyDb } from './helpers.ts';

/*
 * Pairs of companies or persons the service suggests merging (`/v2/duplicates/*-suggestions`, beta from
 * 2026-07-15). An entity table: it is swept, soft-deleted when a pair is no longer suggested, and keeps
 * the record as received in `_raw` (the documents do not show these records' fields). Frozen once
 * released: later changes go in a new migration.
 */
export async function up(db: AnyDb): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('duplicate_suggestions')
    .addColumn('entity_type', t.text, (c) => c.notNull())
    .addColumn('first_id', t.id, (c) => c.notNull())
    .addColumn('second_id', t.id, (c) => c.notNull())
    .addColumn('confidence', t.text)
    .addColumn('_raw', t.json)
    .addColumn('_synced_at', t.ts, (c) => c.notNull())
    .addColumn('_deleted_at', t.ts)
    .addPrimaryKeyConstraint('duplicate_suggestions_pk', ['entity_type', 'first_id', 'second_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('duplicate_suggestions').ifExists().execute();
}
