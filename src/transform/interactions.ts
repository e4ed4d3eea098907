import { emptyBatch, type Row, type RowBatch } from '../load/batch.ts';
import type {
  V1Interaction,
  V1PersonSummary,
  V2Attendee,
  V2Call,
  V2ChatMessage,
  V2Email,
  V2Meeting,
  V2PersonOrAttendee,
} from '../extract/schemas/index.ts';
import { addUpsert, compact, rawJson, replaceSet, v1InteractionKind } from './rows.ts';
import { normalizeTimestamp } from './timestamps.ts';

/**
 * Interactions (v2 emails/meetings/calls/chat messages, v1 `/interactions`) → `interactions` rows keyed
 * by `(kind, id)` (ids are unique per kind only) + `interaction_participants` replaced per interaction.
 * Participant lists from /v2 are previews (≤ 100 + `totalCount`): the best the API offers, so they
 * still replace.
 */

interface Participant {
  role: string;
  person_id: number | null;
  email_address: string | null;
}

const fromAttendee = (role: string) => (a: V2Attendee): Participant => ({
  role,
  person_id: a.person?.id ?? null,
  email_address: a.emailAddress ?? a.person?.primaryEmailAddress ?? null,
});
/** Chat participants come as persons or as attendees (sources disagree); both map the same way. */
const fromPersonOrAttendee = (role: string) => (p: V2PersonOrAttendee): Participant =>
  'id' in p && typeof p.id === 'number'
    ? { role, person_id: p.id, email_address: typeof p.primaryEmailAddress === 'string' ? p.primaryEmailAddress : null }
    : fromAttendee(role)(p as V2Attendee);

function personIdOf(p: V2PersonOrAttendee | null | undefined): number | null {
  if (!p) return null;
  if ('id' in p && typeof p.id === 'number') return p.id;
  return (p as V2Attendee).person?.id ?? null;
}
const fromV1Person = (role: string) => (p: V1PersonSummary): Participant => ({
  role,
  person_id: p.id,
  email_address: p.primary_email ?? p.emails?.[0] ?? null,
});

/** Build the batch: the row, then participants numbered 0.. within each role. */
function interactionBatch(kind: string, id: number, row: Row, participants: Participant[], raw: string): RowBatch {
  const b = emptyBatch();
  addUpsert(b, 'interactions', compact({ ...row, kind, id, _raw: raw }));
  const positions = new Map<string, number>();
  const rows = participants.map((p) => {
    const position = positions.get(p.role) ?? 0;
    positions.set(p.role, position + 1);
    return { kind, interaction_id: id, role: p.role, position, person_id: p.person_id, email_address: p.email_address };
  });
  b.replace.push(replaceSet('interaction_participants', ['kind', 'interaction_id'], [{ kind, interaction_id: id }], rows));
  return b;
}

const ts = (s: string | null | undefined): string | null => normalizeTimestamp(s ?? null);

export function v2EmailRows(e: V2Email, raw?: unknown): RowBatch {
  return interactionBatch('email', e.id, {
    subject: e.subject ?? null,
    started_at: ts(e.sentAt),
    ended_at: null,
    all_day: null,
    direction: e.direction ?? null,
    logging_type: e.loggingType ?? null,
    creator_id: null,
    created_at: ts(e.createdAt),
    updated_at: ts(e.updatedAt),
  }, [
    ...(e.from ? [fromAttendee('from')(e.from)] : []),
    ...(e.toParticipantsPreview?.data ?? []).map(fromAttendee('to')),
    ...(e.ccParticipantsPreview?.data ?? []).map(fromAttendee('cc')),
  ], rawJson(raw, e));
}

/** Meetings and calls share a shape; `kind` tells them apart. */
function eventRows(kind: 'meeting' | 'call', m: V2Meeting | V2Call, raw: unknown): RowBatch {
  const organizer = 'organizer' in m ? (m.organizer as V2Attendee | null | undefined) : undefined;
  return interactionBatch(kind, m.id, {
    subject: m.title ?? null,
    started_at: ts(m.startTime),
    ended_at: ts(m.endTime),
    all_day: m.allDay ?? null,
    direction: null,
    logging_type: m.loggingType ?? null,
    creator_id: m.creator?.person?.id ?? null,
    created_at: ts(m.createdAt),
    updated_at: ts(m.updatedAt),
  }, [
    ...(organizer ? [fromAttendee('organizer')(organizer)] : []),
    ...(m.attendeesPreview?.data ?? []).map(fromAttendee('attendee')),
  ], rawJson(raw, m));
}

export function v2MeetingRows(m: V2Meeting, raw?: unknown): RowBatch {
  return eventRows('meeting', m, raw);
}

export function v2CallRows(c: V2Call, raw?: unknown): RowBatch {
  return eventRows('call', c, raw);
}

export function v2ChatMessageRows(c: V2ChatMessage, raw?: unknown): RowBatch {
  return interactionBatch('chat-message', c.id, {
    subject: null,
    started_at: ts(c.sentAt),
    ended_at: null,
    all_day: null,
    direction: c.direction ?? null,
    logging_type: c.loggingType ?? null,
    creator_id: personIdOf(c.creator),
    created_at: ts(c.createdAt),
    updated_at: ts(c.updatedAt),
  }, (c.participantsPreview?.data ?? []).map(fromPersonOrAttendee('participant')), rawJson(raw, c));
}

/** v1 direction 0 sent / 1 received; logging_type 0 automated / 1 manual. */
const V1_DIRECTIONS: Readonly<Record<number, string>> = { 0: 'sent', 1: 'received' };
const V1_LOGGING: Readonly<Record<number, string>> = { 0: 'automated', 1: 'manual' };

/**
 * v1 `GET /interactions?type=` item. Emails: `from`/`to`/`cc` persons. Meetings/calls: `persons` as
 * attendees, plus attendee addresses no person accounts for. Chat messages: `persons` as participants.
 */
export function v1InteractionRows(i: V1Interaction, raw?: unknown): RowBatch {
  const kind = v1InteractionKind(i.type);
  if (kind === null) throw new Error(`v1 interaction ${i.id}: unknown type ${i.type} (expected 0–3)`);
  const participants: Participant[] = [];
  if (kind === 'email') {
    if (i.from) participants.push(fromV1Person('from')(i.from));
    participants.push(...(i.to ?? []).map(fromV1Person('to')), ...(i.cc ?? []).map(fromV1Person('cc')));
  } else {
    const role = kind === 'chat-message' ? 'participant' : 'attendee';
    const persons = i.persons ?? [];
    participants.push(...persons.map(fromV1Person(role)));
    const known = new Set(persons.flatMap((p) => [p.primary_email, ...(p.emails ?? [])]).map((e) => e?.toLowerCase()));
    for (const email of i.attendees ?? []) {
      if (!known.has(email.toLowerCase())) participants.push({ role, person_id: null, email_address: email });
    }
  }
  return interactionBatch(kind, i.id, {
    subject: i.subject ?? i.title ?? null,
    started_at: ts(i.start_time ?? i.date),
    ended_at: ts(i.end_time),
    direction: i.direction === null || i.direction === undefined ? null : (V1_DIRECTIONS[i.direction] ?? `v1-${i.direction}`),
    logging_type:
      i.logging_type === null || i.logging_type === undefined ? null : (V1_LOGGING[i.logging_type] ?? `v1-${i.logging_type}`),
    creator_id: i.manual_creator_id ?? null,
    updated_at: ts(i.updated_at),
  }, participants, rawJson(raw, i));
}
