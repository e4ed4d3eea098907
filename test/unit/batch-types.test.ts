import { describe, expect, it } from 'vitest';
import { batchRowCount, emptyBatch, mergeBatch, type RowBatch, type RowOf } from '../../src/load/schema/row-batch.ts';
import { entity } from '../../src/load/schema/registry/columns.ts';
import { addUpsert, replaceSet, single } from '../../src/transform/rows.ts';

/**
 * The seam between transform and load. The run-time half is below; the `@ts-expect-error` lines are
 * the compile-time half: `npm test` type-checks first, and each line fails the check if the registry
 * types stop refusing what it names.
 */
describe('RowBatch helpers', () => {
  it('mergeBatch appends rows per table, replace sets, merges and cell edits; batchRowCount counts rows', () => {
    const a = single('companies', { id: 1, name: 'A' });
    const b: RowBatch = {
      upserts: { companies: [{ id: 2 }], persons: [{ id: 3 }] },
      replace: [replaceSet('company_persons', ['company_id'], [{ company_id: 2 }], [{ company_id: 2, person_id: 3 }])],
      merges: [{ entityType: 'company', duplicateId: 1, survivorId: 2, mergedAt: '2024-01-01T00:00:00Z' }],
    };
    const m = mergeBatch(a, b);
    expect(m).toBe(a);
    expect(m.upserts).toEqual({ companies: [{ id: 1, name: 'A' }, { id: 2 }], persons: [{ id: 3 }] });
    expect(m.replace).toHaveLength(1);
    expect(m.merges).toHaveLength(1);
    expect(m.cellEdits).toBeUndefined();
    expect(batchRowCount(m)).toBe(4);
    expect(batchRowCount(emptyBatch())).toBe(0);
  });

  it('a member left undefined is absent from the row (the loader keeps the stored value)', () => {
    const b = addUpsert(emptyBatch(), 'lists', { id: 1, name: undefined, size: 3 }, { id: 2, name: null });
    expect(b.upserts.lists).toEqual([
      { id: 1, size: 3 },
      { id: 2, name: null },
    ]);
    expect(Object.keys(b.upserts.lists![0]!)).toEqual(['id', 'size']);
    expect(Object.keys(single('teams', { id: 5, name: undefined }).upserts.teams![0]!)).toEqual(['id']);
  });
});

describe('the registry types refuse what the warehouse would refuse', () => {
  it('rows, replace sets and declarations', () => {
    // @ts-expect-error not a warehouse table
    single('companys', { id: 1 });
    // @ts-expect-error not a column of companies
    single('companies', { id: 1, nmae: 'x' });
    // @ts-expect-error list_id and entity_type are NOT NULL
    single('list_entries', { id: 1, entity_id: 2 });
    // @ts-expect-error ids are numbers
    single('persons', { id: '7' });
    // @ts-expect-error NOT NULL columns take no null
    single('field_value_changes', { id: 1, field_id: 'f', entity_id: 2, action_type: 'add', changed_at: null });
    // @ts-expect-error the loader writes _synced_at itself
    single('teams', { id: 1, _synced_at: '2024-01-01T00:00:00Z' });
    // @ts-expect-error only child tables are replaced per owner
    replaceSet('companies', ['id'], [{ id: 1 }], []);
    // @ts-expect-error the scope names a column of the table
    replaceSet('company_persons', ['person'], [], []);
    // @ts-expect-error a primary key cannot use a nullable column
    entity(['name'], { id: 'id', name: 'text?' });
    const nullable: RowOf<'companies'> = { id: 1, name: null, is_global: 1, _raw: null };
    expect(nullable.id).toBe(1);
  });
});
