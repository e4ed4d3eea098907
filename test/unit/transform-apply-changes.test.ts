import { describe, expect, it } from 'vitest';
import { applyChange, editCellRows, multiCellEdit, type CellEdit } from '../../src/transform/apply-changes.ts';
import { v2FieldValueChangeSchema, type V2FieldValueChange } from '../../src/extract/schemas/index.ts';
import { v2FieldValueChangeRows } from '../../src/transform/field-value-changes.ts';
import { setOf } from '../helpers/batch.ts';

function change(over: Record<string, unknown>): V2FieldValueChange {
  return v2FieldValueChangeSchema.parse({
    id: 1,
    type: 'number',
    actionType: 'update',
    changedAt: '2026-01-01T00:00:00Z',
    field: { id: 'field-7', name: 'Size', type: 'global', entityType: 'company' },
    entity: { id: 200000001 },
    listEntry: null,
    changer: null,
    value: 5,
    ...over,
  });
}

describe('applyChange (single-valued cells)', () => {
  it.each([
    ['number', 42, { value_number: 42 }],
    ['text', 'hello', { value_text: 'hello' }],
    ['datetime', '2024-04-01T07:00:00.000Z', { value_date: '2024-04-01T07:00:00.000Z' }],
    [
      'ranked-dropdown',
      { referenceType: 'entity', dropdownOptionId: 7, text: 'Won', rank: 3, color: 'green' },
      { ref_id: 7, value_text: 'Won', value_number: 3 },
    ],
    [
      'person',
      { referenceType: 'entity', id: 100000001, firstName: 'Ada', lastName: 'Lovelace', primaryEmailAddress: null, type: 'external' },
      { ref_id: 100000001 },
    ],
    ['company', { referenceType: 'entity', id: 200000009, name: 'Acme', domain: 'acme.co' }, { ref_id: 200000009, value_text: 'Acme' }],
  ])('%s: replaces exactly its cell with the read-shaped row', (type, value, typed) => {
    const b = applyChange(change({ type, value }))!;
    expect(b.replace).toHaveLength(1);
    const set = setOf(b.replace[0], 'field_values');
    expect(set.scope).toEqual(['field_id', 'entity_type', 'entity_id', 'list_entry_id']);
    expect(set.owners).toEqual([{ field_id: 'field-7', entity_type: 'company', entity_id: 200000001, list_entry_id: 0 }]);
    expect(set.rows).toHaveLength(1);
    expect(set.rows[0]).toMatchObject({ value_type: type, value_index: 0, ...typed });
    // One shape for one value: the cell's value_json is the change row's, the read shape without referenceType.
    const logged = v2FieldValueChangeRows(change({ type, value })).upserts.field_value_changes?.[0];
    expect(set.rows[0]!.value_json).toBe(logged?.value_json);
    expect(JSON.parse(String(set.rows[0]!.value_json))).not.toHaveProperty('referenceType');
  });

  it('a delete empties the cell', () => {
    const b = applyChange(change({ actionType: 'delete', value: 5 }))!;
    expect(b.replace[0]!.rows).toEqual([]);
  });

  it('keys list-entry cells by the entry', () => {
    const b = applyChange(change({ listEntry: { id: 400000003, listId: 1002 }, field: { id: 'field-9', type: 'list', entityType: 'opportunity' } }))!;
    expect(b.replace[0]!.owners[0]).toEqual({ field_id: 'field-9', entity_type: 'opportunity', entity_id: 200000001, list_entry_id: 400000003 });
    expect(b.replace[0]!.rows[0]).toMatchObject({ list_entry_id: 400000003, list_id: 1002 });
  });

  it.each([
    ['a reference to a deleted record', { type: 'person', value: { referenceType: 'deleted-entity', displayValue: 'Person 9' } }],
    ['an association field', { type: 'person', field: { id: 'persons', entityType: 'company' }, value: { referenceType: 'entity', id: 1 } }],
    ['an unknown type', { type: 'hologram', value: { x: 1 } }],
    ['a multi-valued type', { type: 'number-multi', actionType: 'add', value: 3 }],
  ])('leaves %s for a re-read', (_name, over) => {
    expect(applyChange(change(over))).toBeNull();
  });
});

describe('multi-valued cell edits', () => {
  const base = (over: Partial<CellEdit>): CellEdit => ({
    fieldId: 'field-8',
    entityType: 'company',
    entityId: 1,
    listEntryId: 0,
    listId: null,
    valueType: 'person-multi',
    action: 'add',
    element: { id: 5 },
    ...over,
  });
  const cell = (ids: number[]) => ids.map((id) => JSON.stringify({ id }));

  it('an add appends one row per element in order', () => {
    const rows = editCellRows(cell([1, 2]), base({ element: { id: 5 } }));
    expect(rows.map((r) => [r.value_index, r.ref_id])).toEqual([
      [0, 1],
      [1, 2],
      [2, 5],
    ]);
  });

  it('a delete removes the element and renumbers', () => {
    const rows = editCellRows(cell([1, 2, 3]), base({ action: 'delete', element: { id: 2 } }));
    expect(rows.map((r) => [r.value_index, r.ref_id])).toEqual([
      [0, 1],
      [1, 3],
    ]);
  });

  it('is idempotent: adding a present element or deleting an absent one changes nothing', () => {
    expect(editCellRows(cell([1, 2]), base({ element: { id: 2 } })).map((r) => r.ref_id)).toEqual([1, 2]);
    expect(editCellRows(cell([1, 2]), base({ action: 'delete', element: { id: 9 } })).map((r) => r.ref_id)).toEqual([1, 2]);
  });

  it('deleting the last element empties the cell', () => {
    expect(editCellRows(cell([4]), base({ action: 'delete', element: { id: 4 } }))).toEqual([]);
  });

  it('builds edits from multi-valued changes only', () => {
    expect(multiCellEdit(change({ type: 'number-multi', actionType: 'add', value: 3 }))).toMatchObject({
      action: 'add',
      element: 3,
      valueType: 'number-multi',
    });
    expect(multiCellEdit(change({ type: 'person-multi', actionType: 'delete', value: { referenceType: 'entity', id: 9 } }))).toMatchObject({
      action: 'delete',
      element: { id: 9 },
    });
    expect(multiCellEdit(change({ type: 'number', value: 3 }))).toBeNull();
    expect(multiCellEdit(change({ type: 'person-multi', actionType: 'add', value: { referenceType: 'deleted-entity', displayValue: 'x' } }))).toBeNull();
  });
});
