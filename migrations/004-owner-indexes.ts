import type { AnyDb } from './helpers.ts';

/**
 * Replacing an entity's field values deletes by (entity_type, entity_id, list_entry_id). Without
 * statistics SQLite chose the list_entry_id index, and every entity-level value has list_entry_id 0,
 * so each page scanned them all (a sweep went quadratic). An index on the whole owner key is the one
 * both planners pick; it also serves analysts' "values of this record" lookups.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('field_values_owner_idx').on('field_values').columns(['entity_id', 'entity_type', 'list_entry_id']).execute();
  await db.schema.dropIndex('field_values_entity_id_idx').ifExists().execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.createIndex('field_values_entity_id_idx').on('field_values').column('entity_id').execute();
  await db.schema.dropIndex('field_values_owner_idx').ifExists().execute();
}
