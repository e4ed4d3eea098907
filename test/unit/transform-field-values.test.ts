import { describe, expect, it } from 'vitest';
import { v2FieldSchema, v2FieldValueSchema } from '../../src/extract/schemas/index.ts';
import {
  entityFieldValuesReplace,
  isTruncated,
  listEntryFieldValuesReplace,
  locationText,
  TimestampError,
  valueRows,
  type FieldValueOwner,
} from '../../src/transform/index.ts';

const owner: FieldValueOwner = { entityType: 'company', entityId: 10 };
const pd = (id: number, firstName: string | null, lastName: string | null, email: string | null = null) => ({
  id,
  firstName,
  lastName,
  primaryEmailAddress: email,
  type: 'external',
});
const loc = (city: string | null, state: string | null, country: string | null) => ({ streetAddress: '1 Main', city, state, country, continent: 'Europe' });

/** Parse like the extractor does, then transform. */
function rows(value: unknown, o: FieldValueOwner = owner) {
  return valueRows('field-1', v2FieldValueSchema.parse(value), o);
}
const typed = (r: Record<string, unknown>) => ({ value_text: r.value_text, value_number: r.value_number, value_date: r.value_date, ref_id: r.ref_id });

describe('v2 field values → field_values rows, single-valued types', () => {
  it.each([
    ['text', 'hello', { value_text: 'hello' }],
    ['filterable-text', 'Fintech', { value_text: 'Fintech' }],
    ['number', 100, { value_number: 100 }],
    ['datetime', '2024-04-01T07:00:00Z', { value_date: '2024-04-01T07:00:00.000Z' }],
    ['location', loc('San Francisco', 'California', 'United States'), { value_text: 'San Francisco, California, United States' }],
    ['dropdown', { dropdownOptionId: 5, text: 'Seed' }, { value_text: 'Seed', ref_id: 5 }],
    ['ranked-dropdown', { dropdownOptionId: 1, text: 'Option 1', rank: 1, color: 'gray' }, { value_text: 'Option 1', value_number: 1, ref_id: 1 }],
    ['person', pd(7, 'Wile E.', 'Coyote'), { value_text: 'Wile E. Coyote', ref_id: 7 }],
    ['company', { id: 1, name: 'Acme', domain: 'acme.co' }, { value_text: 'Acme', ref_id: 1 }],
    ['formula-number', { calculatedValue: 100 }, { value_number: 100 }],
    [
      'interaction',
      {
        type: 'meeting',
        id: 1,
        title: 'Defective Products',
        allDay: false,
        startTime: '2020-01-02T00:00:00Z',
        endTime: '2020-01-02T01:00:00Z',
        attendees: [{ emailAddress: 'bobbo@acme.co', person: null }],
      },
      { value_text: 'meeting', value_date: '2020-01-02T00:00:00.000Z', ref_id: 1 },
    ],
    [
      'interaction',
      { type: 'email', id: 2, subject: null, sentAt: '2021-10-04T08:54:24.694-04:00', from: { emailAddress: null, person: null }, to: [], cc: [] },
      { value_text: 'email', value_date: '2021-10-04T12:54:24.694Z', ref_id: 2 },
    ],
    [
      'interaction',
      { type: 'chat-message', id: 3, direction: 'sent', sentAt: '2021-01-01T00:00:00Z', manualCreator: pd(1, 'A', null), participants: [] },
      { value_text: 'chat-message', value_date: '2021-01-01T00:00:00.000Z', ref_id: 3 },
    ],
    [
      'interaction',
      { type: 'call', id: 4, startTime: '2021-01-01T10:00:00Z', attendees: [] },
      { value_text: 'call', value_date: '2021-01-01T10:00:00.000Z', ref_id: 4 },
    ],
    ['note', { id: 12 }, { ref_id: 12 }],
    ['note', { id: 13, type: 'entities', content: { html: '<p>Met at <b>dinner</b> &amp; agreed</p>' } }, { value_text: 'Met at dinner & agreed', ref_id: 13 }],
    [
      'reminder',
      { id: 5, type: 'one-time', content: 'Call', dueDate: '2026-01-01T00:00:00-05:00', createdAt: null },
      { value_text: 'Call', value_date: '2026-01-01T05:00:00.000Z', ref_id: 5 },
    ],
  ])('%s', (type, data, expected) => {
    const out = rows({ type, data });
    expect(out).toHaveLength(1);
    const r = out[0]!;
    expect(typed(r)).toEqual({ value_text: null, value_number: null, value_date: null, ref_id: null, ...expected });
    expect(r).toMatchObject({
      field_id: 'field-1',
      entity_type: 'company',
      entity_id: 10,
      list_entry_id: 0,
      list_id: null,
      value_index: 0,
      value_type: type,
    });
    // The bare value, the shape field_value_changes.value_json has for it; the type is value_type.
    expect(JSON.parse(r.value_json as string)).toEqual(data);
  });

  it("value_json is the value alone: its siblings (2026-09 internalPerson) stay in the record's _raw", () => {
    const data = { type: 'call', id: 4, startTime: '2021-01-01T10:00:00Z', attendees: [] };
    const v = { type: 'interaction', data, internalPerson: pd(9, 'I', null) };
    expect(JSON.parse(rows(v)[0]!.value_json as string)).toEqual(data);
  });

  it.each([
    'text',
    'number',
    'datetime',
    'location',
    'dropdown',
    'ranked-dropdown',
    'person',
    'company',
    'formula-number',
    'interaction',
    'person-multi',
    'company-multi',
    'dropdown-multi',
    'location-multi',
    'number-multi',
    'filterable-text-multi',
    'list-multi',
    'note',
    'reminder',
  ])('%s with null data → no rows', (type) => {
    expect(rows({ type, data: null })).toEqual([]);
  });

  it('a formula without a result is an empty cell', () => {
    expect(rows({ type: 'formula-number', data: { calculatedValue: null } })).toEqual([]);
  });

  it('person name falls back to the email; location to street/continent', () => {
    expect(rows({ type: 'person', data: pd(3, null, null, 'x@y.z') })[0]!.value_text).toBe('x@y.z');
    expect(locationText({ streetAddress: null, city: null, state: null, country: null, continent: 'Europe' })).toBe('Europe');
    expect(locationText({ streetAddress: null, city: 'Paris', state: null, country: 'France', continent: null })).toBe('Paris, France');
    expect(locationText(null)).toBeNull();
  });

  it('an impossible datetime inside a value throws (the record is quarantined)', () => {
    expect(() => rows({ type: 'datetime', data: '2023-02-30T00:00:00Z' })).toThrow(TimestampError);
  });
});

