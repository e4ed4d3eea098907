import { sql } from 'kysely';
import { columnTypes, type AnyDb } from './helpers.ts';

/**
 * When each record's association set was last read whole by a single read (`kind` is the `*_links`
 * mark the read consumed: `company_links`, `person_links`). Relevance tiers (planner/tiers.ts) re-read
 * the oldest first, hot records every `sweeps.hot`, cold ones every `sweeps.cold`.
 *
 * An existing warehouse has read every live company's (and person's) set within its last entity pass, so
 * the last time a sweep wrote the record stands in for it: the first run after the upgrade does not
 * re-read every set at once.
 */
export async function up(db: AnyDb): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('sync_read_whole')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('id', 'bigint', (c) => c.notNull())
    .addColumn('read_at', t.ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('sync_read_whole_pk', ['kind', 'id'])
    .execute();
  await db.schema.createIndex('sync_read_whole_by_time').on('sync_read_whole').columns(['kind', 'read_at']).execute();
  for (const [kind, table] of [
    ['company_links', 'companies'],
    ['person_links', 'persons'],
  ] as const) {
    await sql`insert into sync_read_whole (kind, id, read_at) select ${kind}, id, _synced_at from ${sql.table(table)} where _deleted_at is null`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('sync_read_whole').ifExists().execute();
}
