import { describe, expect, it } from 'vitest';
import * as S from '../../src/extract/schemas/index.ts';
import * as T from '../../src/transform/index.ts';
import { setOf } from '../helpers/batch.ts';

const pd = (id: number, email: string | null = null) => ({ id, firstName: `P${id}`, lastName: null, primaryEmailAddress: email, type: 'external' });
const att = (email: string | null, person: ReturnType<typeof pd> | null = null) => ({ emailAddress: email, person });
const parts = (b: ReturnType<typeof T.v2EmailRows>) =>
  setOf(b.replace[0], 'interaction_participants').rows.map((r) => `${r.role}#${r.position}:${r.person_id ?? '-'}:${r.email_address ?? '-'}`);

describe('interactions', () => {
  it('v2 email: row keyed (email, id) + from/to/cc participants', () => {
    const e = S.v2EmailSchema.parse({
      id: 1,
      subject: 'Hello',
      sentAt: '2024-01-01T10:00:00Z',
      createdAt: '2024-01-01T10:00:01Z',
      updatedAt: null,
      direction: 'sent',
      loggingType: 'automated',
      from: att('a@x.co', pd(1)),
      toParticipantsPreview: { data: [att('b@y.co'), att(null, pd(3, 'c@z.co'))], totalCount: 2 },
      ccParticipantsPreview: { data: [att('d@w.co')], totalCount: 1 },
    });
    const b = T.v2EmailRows(e);
    expect(b.upserts.interactions?.[0]).toMatchObject({
      kind: 'email',
      id: 1,
      subject: 'Hello',
      started_at: '2024-01-01T10:00:00.000Z',
      direction: 'sent',
      logging_type: 'automated',
      created_at: '2024-01-01T10:00:01.000Z',
      updated_at: null,
    });
    expect(b.replace[0]).toMatchObject({
      table: 'interaction_participants',
      scope: ['kind', 'interaction_id'],
      owners: [{ kind: 'email', interaction_id: 1 }],
    });
    expect(parts(b)).toEqual(['from#0:1:a@x.co', 'to#0:-:b@y.co', 'to#1:3:c@z.co', 'cc#0:-:d@w.co']);
  });

  it('v2 meeting and call: organizer + attendees, kind tells them apart', () => {
    const m = {
      id: 7,
      title: 'Sync',
      allDay: true,
      startTime: '2024-01-01T00:00:00Z',
      endTime: '2024-01-02T00:00:00Z',
      loggingType: 'manual',
      creator: att('a@x.co', pd(1)),
      organizer: att('o@x.co', pd(2)),
      createdAt: '2024-01-01T00:00:00Z',
      updatedAt: '2024-01-03T00:00:00Z',
      attendeesPreview: { data: [att('a@x.co', pd(1)), att('q@r.s')], totalCount: 2 },
    };
    const mb = T.v2MeetingRows(S.v2MeetingSchema.parse(m));
    expect(mb.upserts.interactions?.[0]).toMatchObject({
      kind: 'meeting',
      id: 7,
      subject: 'Sync',
      all_day: true,
      creator_id: 1,
      ended_at: '2024-01-02T00:00:00.000Z',
      updated_at: '2024-01-03T00:00:00.000Z',
    });
    expect(parts(mb)).toEqual(['organizer#0:2:o@x.co', 'attendee#0:1:a@x.co', 'attendee#1:-:q@r.s']);
    const cb = T.v2CallRows(S.v2CallSchema.parse({ ...m, organizer: undefined }));
    expect(cb.upserts.interactions?.[0]).toMatchObject({ kind: 'call', id: 7 });
    expect(parts(cb)).toEqual(['attendee#0:1:a@x.co', 'attendee#1:-:q@r.s']);
  });

  it('v2 chat message with attendee-shaped creator and participants (simulator form)', () => {
    const c = S.v2ChatMessageSchema.parse({
      id: 5,
      sentAt: '2025-01-02T10:00:00Z',
      direction: 'sent',
      loggingType: 'manual',
      creator: att('a@x.co', pd(2)),
      participantsPreview: { data: [att('b@x.co', pd(3)), att('c@x.co')], totalCount: 2 },
    });
    const b = T.v2ChatMessageRows(c);
    expect(b.upserts.interactions?.[0]).toMatchObject({ creator_id: 2 });
    expect(parts(b)).toEqual(['participant#0:3:b@x.co', 'participant#1:-:c@x.co']);
  });

  it('v2 chat message: persons as participants', () => {
    const c = S.v2ChatMessageSchema.parse({
      id: 4,
      sentAt: '2025-01-02T10:00:00+01:00',
      direction: 'received',
      loggingType: 'automated',
      creator: pd(1),
      createdAt: '2025-01-02T10:00:00Z',
      updatedAt: null,
      participantsPreview: { data: [pd(5, 'e@f.g')], totalCount: 1 },
    });
    const b = T.v2ChatMessageRows(c);
    expect(b.upserts.interactions?.[0]).toMatchObject({ kind: 'chat-message', started_at: '2025-01-02T09:00:00.000Z', direction: 'received', creator_id: 1 });
    expect(parts(b)).toEqual(['participant#0:5:e@f.g']);
  });
});