describe('multi-valued cells → one row per value', () => {
  it.each([
    ['filterable-text-multi', ['Healthcare', 'Fintech', 'SaaS'], 'value_text', ['Healthcare', 'Fintech', 'SaaS']],
    ['number-multi', [3, 1, 2], 'value_number', [3, 1, 2]],
    ['location-multi', [loc('Oslo', null, 'Norway'), loc(null, 'Texas', 'United States')], 'value_text', ['Oslo, Norway', 'Texas, United States']],
    [
      'dropdown-multi',
      [
        { dropdownOptionId: 8, text: 'B2B' },
        { dropdownOptionId: 9, text: 'B2C' },
      ],
      'ref_id',
      [8, 9],
    ],
    ['person-multi', [pd(1, 'A', 'B'), pd(2, 'C', null)], 'value_text', ['A B', 'C']],
    [
      'company-multi',
      [
        { id: 5, name: 'Acme', domain: null },
        { id: 6, name: 'Beta', domain: 'b.co' },
      ],
      'ref_id',
      [5, 6],
    ],
    ['list-multi', [{ id: 1, name: 'Deals', type: 'opportunity', entityCount: 3 }], 'ref_id', [1]],
  ] as const)('%s', (type, data, column, expected) => {
    const out = rows({ type, data, totalCount: data.length });
    expect(out.map((r) => r.value_index)).toEqual(expected.map((_, i) => i));
    expect(out.map((r) => r[column])).toEqual(expected);
    expect(out.every((r) => r.value_type === type)).toBe(true);
    // Each row's value_json is that row's element, as a change to it would carry it.
    out.forEach((r, i) => expect(JSON.parse(r.value_json as string)).toEqual(data[i]));
  });

  it('an empty array is an empty cell', () => {
    expect(rows({ type: 'person-multi', data: [] })).toEqual([]);
  });
});

