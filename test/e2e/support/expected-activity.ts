/**
 * Expected rows for the activity tables: field value changes, notes (+ attachments), reminders,
 * interactions (+ participants), transcripts (+ fragments) and files. Derived from the store the way the
 * streams read them (notes and reminders through the older listings, a note's transcript through
 * `/v2/notes`; interactions, transcripts, files and changes through `/v2`). Change values are built from the store's change records by wire-values.ts,
 * never by the simulator's renderers.
 */
import type { SimInteraction, SimStore } from '@relsync/simulator';
import type { TableExpectation } from './expect-types.ts';
import { ts, type ExpRow } from './norm.ts';
import { changeTyped } from './expected-values.ts';
import { changeValueWire } from './wire-values.ts';

export function activityExpectations(store: SimStore): TableExpectation[] {
  /** A person reference as the service renders it: merges followed, gone → null. */
  const person = (id: number | null): number | null => (id === null ? null : (store.persons.get(store.resolveMerged('person', id))?.id ?? null));
  const out: TableExpectation[] = [];
  /**
   * A note's transcript as `/v2/notes` shows it: root notes only (the listing excludes replies, docs/contract.md
   * §7.7), and only AI-notetaker notes carry one (the store holds null on every other note).
   */
  const transcriptOf = (n: { parentId: number | null; transcriptId: number | null }): number | null => (n.parentId === null ? n.transcriptId : null);
  const noteOfTranscript = new Map<number, number>();
  for (const n of store.notes.values()) {
    const t = transcriptOf(n);
    if (t !== null && n.id < (noteOfTranscript.get(t) ?? Infinity)) noteOfTranscript.set(t, n.id);
  }

  out.push({
    table: 'field_value_changes',
    key: ['id'],
    columns: [
      'field_id',
      'entity_type',
      'entity_id',
      'list_entry_id',
      'list_id',
      'action_type',
      'changed_at',
      'changer_id',
      'value_type',
      'value_json',
      'value_text',
      'value_number',
      'value_date',
      'ref_id',
    ],
    rows: store.fieldValueChanges.flatMap((c) => {
      const f = store.fields.get(c.fieldKey);
      if (!f) return []; // a deleted field's history is not served
      return [
        {
          id: c.id,
          field_id: f.id,
          entity_type: f.entityType,
          entity_id: c.entityId,
          list_entry_id: c.listEntryId,
          list_id: c.listEntryId === null ? null : f.listId,
          action_type: c.actionType,
          changed_at: ts(c.changedAt),
          changer_id: c.changerId !== null && store.users.has(c.changerId) ? c.changerId : null,
          value_type: f.valueType,
          value_json: changeValueWire(store, f, c.value.data),
          // Typed like field_values (one value, one representation).
          ...changeTyped(store, f, c.value.data),
        },
      ];
    }),
  });

  out.push({
    table: 'notes',
    key: ['id'],
    columns: [
      'type',
      'parent_id',
      'content_html',
      'content_text',
      'creator_id',
      'interaction_id',
      'interaction_type',
      'transcript_id',
      'created_at',
      'updated_at',
    ],
    rows: [...store.notes.values()].map((n) => ({
      id: n.id,
      type: n.type,
      parent_id: n.parentId,
      content_html: n.contentHtml,
      content_text: n.contentHtml.replace(/<[^>]*>/g, '').trim(),
      creator_id: n.creatorId,
      interaction_id: n.interaction?.id ?? null,
      interaction_type: n.interaction?.type ?? null,
      transcript_id: transcriptOf(n),
      created_at: ts(n.createdAt),
      updated_at: ts(n.updatedAt),
    })),
  });
  out.push({
    // Attached: the note's persons (associated and interaction), companies, opportunities; mentioned: @-mentions.
    table: 'note_attachments',
    key: ['note_id', 'entity_type', 'entity_id'],
    columns: ['attached', 'mentioned'],
    rows: [...store.notes.values()]
      .filter((n) => n.parentId === null)
      .flatMap((n) => [
        ...[...new Set([...n.personIds, ...n.mentionedPersonIds])].map((id) => ({
          note_id: n.id,
          entity_type: 'person',
          entity_id: id,
          attached: n.personIds.includes(id),
          mentioned: n.mentionedPersonIds.includes(id),
        })),
        ...[...new Set(n.companyIds)].map((id) => ({ note_id: n.id, entity_type: 'company', entity_id: id, attached: true, mentioned: false })),
        ...[...new Set(n.opportunityIds)].map((id) => ({ note_id: n.id, entity_type: 'opportunity', entity_id: id, attached: true, mentioned: false })),
      ]),
    owner: { live: (r) => store.notes.has(r.note_id as number), parent: (r) => ({ table: 'notes', key: String(r.note_id) }) },
  });

  out.push({
    table: 'reminders',
    key: ['id'],
    columns: [
      'type',
      'content',
      'due_date',
      'reset_type',
      'reminder_days',
      'status',
      'owner_id',
      'creator_id',
      'completer_id',
      'person_id',
      'company_id',
      'opportunity_id',
      'created_at',
      'completed_at',
    ],
    rows: [...store.reminders.values()].map((r) => ({
      id: r.id,
      type: r.type,
      content: r.content,
      due_date: ts(r.dueDate),
      reset_type: r.resetType,
      reminder_days: r.reminderDays,
      status: r.status,
      owner_id: person(r.ownerId),
      creator_id: person(r.creatorId),
      completer_id: person(r.completerId),
      person_id: person(r.personId),
      company_id: r.companyId !== null && store.companies.has(r.companyId) ? r.companyId : null,
      opportunity_id: r.opportunityId !== null && store.opportunities.has(r.opportunityId) ? r.opportunityId : null,
      created_at: ts(r.createdAt),
      completed_at: ts(r.completedAt),
    })),
  });

  const interactions = [...store.interactions.values()];
  out.push({
    table: 'interactions',
    key: ['kind', 'id'],
    columns: ['subject', 'started_at', 'ended_at', 'all_day', 'direction', 'logging_type', 'creator_id', 'created_at', 'updated_at'],
    rows: interactions.map((it) => interactionRow(it, person)),
  });
  out.push({
    table: 'interaction_participants',
    key: ['kind', 'interaction_id', 'role', 'position'],
    columns: ['person_id', 'email_address'],
    rows: interactions.flatMap((it) => participants(store, it, person)),
    owner: {
      live: (r) => store.interactions.get(r.interaction_id as number)?.kind === r.kind,
      parent: (r) => ({ table: 'interactions', key: `${String(r.kind)}|${String(r.interaction_id)}` }),
    },
  });

  out.push({
    table: 'transcripts',
    key: ['id'],
    columns: ['title', 'meeting_id', 'note_id', 'language', 'created_at'],
    rows: [...store.transcripts.values()].map((t) => ({
      id: t.id,
      title: t.title,
      meeting_id: t.meetingId,
      // The lowest live note naming the transcript.
      note_id: noteOfTranscript.get(t.id) ?? null,
      language: t.language,
      created_at: ts(t.createdAt),
    })),
  });
  out.push({
    table: 'transcript_fragments',
    key: ['transcript_id', 'idx'],
    columns: ['speaker', 'content', 'start_ms', 'end_ms'],
    rows: [...store.transcripts.values()].flatMap((t) =>
      t.fragments.map((f, idx) => ({
        transcript_id: t.id,
        idx,
        speaker: f.speakerName,
        content: f.content,
        start_ms: f.startMs,
        end_ms: f.endMs,
      })),
    ),
    owner: { live: (r) => store.transcripts.has(r.transcript_id as number), parent: (r) => ({ table: 'transcripts', key: String(r.transcript_id) }) },
  });

  out.push({
    table: 'files',
    key: ['id'],
    columns: ['name', 'size', 'content_type', 'person_id', 'company_id', 'opportunity_id', 'uploader_id', 'created_at'],
    rows: [...store.files.values()].map((f) => ({
      id: f.id,
      name: f.name,
      size: f.size,
      content_type: f.contentType,
      person_id: f.personId,
      company_id: f.companyId,
      opportunity_id: f.opportunityId,
      uploader_id: f.uploaderId,
      created_at: ts(f.createdAt),
    })),
  });
  return out;
}

