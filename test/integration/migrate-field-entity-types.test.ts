/**
 * Migration 024 on a warehouse that already holds fields: `entity_types` is filled from the definitions in
 * `field_scopes` (a system id defined on several entity types gets them all), else from `entity_type`, so a
 * `migrate` alone leaves no field without its entity types.
 */
import { afterEach, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase } from '../../src/load/db.ts';
import { migrateToLatest, migratorFor } from '../../src/load/migrate.ts';
import { forEachDialect, freshDatabaseUrl, type TestDatabase } from '../helpers/dialects.ts';

const T1 = '2024-04-01T07:00:00.000Z';

forEachDialect('migrate: 024 field entity types from existing definitions', (dialect) => {
  let t: TestDatabase | undefined;
  afterEach(async () => {
    await t?.cleanup();
  });

  it('fills entity_types from field_scopes, else from entity_type', async () => {
    t = await freshDatabaseUrl(dialect);
    const db = await openDatabase(t.url);
    try {
      const { error } = await migratorFor(db).migrateTo('021-read-whole');
      if (error) throw error;
      const field = (id: string, entityType: string | null) => ({ id, name: id, type: 'global', entity_type: entityType, _synced_at: T1 });
      await db.kysely
        .insertInto('fields')
        .values([field('affinity-data-location', null), field('field-7', 'person'), field('field-8', 'company')])
        .execute();
      const scope = (fieldId: string, entityType: string) => ({ field_id: fieldId, entity_type: entityType, list_id: 0, type: 'enriched', _synced_at: T1 });
      await db.kysely
        .insertInto('field_scopes')
        .values([scope('affinity-data-location', 'person'), scope('affinity-data-location', 'company'), scope('field-7', 'person')])
        .execute();
      await migrateToLatest(db);
      const rows = await sql<{ id: string; entity_types: string | null }>`select id, entity_types from fields order by id`.execute(db.kysely);
      expect(rows.rows).toEqual([
        { id: 'affinity-data-location', entity_types: 'company,person' },
        { id: 'field-7', entity_types: 'person' },
        { id: 'field-8', entity_types: 'company' },
      ]);
    } finally {
      await db.close();
    }
  });
});
