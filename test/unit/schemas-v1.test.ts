import { describe, expect, it } from 'vitest';
import {
  v1EntityFileSchema,
  v1FieldSchema,
  v1FieldValueChangeSchema,
  v1FieldValueSchema,
  v1InteractionSchema,
  v1ListEntrySchema,
  v1ListSchema,
  v1NoteSchema,
  v1OpportunitySchema,
  v1OrganizationSchema,
  v1PersonSchema,
  v1RateLimitSchema,
  v1RelationshipStrengthSchema,
  v1ReminderSchema,
  v1WebhookSchema,
  v1WhoAmISchema,
} from '../../src/extract/schemas/index.ts';

// Examples copied verbatim from the reference (docs/contract.md §2 and §6) ("…" placeholders replaced by real datetimes).
const d = '2021-10-04T08:54:24.694-04:00';
const personRead = {
  id: 38706,
  type: 0,
  first_name: 'John',
  last_name: 'Doe',
  primary_email: 'john@affinity.co',
  emails: ['john@affinity.co'],
  organization_ids: [1687449],
  opportunity_ids: [4, 11],
  current_organization_ids: [1687449],
  list_entries: [{ id: 388, list_id: 26, creator_id: 38603, entity_id: 38706, created_at: '2015-12-11T02:26:56.537-08:00' }],
  interaction_dates: {
    first_email_date: d,
    last_email_date: d,
    last_event_date: d,
    last_chat_message_date: d,
    last_interaction_date: d,
    first_event_date: d,
    next_event_date: null,
  },
  interactions: { first_email: { date: d, person_ids: [123] }, last_email: { date: d, person_ids: [123] }, next_event: null },
};
const person = { id: 38706, type: 0, first_name: 'Jane', last_name: 'Doe', primary_email: 'jane@gmail.com', emails: ['jane@gmail.com'] };
const examples = {
  person: [v1PersonSchema, personRead],
  organization: [
    v1OrganizationSchema,
    {
      id: 64779194,
      name: 'Affinity',
      domain: 'affinity.co',
      domains: ['affinity.co'],
      global: false,
      person_ids: [38706],
      opportunity_ids: [117],
      list_entries: [],
    },
  ],
  opportunity: [
    v1OpportunitySchema,
    {
      id: 117,
      name: 'Affinity Series C',
      person_ids: [38706],
      organization_ids: [64779194],
      list_entries: [{ id: 389, list_id: 27, creator_id: 38603, entity_id: 117, entity_type: 8, created_at: '2017-01-16T16:34:03.539-08:00' }],
    },
  ],
  list: [
    v1ListSchema,
    {
      id: 26,
      type: 8,
      name: 'Deals',
      public: true,
      owner_id: 38603,
      creator_id: 38603,
      list_size: 12,
      additional_permissions: [{ internal_person_id: 38604, role_id: 0 }],
    },
  ],
  'list entry': [
    v1ListEntrySchema,
    {
      id: 388,
      list_id: 26,
      creator_id: 38603,
      entity_id: 38706,
      entity_type: 0,
      created_at: '2021-09-08T09:55:50.321-07:00',
      entity: { id: 70796737, type: 0, first_name: 'John', last_name: 'Doe', primary_email: 'john@affinity.co', emails: ['john@affinity.co'] },
    },
  ],
  field: [
    v1FieldSchema,
    {
      id: 1234,
      name: 'Deal Status',
      list_id: 11,
      enrichment_source: 'none',
      value_type: 7,
      allows_multiple: false,
      track_changes: true,
      dropdown_options: [{ id: 2863451, text: 'New', rank: 0, color: 3 }],
    },
  ],
  'field value': [
    v1FieldValueSchema,
    {
      id: 177634,
      field_id: 751,
      list_entry_id: 605,
      entity_id: 38706,
      created_at: '2021-10-04T08:54:24.694-04:00',
      updated_at: '2022-03-04T08:54:24.694-04:00',
      value: { id: 71, text: 'Low', rank: 1, color: 4 },
    },
  ],
  'field value change': [
    v1FieldValueChangeSchema,
    {
      id: 50822718,
      field_id: 236333,
      entity_id: 261131046,
      list_entry_id: 15709964,
      action_type: 0,
      changer: person,
      changed_at: '2020-04-11T15:46:50.963-07:00',
      value: { id: 1607859, text: 'New', rank: 1, color: 0 },
    },
  ],
  note: [
    v1NoteSchema,
    {
      id: 22984,
      creator_id: 860197,
      person_ids: [38708, 24809, 89203, 97304],
      associated_person_ids: [38708, 24809],
      interaction_person_ids: [89203, 97304],
      interaction_id: 114,
      interaction_type: 0,
      is_meeting: true,
      mentioned_person_ids: [49817],
      organization_ids: [64779194],
      opportunity_ids: [117],
      parent_id: null,
      content: '…',
      type: 0,
      created_at: '2017-03-28T00:38:41.275-08:00',
      updated_at: '2017-04-03T00:22:25.612-08:00',
    },
  ],
  reminder: [
    v1ReminderSchema,
    {
      id: 15326,
      type: 1,
      created_at: '2021-11-18T14:34:53.218-08:00',
      completed_at: null,
      content: 'Reply email to Alice',
      due_date: '2021-12-18T14:34:53.217-08:00',
      reset_type: 1,
      reminder_days: 30,
      status: 2,
      creator: person,
      owner: person,
      completer: null,
      person,
      organization: null,
      opportunity: null,
    },
  ],
  'email interaction': [v1InteractionSchema, { id: 5, type: 3, date: d, subject: 'Hi', from: person, to: [person], cc: [], direction: 0 }],
  'meeting interaction': [
    v1InteractionSchema,
    {
      id: 6,
      type: 0,
      date: d,
      start_time: d,
      end_time: null,
      updated_at: null,
      title: 'Sync',
      attendees: ['jane@gmail.com', 'x@y.z'],
      manual_creator_id: 38706,
      notes: [22984],
      persons: [person],
    },
  ],
  'entity file': [
    v1EntityFileSchema,
    { id: 43212, name: 'JohnDoeProfile.png', size: 993, person_id: 38706, organization_id: null, opportunity_id: null, uploader_id: 10, created_at: d },
  ],
  'relationship strength': [v1RelationshipStrengthSchema, { internal_id: 10, external_id: 38706, strength: 0.8 }],
  webhook: [v1WebhookSchema, { id: 1, webhook_url: 'https://hooks.test/a', subscriptions: [], disabled: false, created_by: 10 }],
  whoami: [
    v1WhoAmISchema,
    {
      tenant: { id: 1, name: 'Affinity', subdomain: 'affinity' },
      user: { id: 2, firstName: 'John', lastName: 'Doe', email: 'john@affinity.co' },
      grant: { type: 'api_key', scope: 'external_api', createdAt: '2020-12-14T09:00:00.000-05:00' },
    },
  ],
  'rate limit': [
    v1RateLimitSchema,
    {
      rate: {
        org_monthly: { limit: 40000, remaining: 39993, reset: 2124845, used: 7 },
        api_key_per_minute: { limit: 900, remaining: 900, reset: 0, used: 0 },
      },
    },
  ],
} as const;