function interactionRow(it: SimInteraction, person: (id: number | null) => number | null): ExpRow {
  const base = { kind: it.kind, id: it.id, started_at: ts(it.date), created_at: ts(it.createdAt), updated_at: ts(it.updatedAt) };
  switch (it.kind) {
    case 'email':
      return { ...base, subject: it.title, ended_at: null, all_day: null, direction: it.direction, logging_type: 'automated', creator_id: null };
    case 'meeting':
      return {
        ...base,
        subject: it.title,
        ended_at: ts(it.endTime),
        all_day: it.allDay,
        direction: null,
        logging_type: it.loggingType,
        creator_id: person(it.creatorId),
      };
    case 'call':
      // The call listing has no title and no all-day flag.
      return {
        ...base,
        subject: null,
        ended_at: ts(it.endTime),
        all_day: null,
        direction: null,
        logging_type: it.loggingType,
        creator_id: person(it.creatorId),
      };
    default:
      return { ...base, subject: null, ended_at: null, all_day: null, direction: it.direction, logging_type: it.loggingType, creator_id: person(it.creatorId) };
  }
}

/** Participant rows in listing order, numbered per role; addresses as the attendee objects carry them. */
function participants(store: SimStore, it: SimInteraction, person: (id: number | null) => number | null): ExpRow[] {
  const rows: ExpRow[] = [];
  const pos = new Map<string, number>();
  const add = (role: string, personId: number | null, email?: string) => {
    const position = pos.get(role) ?? 0;
    pos.set(role, position + 1);
    const resolved = person(personId);
    const addr =
      (personId === null ? undefined : store.persons.get(personId)?.primaryEmailAddress) ??
      email ??
      (resolved === null ? null : (store.persons.get(resolved)?.primaryEmailAddress ?? null));
    rows.push({ kind: it.kind, interaction_id: it.id, role, position, person_id: resolved, email_address: addr ?? null });
  };
  if (it.kind === 'email') {
    add('from', it.fromPersonId);
    for (const p of it.personIds) add('to', p);
    for (const e of it.externalEmails) add('to', null, e);
    for (const p of it.ccPersonIds) add('cc', p);
  } else if (it.kind === 'meeting') {
    if (it.fromPersonId !== null) add('organizer', it.fromPersonId);
    for (const p of it.personIds) add('attendee', p);
  } else if (it.kind === 'call') {
    for (const p of it.personIds) add('attendee', p);
  } else {
    for (const p of it.personIds) add('participant', p);
  }
  return rows;
}
