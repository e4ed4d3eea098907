import { describe, expect, it } from 'vitest';
import * as S from '../../src/extract/schemas/index.ts';
import type { RowBatch } from '../../src/load/schema/row-batch.ts';
import { WAREHOUSE_TABLES, isWarehouseTable } from '../../src/load/schema/table-specs.ts';
import * as T from '../../src/transform/index.ts';

/**
 * Every transform's output must fit the warehouse registry (src/load/schema/registry/warehouse.ts). The
 * compiler already checks table and column names and NOT NULL columns (RowBatch is typed by the
 * registry); this checks what only running the transforms shows: primary keys present, scalar values
 * only, timestamps normalised, JSON that parses, `_raw` on entity tables, no meta columns the loader
 * owns, replaced rows inside their owners. Rows are read here as plain records, as the loader sees them.
 */
const pd = (id: number) => ({ id, firstName: 'A', lastName: 'B', primaryEmailAddress: 'a@b.c', type: 'internal' });
const att = { emailAddress: 'a@b.c', person: pd(1) };
const allValues = [
  { type: 'text', data: 't' },
  { type: 'number-multi', data: [1, 2] },
  { type: 'datetime', data: '2023-01-01T00:00:00Z' },
  { type: 'location', data: { streetAddress: null, city: 'X', state: null, country: null, continent: null } },
  { type: 'ranked-dropdown', data: { dropdownOptionId: 1, text: 'a', rank: 0, color: 'gray' } },
  { type: 'person-multi', data: [pd(1)] },
  { type: 'company', data: { id: 2, name: 'C', domain: null } },
  { type: 'formula-number', data: { calculatedValue: 3 } },
  { type: 'hologram', data: [1] },
  { type: 'interaction', data: { type: 'email', id: 5, subject: null, sentAt: '2023-01-01T00:00:00Z', from: att, to: [], cc: [] } },
].map((value, i) => ({ id: i === 5 ? 'persons' : `field-${i}`, name: `F${i}`, type: i % 2 ? 'global' : 'list', enrichmentSource: null, value }));

