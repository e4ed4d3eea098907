import { emptyBatch, type RowBatch, type RowOf } from '../load/schema/row-batch.ts';
import type { V2Attendee, V2Call, V2ChatMessage, V2Email, V2Meeting, V2PersonOrAttendee } from '../extract/schemas/index.ts';
import { addUpsert, rawJson, replaceSet } from './rows.ts';
import { normalizeTimestamp } from './timestamps.ts';

/**
 * Interactions (v2 emails, meetings, calls, chat messages) → `interactions` rows keyed
 * by `(kind, id)` (ids are unique per kind only) + `interaction_participants` replaced per interaction.
 * Participant lists from /v2 are previews (≤ 100 + `totalCount`): the best the API offers, so they
 * still replace.
 */

interface Participant {
  role: string;
  person_id: number | null;
  email_address: string | null;
}

const fromAttendee =
  (role: string) =>
  (a: V2Attendee): Participant => ({
    role,
    person_id: a.person?.id ?? null,
    email_address: a.emailAddress ?? a.person?.primaryEmailAddress ?? null,
  });
/** Chat participants come as persons or as attendees (sources disagree); both map the same way. */
const fromPersonOrAttendee =
  (role: string) =>
  (p: V2PersonOrAttendee): Participant =>
    'id' in p && typeof p.id === 'number'
      ? { role, person_id: p.id, email_address: typeof p.primaryEmailAddress === 'string' ? p.primaryEmailAddress : null }
      : fromAttendee(role)(p as V2Attendee);

function personIdOf(p: V2PersonOrAttendee | null | undefined): number | null {
  if (!p) return null;
  if ('id' in p && typeof p.id === 'number') return p.id;
  return (p as V2Attendee).person?.id ?? null;
}

/** An interaction's columns other than its key and `_raw`. */
type InteractionColumns = Omit<RowOf<'interactions'>, 'kind' | 'id' | '_raw'>;

/** Build the batch: the row, then participants numbered 0.. within each role. */
function interactionBatch(kind: string, id: number, row: InteractionColumns, participants: Participant[], raw: string): RowBatch {
  const b = emptyBatch();
  addUpsert(b, 'interactions', { ...row, kind, id, _raw: raw });
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
  return interactionBatch(
    'email',
    e.id,
    {
      subject: e.subject ?? null,
      started_at: ts(e.sentAt),
      ended_at: null,
      all_day: null,
      direction: e.direction ?? null,
      logging_type: e.loggingType ?? null,
      creator_id: null,
      created_at: ts(e.createdAt),
      updated_at: ts(e.updatedAt),
    },
    [
      ...(e.from ? [fromAttendee('from')(e.from)] : []),
      ...(e.toParticipantsPreview?.data ?? []).map(fromAttendee('to')),
      ...(e.ccParticipantsPreview?.data ?? []).map(fromAttendee('cc')),
    ],
    rawJson(raw, e),
  );
}

/** Meetings and calls share a shape; `kind` tells them apart. */
function eventRows(kind: 'meeting' | 'call', m: V2Meeting | V2Call, raw: unknown): RowBatch {
  const organizer = 'organizer' in m ? (m.organizer as V2Attendee | null | undefined) : undefined;
  return interactionBatch(
    kind,
    m.id,
    {
      subject: m.title ?? null,
      started_at: ts(m.startTime),
      ended_at: ts(m.endTime),
      all_day: m.allDay ?? null,
      direction: null,
      logging_type: m.loggingType ?? null,
      creator_id: m.creator?.person?.id ?? null,
      created_at: ts(m.createdAt),
      updated_at: ts(m.updatedAt),
    },
    [...(organizer ? [fromAttendee('organizer')(organizer)] : []), ...(m.attendeesPreview?.data ?? []).map(fromAttendee('attendee'))],
    rawJson(raw, m),
  );
}

export function v2MeetingRows(m: V2Meeting, raw?: unknown): RowBatch {
  return eventRows('meeting', m, raw);
}

export function v2CallRows(c: V2Call, raw?: unknown): RowBatch {
  return eventRows('call', c, raw);
}

export function v2ChatMessageRows(c: V2ChatMessage, raw?: unknown): RowBatch {
  return interactionBatch(
    'chat-message',
    c.id,
    {
      subject: null,
      started_at: ts(c.sentAt),
      ended_at: null,
      all_day: null,
      direction: c.direction ?? null,
      logging_type: c.loggingType ?? null,
      creator_id: personIdOf(c.creator),
      created_at: ts(c.createdAt),
      updated_at: ts(c.updatedAt),
    },
    (c.participantsPreview?.data ?? []).map(fromPersonOrAttendee('participant')),
    rawJson(raw, c),
  );
}
