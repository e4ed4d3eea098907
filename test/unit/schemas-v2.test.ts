import { describe, expect, it } from 'vitest';
import {
  knownFieldValueSchema,
  v2CompanyMergeSchema,
  v2CompanySchema,
  v2EmailSchema,
  v2FieldMetadataSchema,
  v2FieldSchema,
  v2FieldValueChangeSchema,
  v2FieldValueSchema,
  v2ListEntryWithEntitySchema,
  v2ListSchema,
  v2MeetingSchema,
  v2MergeTaskSchema,
  v2NoteSchema,
  v2OpportunitySchema,
  v2PersonSchema,
  v2RateLimitSchema,
  v2SavedViewSchema,
  v2WebhookSchema,
  v2WhoAmISchema,
} from '../../src/extract/schemas/index.ts';

// Examples copied verbatim from the reference (docs/contract.md §7).
const company = {
  id: 1,
  name: 'Acme',
  domain: 'acme.co',
  domains: ['acme.co'],
  isGlobal: true,
  fields: [
    {
      id: 'affinity-data-location',
      name: 'Location',
      type: 'enriched',
      enrichmentSource: 'affinity-data',
      value: {
        type: 'location',
        data: { streetAddress: '1 Main Street', city: 'San Francisco', state: 'California', country: 'United States', continent: 'North America' },
      },
    },
  ],
};
const listEntry = {
  id: 1,
  listId: 1,
  type: 'company',
  createdAt: '2023-01-01T00:00:00Z',
  creatorId: 1,
  entity: {
    id: 222345350,
    name: 'Acme',
    domain: 'acme.co',
    domains: ['acme.co'],
    isGlobal: true,
    fields: [
      { id: 'field-1', name: 'Global Number Field', type: 'global', enrichmentSource: null, value: { type: 'number', data: 100 } },
      { id: 'field-2', name: 'List Number Field', type: 'list', enrichmentSource: null, value: { type: 'number', data: 200 } },
    ],
  },
};
const valueExamples = [
  { type: 'ranked-dropdown', data: { dropdownOptionId: 1, text: 'Option 1', rank: 1, color: 'gray' } },
  { type: 'person-multi', data: [{ id: 1, firstName: 'Wile E.', lastName: 'Coyote', primaryEmailAddress: 'wile.e@coyote.com', type: 'internal' }] },
  { type: 'company', data: { id: 1, name: 'Acme', domain: 'acme.co' } },
  { type: 'formula-number', data: { calculatedValue: 100 } },
  {
    type: 'interaction',
    data: {
      type: 'meeting',
      id: 1,
      title: 'Defective Products',
      allDay: false,
      startTime: '2020-01-02T00:00:00Z',
      endTime: '2020-01-02T01:00:00Z',
      attendees: [{ emailAddress: 'bobbo@acme.co', person: null }],
    },
  },
];
const person = { id: 7, firstName: 'Jane', lastName: null, primaryEmailAddress: null, emailAddresses: [], type: 'external' };
const note = {
  id: 1,
  type: 'entities',
  content: { html: '<p>…</p>' },
  creator: { id: 1, firstName: 'Jane', lastName: 'Doe', primaryEmailAddress: 'jane.doe@acme.co', type: 'internal' },
  mentions: [{ id: 1, type: 'person', person: { id: 2, firstName: 'Al', lastName: null, primaryEmailAddress: null, type: 'external' } }],
  createdAt: '2023-01-01T00:00:00Z',
  updatedAt: '2023-01-21T00:00:00Z',
  permissions: { owner: { id: 1, firstName: 'Jane', lastName: 'Doe', primaryEmailAddress: null, type: 'internal' }, sharingType: 'private' },
};
const fvc = {
  id: 42,
  type: 'ranked-dropdown',
  actionType: 'update',
  changedAt: '2024-06-01T12:00:00Z',
  field: { id: 'field-1234', name: 'Stage', type: 'list', entityType: 'company' },
  entity: { id: 1 },
  listEntry: { id: 1, listId: 1 },
  changer: { id: 1, firstName: 'John', lastName: 'Smith', emailAddress: 'john.smith@contoso.com' },
  value: { referenceType: 'entity', dropdownOptionId: 7, text: 'Won', rank: 3, color: 'green' },
};
const whoami = {
  tenant: { id: 1, name: 'Contoso Ltd.', subdomain: 'contoso' },
  user: { id: 1, firstName: 'John', lastName: 'Smith', emailAddress: 'john.smith@contoso.com' },
  grant: { type: 'api-key', scopes: ['api'], createdAt: '2023-01-01T00:00:00Z' },
};