const batches: Array<[string, RowBatch]> = [
  ['v2 company', T.v2CompanyRows(S.v2CompanySchema.parse({ id: 1, name: 'A', domain: null, domains: [], isGlobal: false, fields: allValues }))],
  [
    'v2 person',
    T.v2PersonRows(
      S.v2PersonSchema.parse({
        id: 1,
        firstName: 'A',
        fields: [
          {
            id: 'companies',
            name: 'O',
            type: 'relationship-intelligence',
            enrichmentSource: null,
            value: { type: 'company-multi', data: [{ id: 1, name: 'x', domain: null }] },
          },
        ],
      }),
    ),
  ],
  [
    'opportunity join',
    T.joinOpportunity({
      v2: S.v2OpportunitySchema.parse({ id: 7, name: 'D', listId: 3 }),
      listEntry: S.v2ListEntryWithEntitySchema.parse({
        id: 8,
        listId: 3,
        type: 'opportunity',
        createdAt: '2023-01-01T00:00:00Z',
        creatorId: 1,
        entity: { id: 7, name: 'D', listId: 3, fields: allValues },
      }) as S.V2OpportunityListEntry,
      v1: { person_ids: [1], organization_ids: [2] },
    }),
  ],
  ['v2 list', T.v2ListRows(S.v2ListSchema.parse({ id: 1, name: 'L', type: 'company', createdAt: '2026-06-18T00:00:00Z' }))],
  ['v1 list', T.v1ListRows(S.v1ListSchema.parse({ id: 1, name: 'L', type: 1, list_size: 3 }))],
  [
    'v2 list entry',
    T.v2ListEntryRows(
      S.v2ListEntryWithEntitySchema.parse({
        id: 8,
        listId: 3,
        type: 'person',
        createdAt: '2023-01-01T00:00:00Z',
        creatorId: null,
        entity: { id: 1, firstName: 'A', fields: allValues },
      }),
    ),
  ],
  ['saved view', T.savedViewRows(S.v2SavedViewSchema.parse({ id: 1, name: 'v' }), 3)],
  [
    'v2 field',
    T.v2FieldRows(S.v2FieldMetadataSchema.parse({ id: 'field-1', name: 'F', type: 'list', enrichmentSource: null, valueType: 'text' }), {
      listId: 1,
      entityType: 'company',
    }),
  ],
  [
    'v1 field',
    T.v1FieldRows(S.v1FieldSchema.parse({ id: 1, name: 'F', value_type: 2, entity_type: 1, dropdown_options: [{ id: 1, text: 'x', rank: 0, color: 1 }] })),
  ],
  [
    'v2 fvc',
    T.v2FieldValueChangeRows(
      S.v2FieldValueChangeSchema.parse({
        id: 1,
        type: 'number',
        actionType: 'add',
        changedAt: '2024-01-01T00:00:00Z',
        field: { id: 'field-1' },
        entity: { id: 2 },
        listEntry: null,
        changer: null,
        value: 3,
      }),
    ),
  ],
  [
    'v1 fvc',
    T.v1FieldValueChangeRows(
      S.v1FieldValueChangeSchema.parse({ id: 1, field_id: 1, entity_id: 2, action_type: 1, changed_at: '2024-01-01T00:00:00Z', value: null }),
    ),
  ],
  [
    'v2 note',
    T.v2NoteRows(
      S.v2NoteSchema.parse({
        id: 1,
        type: 'entities',
        content: { html: '<p>x</p>' },
        creator: pd(1),
        mentions: [],
        createdAt: '2023-01-01T00:00:00Z',
        updatedAt: null,
        personsPreview: { data: [pd(2)], totalCount: 1 },
        companiesPreview: { data: [], totalCount: 0 },
        opportunitiesPreview: { data: [{ id: 3, name: 'o', listId: 1 }], totalCount: 1 },
      }),
    ),
  ],
  ['v1 note', T.v1NoteRows(S.v1NoteSchema.parse({ id: 1, type: 2, content: '<b>x</b>', person_ids: [1], created_at: '2023-01-01T00:00:00Z' }))],
  ['v2 reminder', T.v2ReminderRows(S.v2ReminderSchema.parse({ id: 1, type: 'one-time', dueDate: '2023-01-01T00:00:00Z' }))],
  ['v1 reminder', T.v1ReminderRows(S.v1ReminderSchema.parse({ id: 1, type: 0, status: 1 }))],
  [
    'v2 email',
    T.v2EmailRows(S.v2EmailSchema.parse({ id: 1, sentAt: '2023-01-01T00:00:00Z', from: att, toParticipantsPreview: { data: [att], totalCount: 1 } })),
  ],
  [
    'v2 meeting',
    T.v2MeetingRows(
      S.v2MeetingSchema.parse({ id: 1, startTime: '2023-01-01T00:00:00Z', allDay: true, organizer: att, attendeesPreview: { data: [att], totalCount: 1 } }),
    ),
  ],
  ['v2 call', T.v2CallRows(S.v2CallSchema.parse({ id: 1, startTime: '2023-01-01T00:00:00Z' }))],
  [
    'v2 chat',
    T.v2ChatMessageRows(S.v2ChatMessageSchema.parse({ id: 1, sentAt: '2023-01-01T00:00:00Z', participantsPreview: { data: [pd(1)], totalCount: 1 } })),
  ],
  [
    'transcript',
    T.transcriptRows(S.v2TranscriptSchema.parse({ id: 1, fragmentsPreview: { data: [{ content: 'x', startTimestamp: '00:00:01' }], totalCount: 1 } })),
  ],
  ['v1 file', T.v1EntityFileRows(S.v1EntityFileSchema.parse({ id: 1, organization_id: 2 }))],
  ['user', T.v2UserRows(S.v2UserSchema.parse({ id: 1 }))],
  ['team', T.v2TeamRows(S.v2TeamSchema.parse({ id: 1 }))],
  ['team members', T.teamMembersRows(1, [S.v2TeamMemberSchema.parse({ id: 2 })])],
  ['v1 webhook', T.v1WebhookRows(S.v1WebhookSchema.parse({ id: 1, webhook_url: 'https://x' }))],
  ['company merge', T.companyMergeRows(S.v2CompanyMergeSchema.parse({ id: 1, status: 'success', primaryCompanyId: 1, duplicateCompanyId: 2 }))],
  ['person merge', T.personMergeRows(S.v2PersonMergeSchema.parse({ id: 1, status: 'success', primaryPersonId: 1, duplicatePersonId: 2 }))],
  ['relationship strength', T.relationshipStrengthRows(S.v1RelationshipStrengthSchema.parse({ internal_id: 1, external_id: 2, strength: 0.5 }))],
];

