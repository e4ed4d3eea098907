import type { AnyDb } from './helpers.ts';

/**
 * The digest of each webhook delivery's body (SHA-256, hex): a delivery identical to one already applied is
 * a replay (the service's retry, or a copy sent again) and is not read again (webhooks/apply-hints.ts).
 * Deliveries stored before this migration keep null: they were applied or are applied as they come.
 * Indexed for the lookup each pending delivery makes. Frozen once released: later changes go in a new
 * migration.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('webhook_deliveries').addColumn('digest', 'text').execute();
  await db.schema.createIndex('webhook_deliveries_by_digest').on('webhook_deliveries').columns(['digest', 'status']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('webhook_deliveries_by_digest').ifExists().execute();
  await db.schema.alterTable('webhook_deliveries').dropColumn('digest').execute();
}
