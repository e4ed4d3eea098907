import { describe, expect, it } from 'vitest';
import * as S from '../../src/extract/schemas/index.ts';
import * as T from '../../src/transform/index.ts';
import { setOf } from '../helpers/batch.ts';

const pd = { id: 1, firstName: 'Jane', lastName: 'Doe', primaryEmailAddress: 'jane@x.co', type: 'internal' };
const v1p = { id: 38706, type: 1, first_name: 'Jane', last_name: 'Doe', primary_email: 'jane@gmail.com', emails: ['jane@gmail.com'] };

describe('lists and list entries', () => {
  it('v2 list', () => {
    const b = T.v2ListRows(S.v2ListSchema.parse({ id: 1, name: 'Deals', type: 'opportunity', isPublic: false, ownerId: 2, creatorId: 3 }));
    expect(b.upserts.lists?.[0]).toMatchObject({ id: 1, name: 'Deals', type: 'opportunity', is_public: false, owner_id: 2, creator_id: 3 });
    expect(b.upserts.lists?.[0]).not.toHaveProperty('size');
    expect(b.upserts.lists?.[0]).not.toHaveProperty('created_at');
  });

  it.each([
    [0, 'person'],
    [1, 'company'],
    [8, 'opportunity'],
    [5, 'v1-5'],
  ])('v1 list type %i → %s', (type, name) => {
    const b = T.v1ListRows(S.v1ListSchema.parse({ id: 26, type, name: 'L', public: true, owner_id: 1, creator_id: 1, list_size: 12 }));
    expect(b.upserts.lists?.[0]).toMatchObject({ id: 26, type: name, is_public: true, size: 12 });
  });

  it('v2 company list entry: row + list fields only', () => {
    const e = S.v2ListEntryWithEntitySchema.parse({
      id: 1,
      listId: 1,
      type: 'company',
      createdAt: '2023-01-01T00:00:00Z',
      creatorId: null,
      entity: {
        id: 222345350,
        name: 'Acme',
        domain: 'acme.co',
        domains: ['acme.co'],
        isGlobal: true,
        fields: [
          { id: 'field-1', name: 'G', type: 'global', enrichmentSource: null, value: { type: 'number', data: 100 } },
          { id: 'field-2', name: 'L', type: 'list', enrichmentSource: null, value: { type: 'number', data: 200 } },
        ],
      },
    });
    const b = T.v2ListEntryRows(e);
    expect(b.upserts.list_entries).toEqual([
      { id: 1, list_id: 1, entity_type: 'company', entity_id: 222345350, created_at: '2023-01-01T00:00:00.000Z', creator_id: null, _raw: JSON.stringify(e) },
    ]);
    expect(b.replace).toHaveLength(1);
    expect(b.replace[0]).toMatchObject({ scope: ['list_entry_id'], owners: [{ list_entry_id: 1 }] });
    expect(setOf(b.replace[0], 'field_values').rows.map((r) => r.field_id)).toEqual(['field-2']);
    expect(b.upserts.companies).toBeUndefined();
  });

  it('saved views', () => {
    const b = T.savedViewRows(S.v2SavedViewSchema.parse({ id: 3, name: 'Board', type: 'board', createdAt: '2023-01-01T00:00:00Z' }), 9);
    expect(b.upserts.saved_views?.[0]).toMatchObject({ id: 3, list_id: 9, name: 'Board', type: 'board', created_at: '2023-01-01T00:00:00.000Z' });
  });
});

