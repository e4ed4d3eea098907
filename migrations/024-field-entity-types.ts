import { sql } from 'kysely';
import type { AnyDb } from './helpers.ts';

/*
 * `fields.entity_types`: every entity type a field is defined on, in alphabetical order joined by `,`
 * (`company`, `person`, `company,person`). `entity_type` stays the one type all definitions share and is
 * null for a system id defined on several (`affinity-data-location`, `first-email`, ...), so no field
 * lacked an entity type to filter on (issue 17, defect 4). Filled here from `field_scopes` (one row per
 * definition), else from `entity_type`; every run then keeps it current (load/write/derive-system-fields.ts).
 * Frozen once released: later changes go in a new migration.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('fields').addColumn('entity_types', 'text').execute();
  const scopes = await sql<{ field_id: string; entity_type: string }>`select distinct field_id, entity_type from field_scopes`.execute(db);
  const byField = new Map<string, Set<string>>();
  for (const r of scopes.rows) byField.set(r.field_id, (byField.get(r.field_id) ?? new Set()).add(r.entity_type));
  for (const [id, types] of byField) {
    await sql`update fields set entity_types = ${[...types].sort().join(',')} where id = ${id}`.execute(db);
  }
  await sql`update fields set entity_types = entity_type where entity_types is null`.execute(db);
}
