import { expect, it } from 'vitest';
import type { RowBatch, RowOf } from '../../src/load/schema/row-batch.ts';
import { upsertRows } from '../../src/load/write/upsert.ts';
import { applyBatch, coalesceReplaceSets, replaceSets } from '../../src/load/write/apply-batch.ts';
import { forEachDialect, useMigratedDb } from '../helpers/dialects.ts';

const T1 = '2024-04-01T07:00:00.000Z';
const T2 = '2024-04-02T07:00:00.000Z';

forEachDialect('load: replace sets and batches', (dialect) => {
  const db = useMigratedDb(dialect);

  async function pairs(): Promise<Array<[number, number]>> {
    const rows = await db().kysely.selectFrom('company_persons').selectAll().orderBy('company_id').orderBy('person_id').execute();
    return rows.map((r) => [r.company_id, r.person_id]);
  }

  it('removes a dropped association, keeps other owners, and empties an owner with zero rows', async () => {
    const k = db().kysely;
    await upsertRows(
      k,
      db().dialect,
      'company_persons',
      [
        { company_id: 1, person_id: 10 },
        { company_id: 1, person_id: 11 },
        { company_id: 2, person_id: 10 },
        { company_id: 3, person_id: 30 },
      ],
      T1,
    );
    await replaceSets(
      k,
      db().dialect,
      {
        table: 'company_persons',
        scope: ['company_id'],
        owners: [{ company_id: 1 }, { company_id: 2 }],
        rows: [
          { company_id: 1, person_id: 11 },
          { company_id: 1, person_id: 12 },
        ],
      },
      T2,
    );
    expect(await pairs()).toEqual([
      [1, 11],
      [1, 12],
      [3, 30],
    ]);
    const synced = await k.selectFrom('company_persons').select(['person_id', '_synced_at']).where('company_id', '=', 1).orderBy('person_id').execute();
    expect(synced.map((r) => r._synced_at)).toEqual([T2, T2]);
  });

  it('replaces with a multi-column scope across more owners than one OR statement holds', async () => {
    const k = db().kysely;
    const value = (entity_id: number, list_entry_id: number, value_index: number): RowOf<'field_values'> => ({
      field_id: 'field-1',
      entity_type: 'company',
      entity_id,
      list_entry_id,
      value_index,
      value_type: 'number',
      value_json: String(value_index),
      value_number: value_index,
    });
    const before: Array<RowOf<'field_values'>> = [];
    for (let e = 1; e <= 600; e++) before.push(value(e, 0, 0), value(e, 0, 1), value(e, 900 + e, 0));
    await upsertRows(k, db().dialect, 'field_values', before, T1);
    // Re-read every entity's own values (list_entry_id 0): each now has a single value; entry values untouched.
    const owners = Array.from({ length: 600 }, (_, i) => ({ entity_type: 'company', entity_id: i + 1, list_entry_id: 0 }));
    await replaceSets(
      k,
      db().dialect,
      {
        table: 'field_values',
        scope: ['entity_type', 'entity_id', 'list_entry_id'],
        owners,
        rows: owners.map((o) => value(o.entity_id, 0, 0)),
      },
      T2,
    );
    const rows = await k.selectFrom('field_values').select(['entity_id', 'list_entry_id', 'value_index', '_synced_at']).execute();
    expect(rows).toHaveLength(1200);
    expect(rows.filter((r) => r.list_entry_id === 0).every((r) => r.value_index === 0 && r._synced_at === T2)).toBe(true);
    expect(rows.filter((r) => r.list_entry_id !== 0).every((r) => r._synced_at === T1)).toBe(true);
  });

  it("folds a batch's replace sets per table, later sets winning for an owner named twice", async () => {
    const sets = coalesceReplaceSets([
      {
        table: 'company_persons',
        scope: ['company_id'],
        owners: [{ company_id: 1 }],
        rows: [
          { company_id: 1, person_id: 10 },
          { company_id: 1, person_id: 11 },
        ],
      },
      { table: 'company_persons', scope: ['company_id'], owners: [{ company_id: 2 }], rows: [{ company_id: 2, person_id: 20 }] },
      { table: 'note_attachments', scope: ['note_id'], owners: [{ note_id: 5 }], rows: [] },
      { table: 'company_persons', scope: ['company_id'], owners: [{ company_id: 1 }], rows: [{ company_id: 1, person_id: 12 }] },
    ]);
    expect(sets).toHaveLength(2);
    expect(sets[0]!.owners).toEqual([{ company_id: 1 }, { company_id: 2 }]);
    expect(sets[0]!.rows).toEqual([
      { company_id: 1, person_id: 12 },
      { company_id: 2, person_id: 20 },
    ]);

    const k = db().kysely;
    await upsertRows(
      k,
      db().dialect,
      'company_persons',
      [
        { company_id: 1, person_id: 99 },
        { company_id: 3, person_id: 30 },
      ],
      T1,
    );
    await upsertRows(k, db().dialect, 'note_attachments', [{ note_id: 5, entity_type: 'person', entity_id: 10 }], T1);
    const batch: RowBatch = {
      upserts: {
        companies: [
          { id: 1, name: 'A' },
          { id: 2, name: 'B' },
        ],
      },
      replace: [
        {
          table: 'company_persons',
          scope: ['company_id'],
          owners: [{ company_id: 1 }],
          rows: [
            { company_id: 1, person_id: 10 },
            { company_id: 1, person_id: 11 },
          ],
        },
        { table: 'company_persons', scope: ['company_id'], owners: [{ company_id: 2 }], rows: [{ company_id: 2, person_id: 20 }] },
        { table: 'note_attachments', scope: ['note_id'], owners: [{ note_id: 5 }], rows: [] },
        { table: 'company_persons', scope: ['company_id'], owners: [{ company_id: 1 }], rows: [{ company_id: 1, person_id: 12 }] },
      ],
    };
    const r = await applyBatch(k, db().dialect, batch, T2);
    expect(r.rows).toBe(4);
    expect(await pairs()).toEqual([
      [1, 12],
      [2, 20],
      [3, 30],
    ]);
    expect(await k.selectFrom('note_attachments').selectAll().execute()).toEqual([]);
    expect((await k.selectFrom('companies').select('name').orderBy('id').execute()).map((c) => c.name)).toEqual(['A', 'B']);
  });

  it('a batch inside a transaction that throws leaves nothing behind', async () => {
    const k = db().kysely;
    const batch: RowBatch = {
      upserts: { companies: [{ id: 1, name: 'A' }], persons: [{ id: 10, first_name: 'P' }] },
      replace: [{ table: 'company_persons', scope: ['company_id'], owners: [{ company_id: 1 }], rows: [{ company_id: 1, person_id: 10 }] }],
    };
    await expect(
      k.transaction().execute(async (trx) => {
        await applyBatch(trx, db().dialect, batch, T1);
        throw new Error('checkpoint write failed');
      }),
    ).rejects.toThrow('checkpoint write failed');
    // A row that violates the schema mid-batch rolls back the rows written before it.
    await expect(
      k.transaction().execute((trx) =>
        // @ts-expect-error the list entry lacks its NOT NULL list_id and entity_type: the database must refuse it
        applyBatch(trx, db().dialect, { upserts: { companies: [{ id: 2, name: 'B' }], list_entries: [{ id: 3, entity_id: 1 }] }, replace: [] }, T1),
      ),
    ).rejects.toThrow();
    for (const t of ['companies', 'persons', 'company_persons', 'list_entries'] as const) {
      expect(await k.selectFrom(t).selectAll().execute(), t).toEqual([]);
    }
  });
});
