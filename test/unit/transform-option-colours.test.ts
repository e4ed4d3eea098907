/**
 * Dropdown option colour names from `/v2` values (transform/option-colours.ts): docs/contract.md §7.6 gives the
 * ranked-dropdown value `{dropdownOptionId, text, rank, color}` with "color string, e.g. `"gray"`", §7.9
 * the change log's `"color": "green"`. They become updates of the options' rows, never new rows.
 */
import { describe, expect, it } from 'vitest';
import {
  v2CompanySchema,
  v2FieldSchema,
  v2FieldValueChangeSchema,
  v2FieldValueSchema,
  v2ListEntryWithEntitySchema,
  v2PersonSchema,
} from '../../src/extract/schemas/index.ts';
import { changeLogRows } from '../../src/streams/field-value-changes.ts';
import { WHOLE } from '../../src/streams/define.ts';
import { changeOptionColours, fieldsOptionColours, v2CompanyRows, v2ListEntryRows, v2PersonRows, valueOptionColours } from '../../src/transform/index.ts';

const ranked = (id: number, color?: unknown) => ({
  type: 'ranked-dropdown',
  data: { dropdownOptionId: id, text: `O${id}`, rank: 1, ...(color === undefined ? {} : { color }) },
});

describe('valueOptionColours', () => {
  it.each([
    ['ranked-dropdown with a name', ranked(7, 'gray'), [{ field_id: 'field-1', id: 7, color: 'gray' }]],
    ['ranked-dropdown without a colour', ranked(7), []],
    ['ranked-dropdown with an integer (a v1 code, not a name)', ranked(7, 3), []],
    ['ranked-dropdown with an empty name', ranked(7, ''), []],
    ['an empty cell', { type: 'ranked-dropdown', data: null }, []],
    ['a plain dropdown (no colour in the reference)', { type: 'dropdown', data: { dropdownOptionId: 7, text: 'a' } }, []],
    [
      'a plain dropdown that carries one',
      { type: 'dropdown', data: { dropdownOptionId: 7, text: 'a', color: 'red' } },
      [{ field_id: 'field-1', id: 7, color: 'red' }],
    ],
    [
      'a dropdown-multi: every element that names one',
      {
        type: 'dropdown-multi',
        data: [
          { dropdownOptionId: 7, text: 'a', color: 'red' },
          { dropdownOptionId: 8, text: 'b' },
        ],
      },
      [{ field_id: 'field-1', id: 7, color: 'red' }],
    ],
    ['another type with a colour member', { type: 'text', data: 'color' }, []],
  ])('%s', (_what, value, want) => {
    expect(valueOptionColours('field-1', v2FieldValueSchema.parse(value))).toEqual(want);
  });

  it('fieldsOptionColours: each field of a record; none when the fields are absent', () => {
    const fields = [
      { id: 'field-1', name: 'Stage', type: 'list', value: ranked(7, 'green') },
      { id: 'field-2', name: 'Size', type: 'global', value: { type: 'number', data: 3 } },
      { id: 'field-3', name: 'Tier', type: 'global', value: ranked(9, 'blue') },
    ].map((f) => v2FieldSchema.parse(f));
    expect(fieldsOptionColours(fields)).toEqual([
      { field_id: 'field-1', id: 7, color: 'green' },
      { field_id: 'field-3', id: 9, color: 'blue' },
    ]);
    expect(fieldsOptionColours(undefined)).toEqual([]);
  });
});

describe('records: the colours become updates of dropdown_options, never upserts', () => {
  const fields = [{ id: 'field-1', name: 'Stage', type: 'global', value: ranked(7, 'green') }];

  it.each([
    ['a company', () => v2CompanyRows(v2CompanySchema.parse({ id: 1, name: 'A', fields }))],
    ['a person', () => v2PersonRows(v2PersonSchema.parse({ id: 2, firstName: 'P', fields }))],
    [
      'a company list entry',
      () =>
        v2ListEntryRows(
          v2ListEntryWithEntitySchema.parse({ id: 5, listId: 9, type: 'company', createdAt: '2024-01-01T00:00:00Z', entity: { id: 1, name: 'A', fields } }),
        ),
    ],
    [
      'an opportunity list entry',
      () =>
        v2ListEntryRows(
          v2ListEntryWithEntitySchema.parse({ id: 6, listId: 9, type: 'opportunity', createdAt: '2024-01-01T00:00:00Z', entity: { id: 3, name: 'O', fields } }),
        ),
    ],
  ])('%s', (_what, rows) => {
    const b = rows();
    expect(b.updates?.dropdown_options).toEqual([{ field_id: 'field-1', id: 7, color: 'green' }]);
    expect(b.upserts.dropdown_options).toBeUndefined();
    expect(b.replace.some((s) => s.table === 'dropdown_options')).toBe(false);
  });
});

describe('the change log', () => {
  const change = (over: Record<string, unknown>) =>
    v2FieldValueChangeSchema.parse({
      id: 1,
      type: 'ranked-dropdown',
      actionType: 'update',
      changedAt: '2026-01-01T00:00:00Z',
      field: { id: 'field-7', name: 'Stage', type: 'list', entityType: 'opportunity' },
      entity: { id: 300000001 },
      listEntry: { id: 400000001, listId: 3 },
      changer: null,
      value: { referenceType: 'entity', dropdownOptionId: 7, text: 'Won', rank: 3, color: 'green' },
      ...over,
    });

  it.each([
    ['an update', {}, [{ field_id: 'field-7', id: 7, color: 'green' }]],
    ['a delete (the old value: still the option’s colour)', { actionType: 'delete' }, [{ field_id: 'field-7', id: 7, color: 'green' }]],
    ['a deleted option (no record shape)', { value: { referenceType: 'deleted-entity', displayValue: 'Won' } }, []],
    ['another type', { type: 'number', value: 3 }, []],
  ])('changeOptionColours: %s', (_what, over, want) => {
    expect(changeOptionColours(change(over))).toEqual(want);
  });

  it('sets colours once the log is followed; its first read (history) only fills options with none', () => {
    const c = change({});
    const first = changeLogRows([c], [c], { partition: WHOLE, ids: [], initialRead: true }).rows;
    expect(first.updates?.dropdown_options).toBeUndefined();
    expect(first.fills?.dropdown_options).toEqual([{ field_id: 'field-7', id: 7, color: 'green' }]);
    const followed = changeLogRows([c], [c], { partition: WHOLE, ids: [], initialRead: false }).rows;
    expect(followed.updates?.dropdown_options).toEqual([{ field_id: 'field-7', id: 7, color: 'green' }]);
    expect(followed.fills).toBeUndefined();
  });
});
