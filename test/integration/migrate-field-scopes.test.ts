/**
 * Migration 005 on a warehouse that already holds fields: each row's last-read scope becomes a
 * field_scopes row, and system ids keep only scope-free members, as a fresh sync writes them.
 */
import { afterEach, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/load/db.ts';
import { migrateToLatest, migratorFor } from '../../src/load/migrate.ts';
import { forEachDialect, freshDatabaseUrl, type TestDatabase } from '../helpers/dialects.ts';

const T1 = '2024-04-01T07:00:00.000Z';

async function migrateTo(db: Db, name: string): Promise<void> {
  const { error } = await migratorFor(db).migrateTo(name);
  if (error) throw error;
}

forEachDialect('migrate: 005 field scopes from existing fields rows', (dialect) => {
  let t: TestDatabase | undefined;
  afterEach(async () => {
    await t?.cleanup();
  });

  it("copies each row's scope and clears the scope members of system ids", async () => {
    t = await freshDatabaseUrl(dialect);
    const db = await openDatabase(t.url);
    try {
      await migrateTo(db, '004-owner-indexes');
      await db.kysely
        .insertInto('fields')
        .values([
          {
            id: 'field-5',
            v1_id: 5,
            name: 'Status',
            type: 'list',
            value_type: 'ranked-dropdown',
            entity_type: 'opportunity',
            list_id: 42,
            _raw: '{"id":"field-5"}',
            _synced_at: T1,
          },
          {
            id: 'affinity-data-location',
            v1_id: null,
            name: 'Location',
            type: 'enriched',
            value_type: 'location',
            entity_type: 'person',
            list_id: null,
            _raw: '{"id":"affinity-data-location"}',
            _synced_at: T1,
          },
          {
            id: 'first-email',
            v1_id: null,
            name: 'First Email',
            type: 'relationship-intelligence',
            value_type: 'interaction',
            entity_type: null,
            list_id: null,
            _raw: null,
            _synced_at: T1,
          },
        ])
        .execute();
      const r = await migrateToLatest(db);
      expect(r.results.map((x) => [x.migrationName, x.status])).toContainEqual(['005-field-scopes', 'Success']);

      const scopes = await db.kysely
        .selectFrom('field_scopes')
        .select(['field_id', 'entity_type', 'list_id', 'type', 'definition_json'])
        .orderBy('field_id')
        .execute();
      expect(scopes.map((s) => ({ ...s, definition_json: JSON.parse(String(s.definition_json)) }))).toEqual([
        { field_id: 'affinity-data-location', entity_type: 'person', list_id: 0, type: 'enriched', definition_json: { id: 'affinity-data-location' } },
        { field_id: 'field-5', entity_type: 'opportunity', list_id: 42, type: 'list', definition_json: { id: 'field-5' } },
      ]);
      const fields = await db.kysely.selectFrom('fields').select(['id', 'name', 'type', 'entity_type', 'list_id', '_raw']).orderBy('id').execute();
      expect(fields.map((f) => ({ ...f, _raw: f._raw === null ? null : JSON.parse(String(f._raw)) }))).toEqual([
        { id: 'affinity-data-location', name: 'Location', type: null, entity_type: null, list_id: null, _raw: null },
        { id: 'field-5', name: 'Status', type: 'list', entity_type: 'opportunity', list_id: 42, _raw: { id: 'field-5' } },
        { id: 'first-email', name: 'First Email', type: null, entity_type: null, list_id: null, _raw: null },
      ]);
    } finally {
      await db.close();
    }
  });
});