describe('v2 schemas accept the reference examples verbatim', () => {
  it.each([
    ['company', v2CompanySchema, company],
    ['person', v2PersonSchema, person],
    ['opportunity', v2OpportunitySchema, { id: 5, name: 'Deal', listId: 3 }],
    ['list', v2ListSchema, { id: 1, name: 'Deals', type: 'opportunity', isPublic: true, ownerId: 1, creatorId: 1 }],
    ['list entry', v2ListEntryWithEntitySchema, listEntry],
    ['field metadata', v2FieldMetadataSchema, { id: 'field-1625', name: 'Status', type: 'list', enrichmentSource: null, valueType: 'ranked-dropdown' }],
    ['note', v2NoteSchema, note],
    ['field value change', v2FieldValueChangeSchema, fvc],
    ['whoami', v2WhoAmISchema, whoami],
    ['saved view', v2SavedViewSchema, { id: 1, name: 'All', type: 'sheet', createdAt: '2023-01-01T00:00:00Z' }],
    [
      'webhook',
      v2WebhookSchema,
      { id: 3, url: 'https://x.test/h', subscriptions: [], status: 'active', creator: null, createdAt: '2026-01-01T00:00:00Z', updatedAt: null },
    ],
    ['rate limit', v2RateLimitSchema, { callerPerMinute: { limit: 900, remaining: 899, reset: 30, used: 1 } }],
    [
      'company merge',
      v2CompanyMergeSchema,
      {
        id: 9,
        status: 'success',
        taskId: '2b1e2b9e-0000-4000-8000-000000000000',
        startedAt: '2024-01-01T00:00:00Z',
        primaryCompanyId: 1,
        duplicateCompanyId: 2,
        completedAt: null,
        errorMessage: null,
      },
    ],
    [
      'merge task',
      v2MergeTaskSchema,
      { id: '2b1e2b9e-0000-4000-8000-000000000000', status: 'in-progress', resultsSummary: { total: 1, inProgress: 1, success: 0, failed: 0 } },
    ],
  ])('%s', (_name, schema, example) => {
    const r = schema.safeParse(example);
    expect(r.error?.issues).toBeUndefined();
    expect(r.success).toBe(true);
  });

  it.each(valueExamples.map((v) => [v.type, v] as const))('field value %s', (_t, v) => {
    expect(knownFieldValueSchema.safeParse(v).success).toBe(true);
    expect(v2FieldValueSchema.safeParse(v).success).toBe(true);
  });

  it('every §7.6 value type, including null data', () => {
    const samples: Array<[string, unknown]> = [
      ['text', 'x'],
      ['filterable-text', 'x'],
      ['filterable-text-multi', ['a', 'b']],
      ['number', 1.5],
      ['number-multi', [1, 2]],
      ['datetime', '2024-04-01T07:00:00.000Z'],
      ['location', { streetAddress: null, city: 'Paris', state: null, country: 'France', continent: null }],
      ['location-multi', [{ streetAddress: null, city: 'Oslo', state: null, country: 'Norway', continent: null }]],
      ['dropdown', { dropdownOptionId: 3, text: 'A' }],
      ['dropdown-multi', [{ dropdownOptionId: 3, text: 'A' }]],
      ['person', { id: 1, firstName: 'A', lastName: null, primaryEmailAddress: null, type: 'internal' }],
      ['company-multi', [{ id: 1, name: 'Acme', domain: null }]],
      ['list-multi', [{ id: 1, name: 'L', type: 'company', entityCount: 3 }]],
      ['note', { id: 4 }],
      ['reminder', { id: 5, type: 'one-time', content: 'c', dueDate: '2026-01-01T00:00:00Z', createdAt: '2025-01-01T00:00:00Z' }],
    ];
    for (const [type, data] of samples) {
      expect(v2FieldValueSchema.safeParse({ type, data }).success, type).toBe(true);
      expect(v2FieldValueSchema.safeParse({ type, data: null }).success, `${type} null`).toBe(true);
    }
  });

  it('email and meeting (beta) records', () => {
    expect(
      v2EmailSchema.safeParse({
        id: 1,
        subject: '********',
        sentAt: '2024-01-01T00:00:00Z',
        createdAt: '2024-01-01T00:00:00Z',
        updatedAt: null,
        direction: 'sent',
        loggingType: 'automated',
        from: { emailAddress: 'a@b.c', person: null },
        toParticipantsPreview: { data: [], totalCount: 0 },
        ccParticipantsPreview: { data: [], totalCount: 0 },
      }).success,
    ).toBe(true);
    expect(
      v2MeetingSchema.safeParse({
        id: 1,
        title: null,
        allDay: false,
        startTime: '2024-01-01T00:00:00Z',
        endTime: null,
        loggingType: 'manual',
        creator: null,
        organizer: null,
        createdAt: '2024-01-01T00:00:00Z',
        updatedAt: null,
        attendeesPreview: { data: [{ emailAddress: 'x@y.z', person: null }], totalCount: 1 },
      }).success,
    ).toBe(true);
  });
});