describe('transcripts', () => {
  const frag = (i: number) => ({ content: `line ${i}`, speaker: i % 2 ? 'A' : 'B', startTimestamp: `00:00:0${i}`, endTimestamp: `00:00:0${i + 1}` });

  it('complete preview → fragments replaced; meeting from the AI note', () => {
    const t = S.v2TranscriptSchema.parse({
      id: 1,
      createdAt: '2023-01-01T00:00:00Z',
      languageCode: 'en',
      note: { id: 3, interaction: { id: 9, type: 'meeting' } },
      fragmentsPreview: { data: [frag(1), frag(2)], totalCount: 2 },
    });
    const b = T.transcriptRows(t);
    expect(b.upserts.transcripts?.[0]).toMatchObject({ id: 1, meeting_id: 9, language: 'en', title: null });
    // note_id is derived from the notes (load/write/derive-transcript-notes.ts), never written by the transcript read.
    expect(b.upserts.transcripts?.[0]).not.toHaveProperty('note_id');
    expect(b.replace[0]).toMatchObject({ table: 'transcript_fragments', scope: ['transcript_id'], owners: [{ transcript_id: 1 }] });
    expect(b.replace[0]!.rows[1]).toEqual({ transcript_id: 1, idx: 1, speaker: 'B', content: 'line 2', start_ms: 2000, end_ms: 3000 });
  });

  it('simulator form: meeting, language, title, speaker objects, millisecond offsets', () => {
    const t = S.v2TranscriptSchema.parse({ id: 2, title: 'Weekly', language: 'de', createdAt: '2024-01-01T00:00:00Z', meeting: { id: 44 }, fragmentsCount: 2 });
    expect(T.transcriptRows(t).upserts.transcripts?.[0]).toMatchObject({ id: 2, title: 'Weekly', language: 'de', meeting_id: 44 });
    expect(T.transcriptRows(t).upserts.transcripts?.[0]).not.toHaveProperty('note_id');
    const fr = [
      { id: 1, content: 'a', startTimestamp: 0, endTimestamp: 1500, speaker: { name: 'Ann', person: pd(1) } },
      { id: 2, content: 'b', startTimestamp: 1500, endTimestamp: 3000, speaker: { name: null, person: null } },
    ].map((f) => S.v2TranscriptFragmentSchema.parse(f));
    expect(T.transcriptFragmentsReplace(2, fr).rows).toEqual([
      { transcript_id: 2, idx: 0, speaker: 'Ann', content: 'a', start_ms: 0, end_ms: 1500 },
      { transcript_id: 2, idx: 1, speaker: null, content: 'b', start_ms: 1500, end_ms: 3000 },
    ]);
  });

  it('partial preview → fragments left for the paged endpoint', () => {
    const t = S.v2TranscriptSchema.parse({ id: 1, fragmentsPreview: { data: [frag(1)], totalCount: 40 } });
    expect(T.transcriptRows(t).replace).toEqual([]);
    const set = T.transcriptFragmentsReplace(
      1,
      [frag(1), frag(2), frag(3)].map((f) => S.v2TranscriptFragmentSchema.parse(f)),
    );
    expect(set.rows.map((r) => r.idx)).toEqual([0, 1, 2]);
  });
});