describe('fields', () => {
  it('v2 metadata: v1_id from field-<n>, list_id only for list fields, allows_multiple from the type', () => {
    const list = T.v2FieldRows(
      S.v2FieldMetadataSchema.parse({ id: 'field-1625', name: 'Status', type: 'list', enrichmentSource: null, valueType: 'ranked-dropdown' }),
      { listId: 4, entityType: 'opportunity' },
    );
    expect(list.upserts.fields?.[0]).toMatchObject({
      id: 'field-1625',
      v1_id: 1625,
      type: 'list',
      value_type: 'ranked-dropdown',
      list_id: 4,
      entity_type: 'opportunity',
      allows_multiple: false,
      enrichment_source: null,
    });
    expect(list.upserts.fields?.[0]).not.toHaveProperty('track_changes');
    const enriched = T.v2FieldRows(
      S.v2FieldMetadataSchema.parse({
        id: 'affinity-data-industry',
        name: 'Industry',
        type: 'enriched',
        enrichmentSource: 'affinity-data',
        valueType: 'filterable-text-multi',
      }),
      { listId: 4 },
    );
    expect(enriched.upserts.fields?.[0]).toMatchObject({ v1_id: null, allows_multiple: true });
    // A system id's scope-dependent members go to field_scopes only (one row per defining entity type / list).
    for (const c of ['entity_type', 'list_id', 'type', '_raw']) expect(enriched.upserts.fields?.[0]).not.toHaveProperty(c);
    expect(list.upserts.field_scopes).toEqual([
      {
        field_id: 'field-1625',
        entity_type: 'opportunity',
        list_id: 4,
        type: 'list',
        definition_json: JSON.stringify({ id: 'field-1625', name: 'Status', type: 'list', enrichmentSource: null, valueType: 'ranked-dropdown' }),
      },
    ]);
    expect(enriched.upserts.field_scopes).toBeUndefined(); // no entity type known: no scope to record
  });

  it('v1 field: ids, types, enrichment "none" → null, dropdown options replaced per field', () => {
    const f = S.v1FieldSchema.parse({
      id: 1234,
      name: 'Deal Status',
      list_id: 11,
      enrichment_source: 'none',
      value_type: 7,
      allows_multiple: false,
      track_changes: true,
      dropdown_options: [{ id: 2863451, text: 'New', rank: 0, color: 3 }],
    });
    const b = T.v1FieldRows(f);
    expect(b.upserts.fields).toEqual([
      {
        id: 'field-1234',
        v1_id: 1234,
        name: 'Deal Status',
        type: 'list',
        entity_type: undefined,
        list_id: 11,
        enrichment_source: null,
        allows_multiple: false,
        track_changes: true,
      },
    ]);
    // The value type and record only fill what `/v2` left null (see the fill table below).
    expect(b.fills?.fields).toEqual([{ id: 'field-1234', value_type: 'ranked-dropdown', _raw: JSON.stringify(f) }]);
    expect(b.replace).toEqual([
      {
        table: 'dropdown_options',
        scope: ['field_id'],
        owners: [{ field_id: 'field-1234' }],
        // The v1 integer is a code, not a name (no document maps one to the other); the name `/v2`
        // values gave is kept while the code stays the same.
        rows: [{ field_id: 'field-1234', id: 2863451, text: 'New', rank: 0, color_code: 3 }],
        keep: { columns: ['color', 'color_code'], unlessChanged: ['color_code'] },
      },
    ]);
  });

  it.each([
    [{ list_id: null, enrichment_source: 'none', value_type: 0, allows_multiple: true }, 'global', 'person-multi'],
    [{ list_id: null, enrichment_source: 'dealroom', value_type: 10, allows_multiple: false }, 'enriched', 'filterable-text'],
    [{ list_id: 3, enrichment_source: 'none', value_type: 5, allows_multiple: true }, 'list', 'location-multi'],
    [{ list_id: null, enrichment_source: 'none', value_type: 3, allows_multiple: false }, 'global', 'number'],
  ])('v1 field %j → type %s, value_type %s', (over, type, valueType) => {
    const b = T.v1FieldRows(S.v1FieldSchema.parse({ id: 1, name: 'F', ...over }));
    expect(b.upserts.fields?.[0]).toMatchObject({ type });
    expect(b.fills?.fields?.[0]).toMatchObject({ id: 'field-1', value_type: valueType });
  });

  // Issue 33 item 12: `/v2` and v1 both describe a custom field and sweep on their own schedules. A member
  // only v1 gives, or one both give alike, is upserted; one `/v2` gives more precisely (a formula's
  // `formula-number` is v1's `number`) or in its own shape (`_raw`) is a fill: set only where null.
  it.each([
    ['name', 'upsert'],
    ['type', 'upsert'],
    ['list_id', 'upsert'],
    ['enrichment_source', 'upsert'],
    ['allows_multiple', 'upsert'],
    ['track_changes', 'upsert'],
    ['value_type', 'fill'],
    ['_raw', 'fill'],
  ] as const)('v1 field member %s: %s', (column, how) => {
    const b = T.v1FieldRows(
      S.v1FieldSchema.parse({ id: 9, name: 'Score', list_id: null, enrichment_source: 'none', value_type: 3, allows_multiple: false, track_changes: true }),
    );
    const upserted = b.upserts.fields?.[0] ?? {};
    const filled = b.fills?.fields?.[0] ?? {};
    expect(column in upserted && upserted[column as keyof typeof upserted] !== undefined).toBe(how === 'upsert');
    expect(column in filled).toBe(how === 'fill');
    expect(filled).toMatchObject({ id: 'field-9' });
  });

  it('v2 dropdown options', () => {
    const set = T.dropdownOptionsReplace('field-3', [S.v2DropdownOptionSchema.parse({ id: 7, text: 'Won', rank: 3, color: 'green' })]);
    expect(set.rows).toEqual([{ field_id: 'field-3', id: 7, text: 'Won', rank: 3, color: 'green' }]);
  });

  it.each([
    ['an integer → color_code only', 3, { color_code: 3 }],
    ['a name → color only', 'green', { color: 'green' }],
    ['null → no colour code (the name goes when the code changes)', null, { color_code: null }],
    ['absent → neither (both kept)', undefined, {}],
  ])('option colour: %s', (_what, color, want) => {
    const set = T.dropdownOptionsReplace('field-3', [
      S.v1DropdownOptionSchema.parse({ id: 7, text: 'Won', rank: 3, ...(color === undefined ? {} : { color }) }),
    ]);
    expect(set.rows).toEqual([{ field_id: 'field-3', id: 7, text: 'Won', rank: 3, ...want }]);
  });
});

