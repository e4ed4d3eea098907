/**
 * Migration 009 on a warehouse written before it: `field_values` wrappers `{type, data}` become the bare
 * element, change-log references lose their `referenceType: "entity"` marker, so the two tables hold the
 * same JSON for the same value, exactly as a sync after 009 writes them. Other values are untouched.
 * Change rows get the typed columns, filled for old rows exactly as the transform fills new ones, and
 * `field_values.updated_at` (never filled by any source) is gone.
 */
import { afterEach, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../../src/load/db.ts';
import { migrateToLatest, migratorFor } from '../../src/load/migrate.ts';
import { forEachDialect, freshDatabaseUrl, type TestDatabase } from '../helpers/dialects.ts';
import { v2FieldValueChangeSchema } from '../../src/extract/schemas/index.ts';
import { v2FieldValueChangeRows } from '../../src/transform/field-value-changes.ts';

const T1 = '2024-04-01T07:00:00.000Z';
const PERSON = { id: 7, firstName: 'Ann', lastName: 'Lee', primaryEmailAddress: 'ann@example.com', type: 'external' };

/** Change-log items of every kind a tracked field may carry (docs/contract.md §7.9), as the log sends them. */
const LOGGED: Array<[string, unknown]> = [
  ['text', 'hello'],
  ['number', 12.5],
  ['number-multi', 3],
  ['datetime', '2024-04-01T09:00:00+02:00'],
  ['location', { streetAddress: null, city: 'Oslo', state: null, country: 'Norway', continent: null }],
  ['dropdown', { referenceType: 'entity', dropdownOptionId: 8, text: 'B2B' }],
  ['ranked-dropdown', { referenceType: 'entity', dropdownOptionId: 7, text: 'Won', rank: 3, color: 'green' }],
  ['person', { referenceType: 'entity', ...PERSON }],
  ['person-multi', { referenceType: 'entity', id: 9, firstName: null, lastName: null, primaryEmailAddress: 'x@y.z', type: 'external' }],
  ['company', { referenceType: 'entity', id: 5, name: 'Acme', domain: 'acme.co' }],
  ['person', { referenceType: 'deleted-entity', displayValue: 'Gone Person' }],
];

async function migrateTo(db: Db, name: string): Promise<void> {
  const { error } = await migratorFor(db).migrateTo(name);
  if (error) throw error;
}

forEachDialect('migrate: 009 one shape for a value', (dialect) => {
  let t: TestDatabase | undefined;
  afterEach(async () => {
    await t?.cleanup();
  });

  it("fills old change rows' typed columns exactly as the transform fills a new one, and drops field_values.updated_at", async () => {
    t = await freshDatabaseUrl(dialect);
    const db = await openDatabase(t.url);
    try {
      await migrateTo(db, '008-duplicate-suggestions');
      const expected = LOGGED.map(([type, value], i) => {
        const change = v2FieldValueChangeSchema.parse({
          id: 100 + i,
          type,
          actionType: 'add',
          changedAt: T1,
          field: { id: 'field-3', name: 'F', type: 'global', entityType: 'company' },
          entity: { id: 1 },
          listEntry: null,
          changer: null,
          value,
        });
        const row = v2FieldValueChangeRows(change).upserts.field_value_changes?.[0];
        if (!row) throw new Error('no change row');
        return row;
      });
      // Before 009 a change row held the log's value as sent, and no typed columns.
      await db.kysely
        .insertInto('field_value_changes')
        .values(
          expected.map((r, i) => ({
            id: r.id,
            field_id: r.field_id,
            entity_type: r.entity_type,
            entity_id: r.entity_id,
            action_type: r.action_type,
            changed_at: r.changed_at,
            value_type: r.value_type,
            value_json: JSON.stringify(LOGGED[i]![1]),
            _synced_at: T1,
          })),
        )
        .execute();
      await migrateToLatest(db);
      const got = await db.kysely
        .selectFrom('field_value_changes')
        .select(['id', 'value_json', 'value_text', 'value_number', 'value_date', 'ref_id'])
        .orderBy('id')
        .execute();
      expect(
        got.map((r) => ({
          ...r,
          value_json: JSON.parse(String(r.value_json)) as unknown,
          value_number: r.value_number === null ? null : Number(r.value_number),
          ref_id: r.ref_id === null ? null : Number(r.ref_id),
        })),
      ).toEqual(
        expected.map((r) => ({
          id: r.id,
          value_json: JSON.parse(String(r.value_json)) as unknown,
          value_text: r.value_text ?? null,
          value_number: r.value_number ?? null,
          value_date: r.value_date ?? null,
          ref_id: r.ref_id ?? null,
        })),
      );
      // The transform types a reference, and leaves a deleted-entity reference untyped.
      expect(expected[7]).toMatchObject({ value_text: 'Ann Lee', ref_id: 7 });
      expect(expected[10]).toMatchObject({ value_text: null, ref_id: null });
      await expect(sql`select updated_at from field_values`.execute(db.kysely)).rejects.toThrow(/updated_at/);
      await expect(sql`select value_date from field_values`.execute(db.kysely)).resolves.toBeDefined();
    } finally {
      await db.close();
    }
  });

  it("unwraps field_values and strips the change log's entity marker; the two tables then agree", async () => {
    t = await freshDatabaseUrl(dialect);
    const db = await openDatabase(t.url);
    try {
      await migrateTo(db, '008-duplicate-suggestions');
      const value = (field_id: string, value_index: number, value_type: string, json: unknown) => ({
        field_id,
        entity_type: 'company',
        entity_id: 1,
        list_entry_id: 0,
        value_index,
        value_type,
        value_json: JSON.stringify(json),
        _synced_at: T1,
      });
      await db.kysely
        .insertInto('field_values')
        .values([
          value('field-1', 0, 'text', { type: 'text', data: 'it\'s "quoted"' }),
          value('field-2', 0, 'number', { type: 'number', data: 12.5 }),
          value('field-3', 0, 'person-multi', { type: 'person-multi', data: PERSON }),
          value('field-4', 0, 'some-new-type', { type: 'some-new-type', data: { a: [1, null] } }),
        ])
        .execute();
      const change = (id: number, json: unknown) => ({
        id,
        field_id: 'field-3',
        entity_type: 'company',
        entity_id: 1,
        action_type: 'add',
        changed_at: T1,
        value_type: 'person-multi',
        value_json: JSON.stringify(json),
        _synced_at: T1,
      });
      await db.kysely
        .insertInto('field_value_changes')
        .values([
          change(1, { referenceType: 'entity', ...PERSON }),
          change(2, { referenceType: 'deleted-entity', displayValue: 'Gone Person' }),
          change(3, 'plain text'),
        ])
        .execute();

      const r = await migrateToLatest(db);
      expect(r.results.map((x) => [x.migrationName, x.status])).toContainEqual(['009-one-value-shape', 'Success']);

      const values = await db.kysely.selectFrom('field_values').select(['field_id', 'value_json']).orderBy('field_id').execute();
      expect(values.map((v) => [v.field_id, JSON.parse(String(v.value_json))])).toEqual([
        ['field-1', 'it\'s "quoted"'],
        ['field-2', 12.5],
        ['field-3', PERSON],
        ['field-4', { a: [1, null] }],
      ]);
      const changes = await db.kysely.selectFrom('field_value_changes').select(['id', 'value_json']).orderBy('id').execute();
      expect(changes.map((c) => [c.id, JSON.parse(String(c.value_json))])).toEqual([
        [1, PERSON],
        [2, { referenceType: 'deleted-entity', displayValue: 'Gone Person' }],
        [3, 'plain text'],
      ]);
    } finally {
      await db.close();
    }
  });
});
