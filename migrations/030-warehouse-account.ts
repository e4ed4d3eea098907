import { columnTypes, type AnyDb } from './helpers.ts';

/**
 * Which Affinity account (tenant) a warehouse holds (issue 36): one row, written by the first run from the
 * whoami read, so a later run with another account's key is refused before it writes (state/account.ts)
 * instead of mixing two organisations' records. A warehouse filled before this migration gets the account
 * of its next run's key. Frozen once released: later changes go in a new migration.
 */
export async function up(db: AnyDb): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('sync_account')
    // Always 1: the key makes a second row impossible, so two first runs at once cannot record two accounts.
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('tenant_name', 'text')
    .addColumn('subdomain', 'text')
    .addColumn('recorded_at', t.ts, (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('sync_account').ifExists().execute();
}
