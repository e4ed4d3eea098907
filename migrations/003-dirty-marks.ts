import { columnTypes, type AnyDb } from './helpers.ts';

/**
 * Records the change log says changed and that still need a targeted re-read. Written in the same
 * transaction as the change rows that name them, removed in the same transaction as the re-read rows,
 * so a crash between the two loses nothing: the next run re-reads what is still marked.
 */
export async function up(db: AnyDb): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('sync_dirty')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('id', 'bigint', (c) => c.notNull())
    .addColumn('list_id', 'bigint')
    .addColumn('marked_at', t.ts, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('sync_dirty_pk', ['kind', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('sync_dirty').ifExists().execute();
}
