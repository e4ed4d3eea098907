/** `/v2` renderings of notes, reminders, interactions, transcripts, files, users, webhooks, merges, changes. */
import type { Ctx } from '../http/http-types.ts';
import type { SimStore } from '../store/store.ts';
import {
  DROPDOWN_COLORS,
  type FieldValue,
  type SimField,
  type SimFieldValueChange,
  type SimFile,
  type SimInteraction,
  type SimMerge,
  type SimNote,
  type SimReminder,
  type SimTranscript,
  type SimUser,
  type SimWebhook,
} from '../store/store-types.ts';
import { attendee, companyData, personData, renderOpportunity } from './render-v2-refs.ts';

function preview<T>(items: T[], cap = 100): { data: T[]; totalCount: number } {
  return { data: items.slice(0, cap), totalCount: items.length };
}

export function renderNoteV2(ctx: Ctx, n: SimNote): Record<string, unknown> {
  const { store } = ctx;
  const out: Record<string, unknown> = {
    id: n.id,
    type: n.type,
    content: { html: n.contentHtml },
    creator: personData(store, n.creatorId),
    mentions: n.mentionedPersonIds.map((pid, i) => ({ id: n.id * 10 + i, type: 'person', person: personData(store, pid) })),
    createdAt: n.createdAt,
    updatedAt: n.updatedAt,
  };
  if (n.parentId !== null) {
    out.parent = { id: n.parentId };
  } else {
    out.permissions = { owner: personData(store, n.creatorId), sharingType: 'public' };
  }
  if (n.interaction && n.type !== 'entities' && n.type !== 'user-reply') out.interaction = n.interaction;
  if ((n.type === 'ai-notetaker' || n.type === 'ai-notetaker-reply') && ctx.version >= '2026-09-17') out.transcriptId = n.transcriptId;
  const includes = new Set(ctx.query.getAll('includes'));
  if (n.parentId === null) {
    if (includes.has('companiesPreview')) out.companiesPreview = preview(n.companyIds.map((id) => companyData(store, id)).filter(Boolean));
    if (includes.has('personsPreview')) out.personsPreview = preview(n.personIds.map((id) => personData(store, id)).filter(Boolean));
    if (includes.has('opportunitiesPreview')) {
      out.opportunitiesPreview = preview(
        n.opportunityIds
          .map((id) => store.opportunities.get(id))
          .filter((o) => o !== undefined)
          .map((o) => renderOpportunity(ctx, o)),
      );
    }
    if (includes.has('repliesCount')) out.repliesCount = store.repliesByNote.get(n.id)?.length ?? 0;
  }
  return out;
}

export function renderReminderV2(store: SimStore, r: SimReminder): Record<string, unknown> {
  const opp = r.opportunityId === null ? undefined : store.opportunities.get(r.opportunityId);
  return {
    id: r.id,
    type: r.type,
    content: r.content,
    dueDate: r.dueDate,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    completedAt: r.completedAt,
    status: r.status,
    resetType: r.resetType,
    reminderDays: r.reminderDays,
    creator: personData(store, r.creatorId),
    owner: personData(store, r.ownerId),
    completer: r.completerId === null ? null : personData(store, r.completerId),
    person: r.personId === null ? null : personData(store, r.personId),
    company: r.companyId === null ? null : companyData(store, r.companyId),
    opportunity: opp ? { id: opp.id, name: opp.name, listId: opp.listId } : null,
  };
}

/** Listing shapes of /v2/emails, /meetings, /calls, /chat-messages. */
export function renderInteractionV2(store: SimStore, it: SimInteraction): Record<string, unknown> {
  const people = (ids: number[]) => preview(ids.map((id) => attendee(store, id)));
  const creator = it.creatorId === null ? null : attendee(store, it.creatorId);
  switch (it.kind) {
    case 'email':
      return {
        id: it.id,
        subject: it.title,
        sentAt: it.date,
        createdAt: it.createdAt,
        updatedAt: it.updatedAt,
        direction: it.direction,
        loggingType: 'automated',
        from: attendee(store, it.fromPersonId),
        toParticipantsPreview: preview([...it.personIds.map((id) => attendee(store, id)), ...it.externalEmails.map((e) => attendee(store, null, e))]),
        ccParticipantsPreview: people(it.ccPersonIds),
      };
    case 'meeting':
      return {
        id: it.id,
        loggingType: it.loggingType,
        title: it.title,
        startTime: it.date,
        endTime: it.endTime,
        allDay: it.allDay,
        creator,
        organizer: it.fromPersonId === null ? null : attendee(store, it.fromPersonId),
        createdAt: it.createdAt,
        updatedAt: it.updatedAt,
        attendeesPreview: people(it.personIds),
      };
    case 'call':
      return {
        id: it.id,
        loggingType: it.loggingType,
        startTime: it.date,
        endTime: it.endTime,
        creator,
        createdAt: it.createdAt,
        updatedAt: it.updatedAt,
        attendeesPreview: people(it.personIds),
      };
    default:
      return {
        id: it.id,
        loggingType: it.loggingType,
        direction: it.direction,
        sentAt: it.date,
        creator,
        createdAt: it.createdAt,
        updatedAt: it.updatedAt,
        participantsPreview: people(it.personIds),
      };
  }
}