describe('files, users, teams, webhooks, merges, relationship strengths', () => {
  it('files v1', () => {
    const v1 = T.v1EntityFileRows(
      S.v1EntityFileSchema.parse({
        id: 43212,
        name: 'a.png',
        size: 993,
        person_id: null,
        organization_id: 5,
        opportunity_id: null,
        uploader_id: 10,
        created_at: '2021-10-04T08:54:24.694-04:00',
      }),
    );
    expect(v1.upserts.files?.[0]).toMatchObject({ id: 43212, company_id: 5, uploader_id: 10, created_at: '2021-10-04T12:54:24.694Z' });
  });

  it('users, teams and members (replaced per team, de-duplicated)', () => {
    expect(T.v2UserRows(S.v2UserSchema.parse({ id: 1, firstName: 'John', lastName: null, emailAddress: 'j@c.co' })).upserts.users?.[0]).toMatchObject({
      id: 1,
      first_name: 'John',
      last_name: null,
      email_address: 'j@c.co',
      type: null,
    });
    expect(T.v2TeamRows(S.v2TeamSchema.parse({ id: 2, name: 'Deal team' })).upserts.teams?.[0]).toMatchObject({ id: 2, name: 'Deal team' });
    const m = T.teamMembersRows(
      2,
      [{ id: 1 }, { id: 3 }, { id: 1 }].map((x) => S.v2TeamMemberSchema.parse(x)),
    );
    expect(m.replace).toEqual([
      {
        table: 'team_members',
        scope: ['team_id'],
        owners: [{ team_id: 2 }],
        rows: [
          { team_id: 2, user_id: 1 },
          { team_id: 2, user_id: 3 },
        ],
      },
    ]);
  });

  it.each([
    [false, 'active'],
    [true, 'disabled'],
  ])('v1 webhook disabled=%s → %s', (disabled, status) => {
    const w = T.v1WebhookRows(S.v1WebhookSchema.parse({ id: 1, webhook_url: 'https://h.test', subscriptions: ['list.created'], disabled, created_by: 10 }));
    expect(w.upserts.webhooks?.[0]).toMatchObject({ id: 1, url: 'https://h.test', subscriptions_json: '["list.created"]', status, creator_id: 10 });
  });

  it('merges', () => {
    const c = T.companyMergeRows(
      S.v2CompanyMergeSchema.parse({
        id: 9,
        status: 'success',
        taskId: 't-1',
        startedAt: '2024-01-01T00:00:00Z',
        primaryCompanyId: 1,
        duplicateCompanyId: 2,
        completedAt: '2024-01-01T00:01:00Z',
        errorMessage: null,
      }),
    );
    expect(c.upserts.merges?.[0]).toMatchObject({
      entity_type: 'company',
      id: 9,
      primary_id: 1,
      duplicate_id: 2,
      status: 'success',
      task_id: 't-1',
      created_at: '2024-01-01T00:00:00.000Z',
      completed_at: '2024-01-01T00:01:00.000Z',
    });
    const p = T.personMergeRows(S.v2PersonMergeSchema.parse({ id: 9, status: 'failed', primaryPersonId: 3, duplicatePersonId: 4, errorMessage: 'x' }));
    expect(p.upserts.merges?.[0]).toMatchObject({ entity_type: 'person', primary_id: 3, duplicate_id: 4, error_message: 'x' });
  });

  it('relationship strengths', () => {
    const r = T.relationshipStrengthRows(S.v1RelationshipStrengthSchema.parse({ internal_id: 1, external_id: 2, strength: 0.75 }));
    expect(r.upserts.relationship_strengths).toEqual([
      { internal_id: 1, external_id: 2, strength: 0.75, _raw: '{"internal_id":1,"external_id":2,"strength":0.75}' },
    ]);
  });
});