describe('v1 schemas', () => {
  it.each(Object.entries(examples))('accepts the reference example: %s', (_name, [schema, example]) => {
    const r = schema.safeParse(example);
    expect(r.error?.issues).toBeUndefined();
  });

  it.each(Object.entries(examples).filter(([n]) => !['whoami', 'rate limit', 'relationship strength'].includes(n)))(
    'rejects %s without its id and keeps unknown members',
    (_name, [schema, example]) => {
      const { id: _id, ...rest } = example as { id: number };
      expect(schema.safeParse(rest).success).toBe(false);
      const kept = schema.parse({ ...example, legacy_member: [1] }) as Record<string, unknown>;
      expect(kept.legacy_member).toEqual([1]);
    },
  );

  it('relationship strength needs both person ids', () => {
    expect(v1RelationshipStrengthSchema.safeParse({ internal_id: 1, strength: 0.5 }).success).toBe(false);
  });

  it('search items without association arrays are valid (absent ≠ empty)', () => {
    const org = v1OrganizationSchema.parse({ id: 1, name: 'A', domain: null, domains: [], global: true });
    expect(org.person_ids).toBeUndefined();
    const p = v1PersonSchema.parse({ id: 2, type: 1, first_name: 'A', last_name: 'B', primary_email: null, emails: [] });
    expect(p.organization_ids).toBeUndefined();
  });

  it('field value change keeps action_type as an int; a string is rejected', () => {
    const fvc = examples['field value change'][1];
    expect(v1FieldValueChangeSchema.parse(fvc).action_type).toBe(0);
    expect(v1FieldValueChangeSchema.safeParse({ ...fvc, action_type: 'create' }).success).toBe(false);
  });

  it('field values accept any value encoding (decoded later by the field type) and a string field id', () => {
    for (const value of [38706, 'Low', 3.5, d, { street_address: null, city: 'X', state: null, country: null, continent: null }, null])
      expect(v1FieldValueSchema.safeParse({ id: 1, field_id: 'affinity-data-location', entity_id: 2, value }).success).toBe(true);
  });
});
