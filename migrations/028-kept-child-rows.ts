import { columnTypes, type AnyDb } from './helpers.ts';

/**
 * The child rows of a company or person a sweep soft-deleted (issue 32): kept so a merge learned later
 * (the merges pass ran after the sweep) still moves them to the survivor. Frozen once released: later
 * changes go in a new migration.
 */
export async function up(db: AnyDb): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('kept_child_rows')
    .addColumn('parent_table', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'bigint', (c) => c.notNull())
    .addColumn('child_table', 'text', (c) => c.notNull())
    .addColumn('row_key', 'text', (c) => c.notNull())
    .addColumn('row_json', t.json, (c) => c.notNull())
    .addColumn('kept_at', t.ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('kept_child_rows_pk', ['parent_table', 'parent_id', 'child_table', 'row_key'])
    .execute();
  await db.schema.createIndex('kept_child_rows_by_time').on('kept_child_rows').column('kept_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('kept_child_rows').ifExists().execute();
}
