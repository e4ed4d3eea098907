import { expect, it } from 'vitest';
import { upsertRows } from '../../src/load/write/upsert.ts';
import { softDeleteMissing } from '../../src/load/write/soft-delete.ts';
import { applyMerge } from '../../src/load/write/merge.ts';
import { forEachDialect, useMigratedDb } from '../helpers/dialects.ts';

const T1 = '2024-04-01T07:00:00.000Z';
const T2 = '2024-04-02T07:00:00.000Z';
const T3 = '2024-04-03T07:00:00.000Z';

forEachDialect('load: soft deletes and merges', (dialect) => {
  const db = useMigratedDb(dialect);

  it('marks only rows a completed sweep missed, once; an upsert resurrects', async () => {
    const k = db().kysely;
    await upsertRows(k, db().dialect, 'companies', [{ id: 1 }, { id: 2 }, { id: 3 }], T1);
    await upsertRows(k, db().dialect, 'companies', [{ id: 1 }, { id: 3 }], T2); // the sweep starting at T2
    expect(await softDeleteMissing(k, 'companies', { sweepStartedAt: T2, now: '2024-04-02T08:00:00-01:00' })).toBe(1);
    expect(await softDeleteMissing(k, 'companies', { sweepStartedAt: T2, now: T3 })).toBe(0);
    let rows = await k.selectFrom('companies').select(['id', '_deleted_at']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 1, _deleted_at: null },
      { id: 2, _deleted_at: '2024-04-02T09:00:00.000Z' },
      { id: 3, _deleted_at: null },
    ]);
    await upsertRows(k, db().dialect, 'companies', [{ id: 2, name: 'back' }], T3);
    rows = await k.selectFrom('companies').select(['id', '_deleted_at']).where('id', '=', 2).execute();
    expect(rows).toEqual([{ id: 2, _deleted_at: null }]);
  });

  it('a scoped sweep (one list) leaves other partitions alone', async () => {
    const k = db().kysely;
    const entry = (id: number, list_id: number) => ({ id, list_id, entity_type: 'company', entity_id: id * 10 });
    await upsertRows(k, db().dialect, 'list_entries', [entry(1, 5), entry(2, 5), entry(3, 6)], T1);
    await upsertRows(k, db().dialect, 'list_entries', [entry(1, 5)], T2);
    expect(await softDeleteMissing(k, 'list_entries', { sweepStartedAt: T2, scope: { list_id: 5 }, now: T3 })).toBe(1);
    const rows = await k.selectFrom('list_entries').select(['id', '_deleted_at']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 1, _deleted_at: null },
      { id: 2, _deleted_at: T3 },
      { id: 3, _deleted_at: null },
    ]);
    await expect(softDeleteMissing(k, 'company_persons', { sweepStartedAt: T2, now: T3 })).rejects.toThrow(/no _deleted_at/);
  });

  it('a company merge re-keys every reference without key conflicts, and is idempotent', async () => {
    const k = db().kysely;
    await upsertRows(
      k,
      db().dialect,
      'companies',
      [
        { id: 1, name: 'Dup' },
        { id: 2, name: 'Survivor' },
        { id: 3, merged_into_id: 1 },
      ],
      T1,
    );
    await upsertRows(
      k,
      db().dialect,
      'company_persons',
      [
        { company_id: 1, person_id: 10 },
        { company_id: 1, person_id: 11 },
        { company_id: 2, person_id: 10 },
      ],
      T1,
    );
    await upsertRows(
      k,
      db().dialect,
      'opportunity_companies',
      [
        { opportunity_id: 100, company_id: 1 },
        { opportunity_id: 100, company_id: 2 },
        { opportunity_id: 101, company_id: 1 },
      ],
      T1,
    );
    await upsertRows(
      k,
      db().dialect,
      'list_entries',
      [
        { id: 50, list_id: 5, entity_type: 'company', entity_id: 1 },
        { id: 51, list_id: 6, entity_type: 'person', entity_id: 1 },
      ],
      T1,
    );
    const fv = (field_id: string, entity_type: string, entity_id: number, extra: Record<string, string | number> = {}) => ({
      field_id,
      entity_type,
      entity_id,
      list_entry_id: 0,
      value_index: 0,
      value_type: 'number',
      value_number: entity_id,
      ...extra,
    });
    await upsertRows(
      k,
      db().dialect,
      'field_values',
      [
        fv('field-1', 'company', 1),
        fv('field-1', 'company', 2),
        fv('field-2', 'company', 1),
        fv('field-3', 'person', 7, { value_type: 'company', ref_id: 1 }),
        fv('field-4', 'person', 7, { value_type: 'person', ref_id: 1 }),
      ],
      T1,
    );
    await upsertRows(
      k,
      db().dialect,
      'note_attachments',
      [
        { note_id: 5, entity_type: 'company', entity_id: 1 },
        { note_id: 5, entity_type: 'company', entity_id: 2 },
        { note_id: 6, entity_type: 'company', entity_id: 1 },
      ],
      T1,
    );
    await upsertRows(k, db().dialect, 'reminders', [{ id: 9, company_id: 1 }], T1);

    const merge = { entityType: 'company' as const, duplicateId: 1, survivorId: 2, mergedAt: T2 };
    const first = await applyMerge(k, db().dialect, merge, T3);
    expect(first.dropped).toBe(4); // company_persons (1,10), opportunity_companies (100,1), field-1 value, note 5
    const again = await applyMerge(k, db().dialect, merge, T3);
    expect(again).toEqual({ rekeyed: 0, dropped: 0 });

    const companies = await k.selectFrom('companies').select(['id', 'merged_into_id', '_deleted_at']).orderBy('id').execute();
    expect(companies).toEqual([
      { id: 1, merged_into_id: 2, _deleted_at: T2 },
      { id: 2, merged_into_id: null, _deleted_at: null },
      { id: 3, merged_into_id: 2, _deleted_at: null },
    ]);
    const cp = await k.selectFrom('company_persons').select(['company_id', 'person_id']).orderBy('person_id').execute();
    expect(cp).toEqual([
      { company_id: 2, person_id: 10 },
      { company_id: 2, person_id: 11 },
    ]);
    const oc = await k.selectFrom('opportunity_companies').select(['opportunity_id', 'company_id']).orderBy('opportunity_id').execute();
    expect(oc).toEqual([
      { opportunity_id: 100, company_id: 2 },
      { opportunity_id: 101, company_id: 2 },
    ]);
    const le = await k.selectFrom('list_entries').select(['id', 'entity_id']).orderBy('id').execute();
    expect(le).toEqual([
      { id: 50, entity_id: 2 },
      { id: 51, entity_id: 1 },
    ]); // the person 1 is not company 1
    const values = await k.selectFrom('field_values').select(['field_id', 'entity_id', 'value_number', 'ref_id']).orderBy('field_id').execute();
    expect(values).toEqual([
      { field_id: 'field-1', entity_id: 2, value_number: 2, ref_id: null }, // the survivor's own value wins
      { field_id: 'field-2', entity_id: 2, value_number: 1, ref_id: null },
      { field_id: 'field-3', entity_id: 7, value_number: 7, ref_id: 2 },
      { field_id: 'field-4', entity_id: 7, value_number: 7, ref_id: 1 },
    ]);
    const notes = await k.selectFrom('note_attachments').select(['note_id', 'entity_id']).orderBy('note_id').execute();
    expect(notes).toEqual([
      { note_id: 5, entity_id: 2 },
      { note_id: 6, entity_id: 2 },
    ]);
    expect((await k.selectFrom('reminders').select('company_id').executeTakeFirstOrThrow()).company_id).toBe(2);
  });

  it('a person merge moves participants and strengths, dropping colliding strengths', async () => {
    const k = db().kysely;
    await upsertRows(k, db().dialect, 'persons', [{ id: 10 }, { id: 11 }], T1);
    await upsertRows(
      k,
      db().dialect,
      'interaction_participants',
      [
        { kind: 'email', interaction_id: 1, role: 'to', position: 0, person_id: 10, email_address: 'a@x.co' },
        { kind: 'email', interaction_id: 1, role: 'to', position: 1, person_id: 11, email_address: 'b@x.co' },
      ],
      T1,
    );
    await upsertRows(
      k,
      db().dialect,
      'relationship_strengths',
      [
        { internal_id: 1, external_id: 10, strength: 0.5 },
        { internal_id: 1, external_id: 11, strength: 0.9 },
        { internal_id: 2, external_id: 10, strength: 0.2 },
      ],
      T1,
    );
    await upsertRows(k, db().dialect, 'opportunity_persons', [{ opportunity_id: 100, person_id: 10 }], T1);
    const r = await applyMerge(k, db().dialect, { entityType: 'person', duplicateId: 10, survivorId: 11, mergedAt: T2 }, T3);
    expect(r.dropped).toBe(1);
    const parts = await k.selectFrom('interaction_participants').select(['position', 'person_id']).orderBy('position').execute();
    expect(parts).toEqual([
      { position: 0, person_id: 11 },
      { position: 1, person_id: 11 },
    ]);
    const rs = await k.selectFrom('relationship_strengths').select(['internal_id', 'external_id', 'strength']).orderBy('internal_id').execute();
    expect(rs).toEqual([
      { internal_id: 1, external_id: 11, strength: 0.9 },
      { internal_id: 2, external_id: 11, strength: 0.2 },
    ]);
    expect(await k.selectFrom('opportunity_persons').select(['opportunity_id', 'person_id']).execute()).toEqual([{ opportunity_id: 100, person_id: 11 }]);
    const dup = await k.selectFrom('persons').select(['merged_into_id', '_deleted_at']).where('id', '=', 10).executeTakeFirstOrThrow();
    expect(dup).toEqual({ merged_into_id: 11, _deleted_at: T2 });
  });

  it('a merge naming a duplicate the warehouse never held gives it a row: id, survivor, merge time; twice is once', async () => {
    const k = db().kysely;
    await upsertRows(k, db().dialect, 'persons', [{ id: 21, first_name: 'Kept' }], T1);
    const merge = { entityType: 'person' as const, duplicateId: 20, survivorId: 21, mergedAt: T2 };
    await applyMerge(k, db().dialect, merge, T3);
    await applyMerge(k, db().dialect, merge, T3);
    const rows = await k
      .selectFrom('persons')
      .select(['id', 'first_name', 'merged_into_id', '_deleted_at', '_synced_at', '_raw'])
      .where('id', 'in', [20, 21])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 20, first_name: null, merged_into_id: 21, _deleted_at: T2, _synced_at: T3, _raw: null },
      { id: 21, first_name: 'Kept', merged_into_id: null, _deleted_at: null, _synced_at: T1, _raw: null },
    ]);
  });
});