describe('field value changes', () => {
  it('v2 (docs/contract.md §7.9 example)', () => {
    const c = S.v2FieldValueChangeSchema.parse({
      id: 42,
      type: 'ranked-dropdown',
      actionType: 'update',
      changedAt: '2024-06-01T12:00:00Z',
      field: { id: 'field-1234', name: 'Stage', type: 'list', entityType: 'company' },
      entity: { id: 1 },
      listEntry: { id: 1, listId: 1 },
      changer: { id: 1, firstName: 'John', lastName: 'Smith', emailAddress: 'john.smith@contoso.com' },
      value: { referenceType: 'entity', dropdownOptionId: 7, text: 'Won', rank: 3, color: 'green' },
    });
    expect(T.v2FieldValueChangeRows(c).upserts.field_value_changes?.[0]).toMatchObject({
      id: 42,
      field_id: 'field-1234',
      entity_type: 'company',
      entity_id: 1,
      list_entry_id: 1,
      list_id: 1,
      action_type: 'update',
      changed_at: '2024-06-01T12:00:00.000Z',
      changer_id: 1,
      value_type: 'ranked-dropdown',
      value_json: '{"dropdownOptionId":7,"text":"Won","rank":3,"color":"green"}',
      value_text: 'Won',
      value_number: 3,
      ref_id: 7,
      value_date: null,
    });
  });

  it('v2: a change is typed like the field_values row of the same value (one element of a multi-valued cell)', () => {
    const logged = (type: string, value: unknown) =>
      T.v2FieldValueChangeRows(
        S.v2FieldValueChangeSchema.parse({
          id: 1,
          type,
          actionType: 'add',
          changedAt: '2024-06-01T12:00:00Z',
          field: { id: 'field-9', name: 'F', type: 'global', entityType: 'company' },
          entity: { id: 4 },
          listEntry: null,
          changer: null,
          value,
        }),
      ).upserts.field_value_changes?.[0];
    const values = (type: string, data: unknown) => T.valueRows('field-9', { type, data } as never, { entityType: 'company', entityId: 4 });
    const person = { id: 9, firstName: 'Ada', lastName: null, primaryEmailAddress: null, type: 'external' };
    for (const [type, element, data] of [
      ['datetime', '2024-04-01T09:00:00+02:00', '2024-04-01T09:00:00+02:00'],
      ['number-multi', 3, [3]],
      ['person-multi', person, [person]],
      ['filterable-text-multi', 'SaaS', ['SaaS']],
    ] as const) {
      const row = logged(type, typeof element === 'object' ? { referenceType: 'entity', ...element } : element);
      const cell = values(type, data)[0];
      expect(row, type).toMatchObject({
        value_json: cell?.value_json,
        value_text: cell?.value_text,
        value_number: cell?.value_number,
        value_date: cell?.value_date,
        ref_id: cell?.ref_id,
      });
    }
    expect(logged('person', { referenceType: 'deleted-entity', displayValue: 'Gone' })).toMatchObject({
      value_json: '{"referenceType":"deleted-entity","displayValue":"Gone"}',
      value_text: null,
      ref_id: null,
    });
  });

  it.each([
    [0, 'add'],
    [1, 'delete'],
    [2, 'update'],
    [7, 'v1-7'],
  ])('v1 action_type %i → %s', (action, name) => {
    const c = S.v1FieldValueChangeSchema.parse({
      id: 50822718,
      field_id: 236333,
      entity_id: 261131046,
      list_entry_id: 15709964,
      action_type: action,
      changer: v1p,
      changed_at: '2020-04-11T15:46:50.963-07:00',
      value: { id: 1607859, text: 'New', rank: 1, color: 0 },
    });
    const row = T.v1FieldValueChangeRows(c, { entityType: 'company', valueType: 'ranked-dropdown', listId: 5 }).upserts.field_value_changes?.[0];
    expect(row).toMatchObject({
      id: 50822718,
      field_id: 'field-236333',
      entity_type: 'company',
      entity_id: 261131046,
      list_entry_id: 15709964,
      list_id: 5,
      action_type: name,
      changed_at: '2020-04-11T22:46:50.963Z',
      changer_id: 38706,
      value_type: 'ranked-dropdown',
      value_text: 'New',
      value_number: 1,
      ref_id: 1607859,
    });
  });

  it('v1: person ids, numbers and dates typed like /v2 values; no value type, nothing typed', () => {
    const v1 = (value: unknown, valueType: string | null) =>
      T.v1FieldValueChangeRows(
        S.v1FieldValueChangeSchema.parse({
          id: 1,
          field_id: 2,
          entity_id: 3,
          list_entry_id: null,
          action_type: 0,
          changer: v1p,
          changed_at: '2020-04-11T15:46:50.963-07:00',
          value,
        }),
        { valueType },
      ).upserts.field_value_changes?.[0];
    expect(v1(38706, 'person')).toMatchObject({ ref_id: 38706, value_text: null });
    expect(v1(12.5, 'number')).toMatchObject({ value_number: 12.5 });
    expect(v1('2020-04-11T15:46:50-07:00', 'datetime')).toMatchObject({ value_date: '2020-04-11T22:46:50.000Z' });
    expect(v1('x', null)).toMatchObject({ value_text: null, value_number: null, value_date: null, ref_id: null });
  });
});

