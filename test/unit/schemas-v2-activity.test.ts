import { describe, expect, it } from 'vitest';
import {
  v2CallSchema,
  v2ChatMessageSchema,
  v2DropdownOptionSchema,
  v2FileSchema,
  v2ListEntrySchema,
  v2PersonMergeSchema,
  v2ReminderSchema,
  v2TeamMemberSchema,
  v2TeamSchema,
  v2TranscriptFragmentSchema,
  v2TranscriptSchema,
  v2UserSchema,
} from '../../src/extract/schemas/index.ts';

const pd = { id: 1, firstName: 'Jane', lastName: 'Smith', primaryEmailAddress: 'jane@x.co', type: 'internal' };

const cases = {
  call: [
    v2CallSchema,
    {
      id: 3,
      title: null,
      allDay: false,
      startTime: '2025-01-02T10:00:00Z',
      endTime: null,
      loggingType: 'manual',
      creator: { emailAddress: 'jane@x.co', person: pd },
      createdAt: '2025-01-02T10:00:00Z',
      updatedAt: null,
      attendeesPreview: { data: [], totalCount: 0 },
    },
  ],
  'chat message': [
    v2ChatMessageSchema,
    {
      id: 4,
      sentAt: '2025-01-02T10:00:00Z',
      direction: 'received',
      loggingType: 'automated',
      creator: pd,
      createdAt: '2025-01-02T10:00:00Z',
      updatedAt: null,
      participantsPreview: { data: [pd], totalCount: 1 },
    },
  ],
  transcript: [
    v2TranscriptSchema,
    {
      id: 1,
      createdAt: '2023-01-01T00:00:00Z',
      languageCode: 'en',
      note: { id: 1, type: 'ai-notetaker', interaction: { id: 9, type: 'meeting' } },
      fragmentsPreview: { data: [{ content: 'Hello', speaker: 'Jane', startTimestamp: '00:00:06', endTimestamp: '00:00:09' }], totalCount: 40 },
    },
  ],
  reminder: [
    v2ReminderSchema,
    {
      id: 5,
      type: 'recurring',
      content: 'Ping',
      dueDate: '2026-01-01T00:00:00Z',
      createdAt: '2025-01-01T00:00:00Z',
      resetType: 'email',
      reminderDays: 30,
      status: 'active',
      owner: pd,
      creator: pd,
      person: pd,
      company: null,
      opportunity: null,
    },
  ],
  file: [v2FileSchema, { id: 8, name: 'deck.pdf', size: 1000, contentType: 'application/pdf', createdAt: '2025-01-01T00:00:00Z', companyId: 3 }],
  user: [v2UserSchema, { id: 1, firstName: 'John', lastName: 'Smith', emailAddress: 'john.smith@contoso.com' }],
  team: [v2TeamSchema, { id: 2, name: 'Deal team' }],
  'team member': [v2TeamMemberSchema, { id: 1, firstName: 'John', lastName: null, emailAddress: 'j@c.co' }],
  'person merge': [
    v2PersonMergeSchema,
    {
      id: 7,
      status: 'failed',
      taskId: 'abc',
      startedAt: '2024-01-01T00:00:00Z',
      primaryPersonId: 1,
      duplicatePersonId: 2,
      completedAt: '2024-01-01T00:01:00Z',
      errorMessage: 'nope',
    },
  ],
  'dropdown option': [v2DropdownOptionSchema, { id: 11, text: 'Won', rank: 3, color: 'green' }],
  'entity list entry': [
    v2ListEntrySchema,
    {
      id: 1,
      listId: 2,
      createdAt: '2023-01-01T00:00:00Z',
      creatorId: null,
      fields: [{ id: 'field-2', name: 'S', type: 'list', enrichmentSource: null, value: { type: 'text', data: 'x' } }],
    },
  ],
} as const;

describe('v2 activity and admin schemas', () => {
  it.each(Object.entries(cases))('%s: accepted, loose, id required', (_n, [schema, example]) => {
    expect(schema.safeParse(example).error?.issues).toBeUndefined();
    expect((schema.parse({ ...example, newMember: 'kept' }) as Record<string, unknown>).newMember).toBe('kept');
    const { id: _id, ...noId } = example as { id: unknown };
    expect(schema.safeParse(noId).success).toBe(false);
  });

  it('transcript fragments have no id of their own but need content', () => {
    expect(v2TranscriptFragmentSchema.safeParse({ content: 'x', speaker: null }).success).toBe(true);
    expect(v2TranscriptFragmentSchema.safeParse({ speaker: 'A' }).success).toBe(false);
  });

  it('merges need both record ids (the pipeline re-keys on them)', () => {
    const m = cases['person merge'][1];
    expect(v2PersonMergeSchema.safeParse({ ...m, duplicatePersonId: undefined }).success).toBe(false);
  });
});