describe('unknown value types are stored as JSON, never a crash', () => {
  it('one row with only value_json', () => {
    const v = { type: 'hologram', data: { beams: [1, 2] }, extra: 'x' };
    const out = rows(v);
    expect(out).toEqual([
      {
        field_id: 'field-1',
        entity_type: 'company',
        entity_id: 10,
        list_entry_id: 0,
        list_id: null,
        value_index: 0,
        value_type: 'hologram',
        value_json: JSON.stringify(v.data),
        value_text: null,
        value_number: null,
        value_date: null,
        ref_id: null,
      },
    ]);
  });

  it('a redacted (hidden, null) value gives no row', () => {
    expect(rows({ type: 'hidden', data: null })).toEqual([]);
  });

  it('an unknown interaction kind keeps its id', () => {
    const out = rows({ type: 'interaction', data: { type: 'video-call', id: 77, startTime: '2024-01-01T00:00:00Z' } });
    expect(typed(out[0]!)).toEqual({ value_text: 'video-call', value_number: null, value_date: '2024-01-01T00:00:00.000Z', ref_id: 77 });
  });
});

describe('replace sets', () => {
  const fields = [
    { id: 'field-1', name: 'G', type: 'global', enrichmentSource: null, value: { type: 'number', data: 100 } },
    { id: 'field-2', name: 'L', type: 'list', enrichmentSource: null, value: { type: 'number', data: 200 } },
    { id: 'affinity-data-location', name: 'Location', type: 'enriched', enrichmentSource: 'affinity-data', value: { type: 'location', data: null } },
  ].map((f) => v2FieldSchema.parse(f));

  it('entity-level: scope (entity_type, entity_id, list_entry_id) with owner list_entry_id 0', () => {
    const set = entityFieldValuesReplace(fields, { entityType: 'person', entityId: 3 })!;
    expect(set.table).toBe('field_values');
    expect(set.scope).toEqual(['entity_type', 'entity_id', 'list_entry_id']);
    expect(set.owners).toEqual([{ entity_type: 'person', entity_id: 3, list_entry_id: 0 }]);
    // The cleared location has no row, so replacing removes it from the warehouse.
    expect(set.rows.map((r) => r.field_id)).toEqual(['field-1', 'field-2']);
  });

  it('entity-level: absent fields, or [] without a field selection, say nothing → no replace', () => {
    const o = { entityType: 'company' as const, entityId: 1 };
    expect(entityFieldValuesReplace(undefined, o)).toBeNull();
    expect(entityFieldValuesReplace(null, o, { fieldsRequested: true })).toBeNull();
    // The service (and the simulator) sends `fields: []` when no fields were selected.
    expect(entityFieldValuesReplace([], o)).toBeNull();
    const set = entityFieldValuesReplace([], o, { fieldsRequested: true });
    expect(set?.owners).toEqual([{ entity_type: 'company', entity_id: 1, list_entry_id: 0 }]);
    expect(set?.rows).toEqual([]);
  });

  it('list entry: [] without a selection → no replace; with one → empties the entry', () => {
    const o = { entityType: 'person' as const, entityId: 1, listEntryId: 2, listId: 3 };
    expect(listEntryFieldValuesReplace([], o)).toBeNull();
    expect(listEntryFieldValuesReplace([], o, { fieldsRequested: true })?.rows).toEqual([]);
  });

  it('list entry: scope list_entry_id; company/person entries keep only list fields', () => {
    const set = listEntryFieldValuesReplace(fields, { entityType: 'company', entityId: 9, listEntryId: 55, listId: 4 })!;
    expect(set.scope).toEqual(['list_entry_id']);
    expect(set.owners).toEqual([{ list_entry_id: 55 }]);
    expect(set.rows).toHaveLength(1);
    expect(set.rows[0]).toMatchObject({ field_id: 'field-2', entity_type: 'company', entity_id: 9, list_entry_id: 55, list_id: 4, value_number: 200 });
  });

  it('opportunity entries keep every field (the entry is their only source)', () => {
    const set = listEntryFieldValuesReplace(fields, { entityType: 'opportunity', entityId: 9, listEntryId: 55, listId: 4 })!;
    expect(set.rows.map((r) => r.field_id)).toEqual(['field-1', 'field-2']);
  });
});