interface LooseSet {
  table: string;
  scope: readonly string[];
  owners: Array<Record<string, unknown>>;
  rows: Array<Record<string, unknown>>;
}

function checkRow(table: string, row: Record<string, unknown>, where: string): void {
  expect(isWarehouseTable(table), `${where}: table ${table}`).toBe(true);
  const spec = WAREHOUSE_TABLES[table as keyof typeof WAREHOUSE_TABLES];
  for (const [col, v] of Object.entries(row)) {
    expect(spec.columns[col], `${where}: ${table}.${col} is not a column`).toBeDefined();
    expect(['_synced_at', '_deleted_at'], `${where}: ${table}.${col} is the loader's`).not.toContain(col);
    expect(v === null || ['string', 'number', 'boolean'].includes(typeof v), `${where}: ${table}.${col} = ${String(v)}`).toBe(true);
    if (spec.columns[col] === 'json' && v !== null) expect(() => JSON.parse(v as string), `${where}: ${table}.${col} JSON`).not.toThrow();
    if (spec.columns[col] === 'ts' && v !== null) expect(v, `${where}: ${table}.${col}`).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  }
  for (const pk of spec.pk) expect(row[pk], `${where}: ${table} pk ${pk}`).not.toBeNull();
  for (const pk of spec.pk) expect(row[pk], `${where}: ${table} pk ${pk}`).toBeDefined();
}

describe('transform output fits the warehouse registry', () => {
  it.each(batches)('%s', (name, b) => {
    let rows = 0;
    for (const [table, tableRows] of Object.entries(b.upserts) as Array<[string, Array<Record<string, unknown>>]>) {
      for (const r of tableRows) {
        checkRow(table, r, name);
        rows++;
        if (WAREHOUSE_TABLES[table as keyof typeof WAREHOUSE_TABLES].kind === 'entity') {
          // The record as read, in the upsert or (a source another one describes better) as a fill.
          const filled = (b.fills?.[table as keyof typeof b.fills] as Array<Record<string, unknown>> | undefined)?.find((f) => f.id === r.id);
          expect(typeof (r._raw ?? filled?._raw), `${name}: ${table}._raw`).toBe('string');
        }
      }
    }
    for (const [table, tableRows] of Object.entries(b.fills ?? {}) as Array<[string, Array<Record<string, unknown>>]>) {
      for (const r of tableRows) checkRow(table, r, `${name} (fill)`);
    }
    for (const set of b.replace as LooseSet[]) {
      const spec = WAREHOUSE_TABLES[set.table as keyof typeof WAREHOUSE_TABLES];
      expect(spec?.kind, `${name}: replace on ${set.table}`).toBe('child');
      for (const c of set.scope) expect(spec.columns[c], `${name}: scope ${set.table}.${c}`).toBeDefined();
      for (const o of set.owners) expect(Object.keys(o).sort()).toEqual([...set.scope].sort());
      for (const r of set.rows) {
        checkRow(set.table, r, name);
        rows++;
        // Every replaced row belongs to one of the owners (else the replace would not clean it up next time).
        expect(
          set.owners.some((o) => set.scope.every((c) => o[c] === r[c])),
          `${name}: ${set.table} row outside owners`,
        ).toBe(true);
      }
    }
    expect(rows).toBeGreaterThan(0);
  });

  it('transforms are pure: same input, same output', () => {
    const input = S.v2CompanySchema.parse({ id: 1, name: 'A', domain: null, domains: [], isGlobal: false, fields: allValues });
    expect(T.v2CompanyRows(input)).toEqual(T.v2CompanyRows(input));
  });
});