describe('notes', () => {
  const base = {
    id: 1,
    type: 'entities',
    content: { html: '<p>Hi &amp; bye</p>' },
    creator: pd,
    mentions: [{ id: 1, type: 'person', person: { ...pd, id: 9 } }],
    createdAt: '2023-01-01T00:00:00Z',
    updatedAt: null,
  };

  it('v2 note with complete previews → attachments replaced (mentions included)', () => {
    const n = S.v2NoteSchema.parse({
      ...base,
      personsPreview: { data: [{ ...pd, id: 2 }], totalCount: 1 },
      companiesPreview: { data: [{ id: 3, name: 'A', domain: null }], totalCount: 1 },
      opportunitiesPreview: { data: [], totalCount: 0 },
    });
    const b = T.v2NoteRows(n);
    expect(b.upserts.notes?.[0]).toMatchObject({
      id: 1,
      type: 'entities',
      parent_id: null,
      content_html: '<p>Hi &amp; bye</p>',
      content_text: 'Hi & bye',
      creator_id: 1,
      created_at: '2023-01-01T00:00:00.000Z',
      updated_at: null,
    });
    expect(b.replace[0]).toMatchObject({ table: 'note_attachments', scope: ['note_id'], owners: [{ note_id: 1 }] });
    expect(setOf(b.replace[0], 'note_attachments').rows.map((r) => `${r.entity_type}:${r.entity_id}`)).toEqual(['person:2', 'person:9', 'company:3']);
    // The whole attached list is known: person 9 is only mentioned, person 2 only attached.
    expect(setOf(b.replace[0], 'note_attachments').rows.map((r) => [r.entity_id, r.attached, r.mentioned])).toEqual([
      [2, true, false],
      [9, false, true],
      [3, true, false],
    ]);
  });

  it('v2 note without previews → attachments only upserted (nothing known to remove)', () => {
    const b = T.v2NoteRows(S.v2NoteSchema.parse(base));
    expect(b.replace).toEqual([]);
    // Mentioned, yes; attached is unknown without the persons preview, so the row does not say (never absent read as false).
    expect(b.upserts.note_attachments).toEqual([{ note_id: 1, entity_type: 'person', entity_id: 9, mentioned: true }]);
  });

  it('v2 note with attached-* lists → replaced from them', () => {
    const b = T.v2NoteRows(S.v2NoteSchema.parse(base), undefined, { companies: [{ id: 4 }], opportunities: [{ id: 5 }] });
    expect(setOf(b.replace[0], 'note_attachments').rows.map((r) => `${r.entity_type}:${r.entity_id}`)).toEqual(['person:9', 'company:4', 'opportunity:5']);
  });

  it('v2 interaction / AI notes and replies', () => {
    const ai = T.v2NoteRows(S.v2NoteSchema.parse({ ...base, type: 'ai-notetaker', transcriptId: 8, interaction: { id: 3, type: 'meeting' } }));
    expect(ai.upserts.notes?.[0]).toMatchObject({ type: 'ai-notetaker', transcript_id: 8, interaction_id: 3, interaction_type: 'meeting' });
    const reply = T.v2NoteRows(S.v2NoteSchema.parse({ ...base, id: 2, type: 'user-reply', parent: { id: 1 } }));
    expect(reply.upserts.notes?.[0]).not.toHaveProperty('transcript_id');
    expect(reply.upserts.notes?.[0]).toMatchObject({ id: 2, type: 'user-reply', parent_id: 1 });
    expect(reply.replace).toEqual([]);
    expect(reply.upserts.note_attachments).toBeUndefined();
  });

  it.each([
    ['a transcript id → stored', { transcriptId: 8 }, 8],
    ['null (docs/contract.md §1, 2026-09-17: "may be null") → none', { transcriptId: null }, null],
    ['absent (older API versions, other note types) → not written: the stored value stays', {}, undefined],
  ])('v2 AI note transcriptId: %s', (_what, over, want) => {
    const row = T.v2NoteRows(S.v2NoteSchema.parse({ ...base, type: 'ai-notetaker', ...over })).upserts.notes?.[0];
    if (want === undefined) expect(row).not.toHaveProperty('transcript_id');
    else expect(row?.transcript_id).toBe(want);
  });

  it.each([
    ['an AI note → its transcript id, as an update of the row only', { type: 'ai-notetaker', transcriptId: 8 }, [{ id: 1, transcript_id: 8 }]],
    ['an AI note with none (null)', { type: 'ai-notetaker', transcriptId: null }, [{ id: 1, transcript_id: null }]],
    ['a note that says nothing', {}, undefined],
  ])('v2NoteTranscriptRows: %s', (_what, over, want) => {
    const b = T.v2NoteTranscriptRows(S.v2NoteSchema.parse({ ...base, ...over }));
    expect(b.updates?.notes).toEqual(want);
    expect(b.upserts).toEqual({});
    expect(b.replace).toEqual([]);
  });

  it('v1 notes never write transcript_id (the older listing has none)', () => {
    const n = S.v1NoteSchema.parse({ id: 1, type: 3, creator_id: 2, content: '<p>x</p>', created_at: '2017-03-28T00:38:41.275-08:00' });
    expect(T.v1NoteRows(n).upserts.notes?.[0]).not.toHaveProperty('transcript_id');
  });

  it.each([
    [{ type: 0 }, 'entities', null, 'plain'],
    [{ type: 2 }, 'entities', 'plain', 'plain'],
    [{ type: 1 }, 'interaction', null, 'plain'],
    [{ type: 3 }, 'ai-notetaker', 'plain', 'plain'],
    [{ type: 0, interaction_id: 114, interaction_type: 0 }, 'interaction', null, 'plain'],
    [{ type: 0, parent_id: 5 }, 'user-reply', null, 'plain'],
    [{ type: 3, parent_id: 5 }, 'ai-notetaker-reply', 'plain', 'plain'],
  ])('v1 note %j → %s', (over, type, html, text) => {
    const n = S.v1NoteSchema.parse({
      id: 22984,
      creator_id: 860197,
      person_ids: [38708],
      mentioned_person_ids: [49817],
      organization_ids: [64779194],
      opportunity_ids: [117],
      content: 'plain',
      created_at: '2017-03-28T00:38:41.275-08:00',
      ...over,
    });
    const b = T.v1NoteRows(n);
    expect(b.upserts.notes?.[0]).toMatchObject({ type, content_html: html, content_text: text, created_at: '2017-03-28T08:38:41.275Z' });
    expect(setOf(b.replace[0], 'note_attachments').rows.map((r) => `${r.entity_type}:${r.entity_id}`)).toEqual([
      'person:38708',
      'person:49817',
      'company:64779194',
      'opportunity:117',
    ]);
    expect(setOf(b.replace[0], 'note_attachments').rows.map((r) => [r.attached, r.mentioned])).toEqual([
      [true, false],
      [false, true],
      [true, false],
      [true, false],
    ]);
  });

  it('v1: a person both attached and mentioned is one row saying both', () => {
    const n = S.v1NoteSchema.parse({
      id: 1,
      creator_id: 2,
      person_ids: [7],
      mentioned_person_ids: [7],
      organization_ids: [],
      opportunity_ids: [],
      content: 'x',
      created_at: '2017-03-28T00:38:41.275-08:00',
      type: 0,
    });
    expect(setOf(T.v1NoteRows(n).replace[0], 'note_attachments').rows).toEqual([
      { note_id: 1, entity_type: 'person', entity_id: 7, attached: true, mentioned: true },
    ]);
  });
});