describe('association fields (companies, persons) never reach field_values: their home is the association tables', () => {
  const people = (n: number) => Array.from({ length: n }, (_, i) => pd(i + 1, 'P', String(i)));
  const companies = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `C${i + 1}`, domain: null }));
  const stage = v2FieldSchema.parse({ id: 'field-1', name: 'G', type: 'list', enrichmentSource: null, value: { type: 'number', data: 7 } });
  const assoc = (id: string, type: string, value: unknown) => v2FieldSchema.parse({ id, name: id, type, enrichmentSource: null, value });
  const entry = { entityType: 'opportunity' as const, entityId: 9, listEntryId: 55, listId: 4 };
  const personEntry = { entityType: 'person' as const, entityId: 3, listEntryId: 56, listId: 5 };
  it.each([
    ['persons, whole (2)', entry, assoc('persons', 'list', { type: 'person-multi', data: people(2) })],
    ['persons, cut at 100', entry, assoc('persons', 'list', { type: 'person-multi', data: people(100) })],
    ['persons, cut (totalCount 250)', entry, assoc('persons', 'list', { type: 'person-multi', data: people(3), totalCount: 250 })],
    ['companies, whole (1)', entry, assoc('companies', 'list', { type: 'company-multi', data: companies(1) })],
    ['companies, cut at 100', entry, assoc('companies', 'list', { type: 'company-multi', data: companies(100) })],
    ['companies on a person list, whole', personEntry, assoc('companies', 'list', { type: 'company-multi', data: companies(2) })],
    ['companies on a person list, cut', personEntry, assoc('companies', 'list', { type: 'company-multi', data: companies(100) })],
    ['persons, empty', entry, assoc('persons', 'list', { type: 'person-multi', data: null })],
  ])('list entry, %s → only the other fields, the entry still replaced whole', (_n, o, field) => {
    const set = listEntryFieldValuesReplace([stage, field], o)!;
    expect(set.owners).toEqual([{ list_entry_id: o.listEntryId }]);
    expect(set.rows.map((r) => r.field_id)).toEqual(['field-1']);
    // Alone, the entry's set is still replaced (emptied): a copy stored before migration 010 goes.
    expect(listEntryFieldValuesReplace([field], o)?.rows).toEqual([]);
  });
  it.each([
    ['persons on a company, whole', 'company', assoc('persons', 'global', { type: 'person-multi', data: people(2) })],
    ['persons on a company, cut', 'company', assoc('persons', 'global', { type: 'person-multi', data: people(100) })],
    ['companies on a person, whole', 'person', assoc('companies', 'global', { type: 'company-multi', data: companies(2) })],
    ['companies on a person, cut', 'person', assoc('companies', 'global', { type: 'company-multi', data: companies(100) })],
  ] as const)('entity-level, %s → no row', (_n, entityType, field) => {
    expect(entityFieldValuesReplace([field], { entityType, entityId: 1 })?.rows).toEqual([]);
  });
});

describe('isTruncated', () => {
  const people = (n: number) => Array.from({ length: n }, (_, i) => pd(i + 1, 'P', String(i)));
  it.each([
    ['99 items, no totalCount', { type: 'person-multi', data: people(99) }, false],
    ['100 items', { type: 'person-multi', data: people(100) }, true],
    ['3 items, totalCount 250', { type: 'person-multi', data: people(3), totalCount: 250 }, true],
    ['3 items, totalCount 3', { type: 'person-multi', data: people(3), totalCount: 3 }, false],
    ['null data', { type: 'company-multi', data: null }, false],
    ['single value', { type: 'person', data: pd(1, 'A', null) }, false],
  ])('%s → %s', (_n, value, expected) => {
    expect(isTruncated(v2FieldValueSchema.parse(value))).toBe(expected);
  });
  it('plain arrays and absent values', () => {
    expect(isTruncated(new Array(100).fill(1))).toBe(true);
    expect(isTruncated([1, 2])).toBe(false);
    expect(isTruncated(undefined)).toBe(false);
  });
});