describe('v2 schemas are loose, strict on ids, open on value types', () => {
  it('keeps unknown members at every level', () => {
    const parsed = v2CompanySchema.parse({ ...company, brandNew: { a: 1 }, fields: [{ ...company.fields[0], extra: true }] });
    expect(parsed).toHaveProperty('brandNew', { a: 1 });
    expect(parsed.fields?.[0]).toHaveProperty('extra', true);
    expect(v2FieldValueSchema.parse({ type: 'number-multi', data: [1], totalCount: 250 })).toHaveProperty('totalCount', 250);
  });

  it('rejects a record missing its id', () => {
    const { id: _id, ...noId } = company;
    expect(v2CompanySchema.safeParse(noId).success).toBe(false);
    expect(v2PersonSchema.safeParse({ firstName: 'x' }).success).toBe(false);
    expect(v2NoteSchema.safeParse({ ...note, id: undefined }).success).toBe(false);
    expect(v2FieldSchema.safeParse({ name: 'x', value: { type: 'text', data: 'a' } }).success).toBe(false);
  });

  it('accepts an unknown field value type with any data', () => {
    const hidden = { id: 'field-9', name: 'Secret', type: 'list', enrichmentSource: null, value: { type: 'hidden', data: null } };
    expect(v2FieldSchema.parse(hidden).value).toEqual({ type: 'hidden', data: null });
    expect(v2FieldValueSchema.safeParse({ type: 'brand-new', data: { anything: [1, 2] } }).success).toBe(true);
  });

  it('rejects a KNOWN value type whose data breaks the ids the pipeline keys on', () => {
    expect(v2FieldValueSchema.safeParse({ type: 'person', data: { firstName: 'no id' } }).success).toBe(false);
    expect(v2FieldValueSchema.safeParse({ type: 'number', data: 'NaN' }).success).toBe(false);
  });

  it('accepts unknown field metadata valueType and unknown interaction kinds', () => {
    expect(v2FieldMetadataSchema.safeParse({ id: 'x', name: 'X', type: 'hidden', enrichmentSource: null, valueType: 'hologram' }).success).toBe(true);
    expect(v2FieldValueSchema.safeParse({ type: 'interaction', data: { type: 'video-call', id: 3 } }).success).toBe(true);
  });

  it('discriminates list entries by type and rejects a mismatched entity', () => {
    const p = v2ListEntryWithEntitySchema.parse({ ...listEntry, type: 'person', entity: person });
    expect(p.type).toBe('person');
    expect(v2ListEntryWithEntitySchema.safeParse({ ...listEntry, type: 'person', entity: { name: 'no id' } }).success).toBe(false);
    const opp = v2ListEntryWithEntitySchema.parse({ ...listEntry, type: 'opportunity', entity: { id: 4, name: 'D', listId: 1, fields: [] } });
    expect(opp.entity.id).toBe(4);
  });

  it('requires parent on replies, for every note type', () => {
    const reply = { ...note, id: 2, type: 'user-reply', parent: { id: 1 } };
    expect(v2NoteSchema.safeParse(reply).success).toBe(true);
    expect(v2NoteSchema.safeParse({ ...reply, parent: undefined }).success).toBe(false);
    for (const type of ['interaction', 'ai-notetaker', 'ai-notetaker-reply', 'future-kind']) {
      const n = { ...note, type, interaction: { id: 3, type: 'meeting' }, transcriptId: 8, parent: { id: 1 } };
      expect(v2NoteSchema.safeParse(n).success, type).toBe(true);
    }
  });

  it('accepts datetimes with Z or an offset, with or without fractions; rejects zoneless ones', () => {
    const ok = ['2023-01-01T00:00:00Z', '2024-04-01T07:00:00.000Z', '2021-10-04T08:54:24.694-04:00', '2020-01-01T00:00:00+0530'];
    for (const createdAt of ok) expect(v2SavedViewSchema.safeParse({ id: 1, name: 'v', createdAt }).success, createdAt).toBe(true);
    for (const createdAt of ['2023-01-01T00:00:00', 'yesterday', '2023-01-01'])
      expect(v2SavedViewSchema.safeParse({ id: 1, name: 'v', createdAt }).success, createdAt).toBe(false);
  });
});
