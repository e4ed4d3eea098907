import { sql } from 'kysely';
import { columnTypes, type AnyDb } from './helpers.ts';

/*
 * `fields` was keyed by id alone while a system field id (`affinity-data-location`, `first-email`, the
 * `persons` / `companies` association fields) is defined once per entity type or list: concurrent
 * partitions of the fields stream overwrote each other's row, so which definition a run left depended on
 * read order. From here `fields` holds one row per id with scope-free members, and `field_scopes` lists
 * every (entity type, list) that defines the id, with the type and definition that scope gives it.
 * Frozen once released: later changes go in a new migration.
 */
export async function up(db: AnyDb): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('field_scopes')
    .addColumn('field_id', t.text, (c) => c.notNull())
    .addColumn('entity_type', t.text, (c) => c.notNull())
    // 0 = defined on the entity type itself (not by one list), as list_entry_id = 0 in field_values.
    .addColumn('list_id', t.id, (c) => c.notNull())
    .addColumn('type', t.text)
    .addColumn('definition_json', t.json)
    .addColumn('_synced_at', t.ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('field_scopes_pk', ['field_id', 'entity_type', 'list_id'])
    .execute();
  await db.schema.createIndex('field_scopes_list_id_idx').on('field_scopes').column('list_id').execute();
  // What an existing warehouse knows: each field's last-read scope. The next fields sync adds the rest.
  await sql`insert into field_scopes (field_id, entity_type, list_id, type, definition_json, _synced_at)
    select id, entity_type, coalesce(list_id, 0), type, _raw, _synced_at from fields where entity_type is not null`.execute(db);
  // System ids (no v1 id) keep only scope-free members in `fields`, as a fresh sync writes them.
  await db.updateTable('fields').set({ type: null, entity_type: null, list_id: null, _raw: null }).where('v1_id', 'is', null).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('field_scopes').ifExists().execute();
}
