/**
 * Migration 010 on a warehouse written before it: the association fields' copies in `field_values` (a whole
 * `persons` cell on an opportunity entry, a `companies` cell on a person entry) are deleted; every other
 * value, the association tables and the change log's rows for those fields stay as they were.
 */
import { afterEach, expect, it } from 'vitest';
import { openDatabase } from '../../src/load/db.ts';
import { migrateToLatest, migratorFor } from '../../src/load/migrate.ts';
import { forEachDialect, freshDatabaseUrl, type TestDatabase } from '../helpers/dialects.ts';

const T1 = '2024-04-01T07:00:00.000Z';

forEachDialect('migrate: 010 association fields live in the association tables only', (dialect) => {
  let t: TestDatabase | undefined;
  afterEach(async () => {
    await t?.cleanup();
  });

  it('deletes companies / persons rows from field_values and nothing else', async () => {
    t = await freshDatabaseUrl(dialect);
    const db = await openDatabase(t.url);
    try {
      const { error } = await migratorFor(db).migrateTo('009-one-value-shape');
      if (error) throw error;
      const value = (field_id: string, entity_type: string, entity_id: number, list_entry_id: number, value_index: number, ref_id: number) => ({
        field_id,
        entity_type,
        entity_id,
        list_entry_id,
        list_id: list_entry_id === 0 ? null : 42,
        value_index,
        value_type: field_id === 'field-1' ? 'company' : `${field_id === 'persons' ? 'person' : 'company'}-multi`,
        value_json: JSON.stringify({ id: ref_id }),
        ref_id,
        _synced_at: T1,
      });
      await db.kysely
        .insertInto('field_values')
        .values([
          value('persons', 'opportunity', 117, 900, 0, 1),
          value('persons', 'opportunity', 117, 900, 1, 2),
          value('companies', 'opportunity', 117, 900, 0, 8),
          value('companies', 'person', 3, 901, 0, 8),
          value('persons', 'company', 8, 0, 0, 3),
          value('field-1', 'opportunity', 117, 900, 0, 8),
        ])
        .execute();
      await db.kysely
        .insertInto('opportunity_persons')
        .values([1, 2].map((person_id) => ({ opportunity_id: 117, person_id, _synced_at: T1 })))
        .execute();
      await db.kysely
        .insertInto('field_value_changes')
        .values({
          id: 1,
          field_id: 'persons',
          entity_type: 'opportunity',
          entity_id: 117,
          list_entry_id: 900,
          list_id: 42,
          action_type: 'add',
          changed_at: T1,
          value_type: 'person-multi',
          value_json: JSON.stringify({ id: 2 }),
          ref_id: 2,
          _synced_at: T1,
        })
        .execute();

      const r = await migrateToLatest(db);
      expect(r.results.map((x) => [x.migrationName, x.status])).toContainEqual(['010-association-fields-home', 'Success']);

      const values = await db.kysely.selectFrom('field_values').select(['field_id', 'entity_id']).execute();
      expect(values.map((v) => [v.field_id, Number(v.entity_id)])).toEqual([['field-1', 117]]);
      const links = await db.kysely.selectFrom('opportunity_persons').select('person_id').orderBy('person_id').execute();
      expect(links.map((l) => Number(l.person_id))).toEqual([1, 2]);
      // The change log is history, not current state: its rows for the association fields stay.
      const changes = await db.kysely.selectFrom('field_value_changes').select(['id', 'field_id']).execute();
      expect(changes.map((c) => [Number(c.id), c.field_id])).toEqual([[1, 'persons']]);
    } finally {
      await db.close();
    }
  });
});
