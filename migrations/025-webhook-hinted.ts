import { columnTypes, type AnyDb } from './helpers.ts';

/**
 * What a webhook hint last marked (issue 19), by mark kind and id: a hint run reads only these sets, not the
 * link marks entity sweeps leave for the relevance tiers; and a company or person a hint named stays in the
 * hot tier for `tiers.hotWindow` (planner/tiers.ts), not only while its `sync_dirty` mark waits for the
 * hint run. Frozen once released: later changes go in a new migration.
 */
export async function up(db: AnyDb): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('sync_hinted')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('id', 'bigint', (c) => c.notNull())
    .addColumn('hinted_at', t.ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('sync_hinted_pk', ['kind', 'id'])
    .execute();
  await db.schema.createIndex('sync_hinted_by_time').on('sync_hinted').columns(['kind', 'hinted_at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('sync_hinted').ifExists().execute();
}