export function renderTranscriptV2(store: SimStore, t: SimTranscript): Record<string, unknown> {
  return { id: t.id, title: t.title, language: t.language, createdAt: t.createdAt, meeting: { id: t.meetingId }, fragmentsCount: t.fragments.length };
}

export function renderFragmentsV2(store: SimStore, t: SimTranscript): Array<Record<string, unknown>> {
  return t.fragments.map((f, i) => ({
    id: i + 1,
    content: f.content,
    startTimestamp: f.startMs,
    endTimestamp: f.endMs,
    speaker: { name: f.speakerName, person: f.speakerPersonId === null ? null : personData(store, f.speakerPersonId) },
  }));
}

export function renderFileV2(store: SimStore, f: SimFile): Record<string, unknown> {
  return {
    id: f.id,
    name: f.name,
    sizeInBytes: f.size,
    contentType: f.contentType,
    createdAt: f.createdAt,
    creator: personData(store, f.uploaderId),
    personId: f.personId,
    companyId: f.companyId,
    opportunityId: f.opportunityId,
  };
}

export function renderUserV2(u: SimUser): Record<string, unknown> {
  return { id: u.id, firstName: u.firstName, lastName: u.lastName, emailAddress: u.emailAddress };
}

export function renderWebhookV2(w: SimWebhook): Record<string, unknown> {
  return {
    id: w.id,
    url: w.url,
    subscriptions: w.subscriptions,
    status: w.status,
    creator: { id: w.creatorId },
    createdAt: w.createdAt,
    updatedAt: w.updatedAt,
  };
}

export function renderMergeV2(m: SimMerge): Record<string, unknown> {
  const [p, d] = m.kind === 'company' ? ['primaryCompanyId', 'duplicateCompanyId'] : ['primaryPersonId', 'duplicatePersonId'];
  return {
    id: m.id,
    status: m.status,
    taskId: m.taskId,
    startedAt: m.startedAt,
    [p]: m.primaryId,
    [d]: m.duplicateId,
    completedAt: m.completedAt,
    errorMessage: m.errorMessage,
  };
}

export function renderTaskV2(m: SimMerge): Record<string, unknown> {
  const done = m.status === 'success' ? 1 : 0;
  return {
    id: m.taskId,
    status: m.status,
    resultsSummary: { total: 1, inProgress: m.status === 'in-progress' ? 1 : 0, success: done, failed: m.status === 'failed' ? 1 : 0 },
  };
}

/** The reference-typed value of a change row (docs/contract.md §7.9). */
function changeValue(store: SimStore, field: SimField, v: FieldValue): unknown {
  const d = v.data as Record<string, unknown>;
  const base = v.type.replace(/-multi$/, '');
  if (base === 'person') {
    const p = personData(store, d.id as number);
    return p ? { referenceType: 'entity', ...p } : { referenceType: 'deleted-entity', displayValue: `Person ${String(d.id)}` };
  }
  if (base === 'company') {
    const c = companyData(store, d.id as number);
    return c ? { referenceType: 'entity', ...c } : { referenceType: 'deleted-entity', displayValue: `Company ${String(d.id)}` };
  }
  if (base === 'dropdown' || base === 'ranked-dropdown') {
    const o = store.options(field).find((x) => x.id === d.dropdownOptionId);
    if (!o) return { referenceType: 'deleted-entity', displayValue: String(d.dropdownOptionId) };
    return base === 'ranked-dropdown'
      ? { referenceType: 'entity', dropdownOptionId: o.id, text: o.text, rank: o.rank, color: DROPDOWN_COLORS[o.color] }
      : { referenceType: 'entity', dropdownOptionId: o.id, text: o.text };
  }
  return v.data;
}

export function renderChangeV2(store: SimStore, c: SimFieldValueChange): Record<string, unknown> | undefined {
  const field = store.fields.get(c.fieldKey);
  if (!field) return undefined;
  const changer = c.changerId === null ? null : (store.users.get(c.changerId) ?? null);
  const entry = c.listEntryId === null ? null : { id: c.listEntryId, listId: field.listId };
  return {
    id: c.id,
    type: field.valueType,
    actionType: c.actionType,
    changedAt: c.changedAt,
    field: { id: field.id, name: field.name, type: field.type, entityType: field.entityType },
    entity: { id: c.entityId },
    listEntry: entry,
    changer: changer ? { id: changer.id, firstName: changer.firstName, lastName: changer.lastName, emailAddress: changer.emailAddress } : null,
    value: changeValue(store, field, c.value),
  };
}
