import { describe, expect, it } from 'vitest';
import { v1FieldValueSchema, type V1FieldValue } from '../../src/extract/schemas/index.ts';
import {
  v1FieldId,
  v1FieldValueRows,
  v1FieldValuesReplace,
  v1TypedColumns,
  v1ValueTypeName,
} from '../../src/transform/index.ts';

const fv = (over: Partial<V1FieldValue>): V1FieldValue =>
  v1FieldValueSchema.parse({ id: 1, field_id: 751, entity_id: 38706, list_entry_id: null, value: null, ...over });

describe('v1 value types', () => {
  it.each([
    [0, false, 'person'], [0, true, 'person-multi'], [1, false, 'company'], [1, true, 'company-multi'],
    [2, false, 'dropdown'], [2, true, 'dropdown-multi'], [3, false, 'number'], [3, true, 'number-multi'],
    [4, false, 'datetime'], [4, true, 'datetime'], [5, false, 'location'], [5, true, 'location-multi'],
    [6, false, 'text'], [6, true, 'text'], [7, false, 'ranked-dropdown'], [7, true, 'ranked-dropdown'],
    [10, false, 'filterable-text'], [10, true, 'filterable-text-multi'], [42, false, 'v1-42'],
  ] as const)('value_type %i, allows_multiple %s → %s', (vt, multi, expected) => {
    expect(v1ValueTypeName(vt, multi)).toBe(expected);
  });

  it('field ids', () => {
    expect(v1FieldId(751)).toBe('field-751');
    expect(v1FieldId('affinity-data-location')).toBe('affinity-data-location');
  });
});

describe('v1 value encodings (API.md §6.6) → typed columns', () => {
  const none = { value_text: null, value_number: null, value_date: null, ref_id: null };
  it.each([
    ['person', 38706, { ref_id: 38706 }],
    ['company-multi', 1687449, { ref_id: 1687449 }],
    ['dropdown', 'Low', { value_text: 'Low' }],
    ['number', 3.5, { value_number: 3.5 }],
    ['number', '42', { value_number: 42 }],
    ['datetime', '2021-10-04T08:54:24.694-04:00', { value_date: '2021-10-04T12:54:24.694Z' }],
    ['location', { street_address: '1 Main', city: 'Boston', state: 'MA', country: 'USA', continent: null }, { value_text: 'Boston, MA, USA' }],
    ['text', 'hello', { value_text: 'hello' }],
    ['filterable-text', 'x', { value_text: 'x' }],
    ['ranked-dropdown', { id: 71, text: 'Low', rank: 1, color: 4 }, { ref_id: 71, value_text: 'Low', value_number: 1 }],
    ['person', 'not-an-id', {}],
    ['v1-42', { whatever: 1 }, {}],
  ] as const)('%s %j', (type, value, expected) => {
    expect(v1TypedColumns(type, value)).toEqual({ ...none, ...expected });
  });
});

describe('v1 field values → rows', () => {
  const types: Record<string, string> = { 'field-751': 'ranked-dropdown', 'field-1': 'person-multi', 'field-2': 'datetime' };
  const ctx = { entityType: 'person' as const, valueTypeOf: (id: string) => types[id], listIdOf: (le: number) => (le === 605 ? 26 : null) };

  it('maps the API.md example (list entry value, offset timestamps)', () => {
    const [row] = v1FieldValueRows([fv({ id: 177634, list_entry_id: 605, created_at: '2021-10-04T08:54:24.694-04:00',
      updated_at: '2022-03-04T08:54:24.694-04:00', value: { id: 71, text: 'Low', rank: 1, color: 4 } })], ctx);
    expect(row).toEqual({
      field_id: 'field-751', entity_type: 'person', entity_id: 38706, list_entry_id: 605, list_id: 26, value_index: 0,
      value_type: 'ranked-dropdown', value_json: JSON.stringify({ type: 'ranked-dropdown', data: { id: 71, text: 'Low', rank: 1, color: 4 } }),
      value_text: 'Low', value_number: 1, value_date: null, ref_id: 71, updated_at: '2022-03-04T12:54:24.694Z',
    });
  });

  it('multi-valued cells: several objects with one field_id → value_index in id order; null values skipped', () => {
    const rows = v1FieldValueRows([
      fv({ id: 30, field_id: 1, value: 300 }), fv({ id: 10, field_id: 1, value: 100 }), fv({ id: 20, field_id: 1, value: 200 }),
      fv({ id: 40, field_id: 1, value: null }), fv({ id: 50, field_id: 2, value: '2020-04-11T15:46:50.963-07:00' }),
    ], ctx);
    expect(rows.map((r) => [r.field_id, r.value_index, r.ref_id, r.list_entry_id])).toEqual([
      ['field-1', 0, 100, 0], ['field-1', 1, 200, 0], ['field-1', 2, 300, 0], ['field-2', 0, null, 0],
    ]);
    expect(rows[3]!.value_date).toBe('2020-04-11T22:46:50.963Z');
    expect(rows[0]!.list_id).toBeNull();
  });

  it('unknown field → value_type from the record or "unknown", value_json only', () => {
    const [a, b] = v1FieldValueRows([fv({ field_id: 999, value: 'x', value_type: 6 }), fv({ id: 2, field_id: 998, value: { q: 1 } })], ctx);
    expect(a).toMatchObject({ value_type: 'text', value_text: 'x' });
    expect(b).toMatchObject({ value_type: 'unknown', value_text: null, ref_id: null, value_json: '{"type":"unknown","data":{"q":1}}' });
  });

  it('replace set is scoped per cell so v2-only values (smart, enriched) survive', () => {
    const set = v1FieldValuesReplace([fv({ id: 1, field_id: 1, value: 5 }), fv({ id: 2, list_entry_id: 605, value: { id: 71, text: 'Low', rank: 1 } })], {
      ...ctx, entityId: 38706, fieldIds: ['field-1', 'field-3'], listEntryIds: [605],
    });
    expect(set.scope).toEqual(['field_id', 'entity_type', 'entity_id', 'list_entry_id']);
    const owners = set.owners.map((o) => `${o.field_id}@${o.list_entry_id}`).sort();
    expect(owners).toEqual(['field-1@0', 'field-1@605', 'field-3@0', 'field-3@605', 'field-751@605']);
    expect(set.owners.every((o) => o.entity_type === 'person' && o.entity_id === 38706)).toBe(true);
    expect(set.rows).toHaveLength(2);
  });
});