describe('reminders', () => {
  it('v1 enums → names (docs/contract.md §6.9 example)', () => {
    const r = S.v1ReminderSchema.parse({
      id: 15326,
      type: 1,
      created_at: '2021-11-18T14:34:53.218-08:00',
      completed_at: null,
      content: 'Reply email to Alice',
      due_date: '2021-12-18T14:34:53.217-08:00',
      reset_type: 1,
      reminder_days: 30,
      status: 2,
      creator: v1p,
      owner: { ...v1p, id: 2 },
      completer: null,
      person: { ...v1p, id: 3 },
      organization: { id: 4, name: 'O' },
      opportunity: null,
    });
    expect(T.v1ReminderRows(r).upserts.reminders?.[0]).toEqual({
      id: 15326,
      type: 'recurring',
      content: 'Reply email to Alice',
      due_date: '2021-12-18T22:34:53.217Z',
      reset_type: 'email',
      reminder_days: 30,
      status: 'overdue',
      owner_id: 2,
      creator_id: 38706,
      completer_id: null,
      person_id: 3,
      company_id: 4,
      opportunity_id: null,
      created_at: '2021-11-18T22:34:53.218Z',
      completed_at: null,
      _raw: JSON.stringify(r),
    });
  });

  it.each([
    [{ type: 0, reset_type: 0, status: 0 }, ['one-time', 'interaction', 'completed']],
    [{ type: 1, reset_type: 2, status: 1 }, ['recurring', 'meeting', 'active']],
    [{ type: 9, reset_type: null, status: 9 }, ['v1-9', null, 'v1-9']],
  ])('v1 %j', (over, [type, reset, status]) => {
    const row = T.v1ReminderRows(S.v1ReminderSchema.parse({ id: 1, ...over })).upserts.reminders?.[0];
    expect([row?.type, row?.reset_type, row?.status]).toEqual([type, reset, status]);
  });

  it('v2', () => {
    const r = S.v2ReminderSchema.parse({
      id: 5,
      type: 'recurring',
      content: 'Ping',
      dueDate: '2026-01-01T00:00:00Z',
      resetType: 'email',
      reminderDays: 30,
      status: 'active',
      owner: pd,
      company: { id: 3, name: 'A', domain: null },
    });
    expect(T.v2ReminderRows(r).upserts.reminders?.[0]).toMatchObject({
      type: 'recurring',
      reset_type: 'email',
      owner_id: 1,
      company_id: 3,
      due_date: '2026-01-01T00:00:00.000Z',
      person_id: null,
    });
  });
});
