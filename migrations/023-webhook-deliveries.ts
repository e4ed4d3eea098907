import { columnTypes, type AnyDb } from './helpers.ts';

/**
 * Webhook deliveries `relsync schedule` accepted (issue 19). Each is written here before the receiver
 * answers 2xx, so a crash right after the answer loses none: the next start applies what is still
 * `pending`. `body` is kept as received (up to the receiver's size cap) even when it is not JSON or names an
 * unknown event, so an operator can see what arrived; a delivery is a hint, never data
 * (docs/contract.md §10). Frozen once released: later changes go in a new migration.
 */
export async function up(db: AnyDb): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('received_at', t.ts, (c) => c.notNull())
    .addColumn('event', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('applied_at', t.ts)
    .addColumn('marks', 'integer')
    .execute();
  await db.schema.createIndex('webhook_deliveries_by_status').on('webhook_deliveries').columns(['status', 'received_at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').ifExists().execute();
}
