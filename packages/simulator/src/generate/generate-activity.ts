/** Generates interactions, transcripts, notes (with replies), reminders and files. */
import type { Rng } from '../prng.ts';
import { ID_BASE, type SimStore } from '../store/store.ts';
import type { InteractionKind, NoteType, ScaleCounts, SimInteraction, SimNote } from '../store/store-types.ts';
import { GEN_END_MS, WORDS, genTime, iso, sentence } from './generate-names.ts';
import { relevantCompany, relevantCompanyIds, userId } from './generate-core.ts';

/** Interactions this recent draw their outside persons from relevant companies' (ScaleCounts.relevantCompanies). */
const RECENT_MS = 365 * 86_400_000;

export function generateActivity(store: SimStore, rng: Rng, counts: ScaleCounts, userCount: number): void {
  const P = counts.persons;
  const external = () => (P > userCount ? ID_BASE.person + rng.int(userCount + 1, P) : userId(rng, userCount));
  const recent = recentPersonPicker(store, rng, counts, external);
  generateInteractions(store, rng, P, userCount, (date) => (date >= GEN_END_MS - RECENT_MS ? recent() : external()));
  generateNotes(store, rng, counts, userCount, external);
  generateReminders(store, rng, counts, userCount, external);
  generateFiles(store, rng, counts, userCount, external);
}

/**
 * Outside persons of recent interactions: with some companies relevant, those whose every company is relevant
 * (a team emails the people it works with, not the whole address book); else any, as before.
 */
function recentPersonPicker(store: SimStore, rng: Rng, counts: ScaleCounts, external: () => number): () => number {
  const r = counts.relevantCompanies ?? counts.companies;
  if (r >= counts.companies) return external;
  const relevant = relevantCompanyIds(counts);
  const people: number[] = [];
  for (const p of store.persons.values()) if (p.type === 'external' && p.companyIds.length > 0 && p.companyIds.every((c) => relevant.has(c))) people.push(p.id);
  return people.length === 0 ? external : () => rng.pick(people);
}

function generateInteractions(store: SimStore, rng: Rng, P: number, userCount: number, atDate: (date: number) => number): void {
  const plan: Array<[InteractionKind, number]> = [
    ['email', Math.max(20, Math.round(P / 4))],
    ['meeting', Math.max(10, Math.round(P / 8))],
    ['call', Math.max(5, Math.round(P / 20))],
    ['chat-message', Math.max(5, Math.round(P / 20))],
  ];
  let id = ID_BASE.interaction;
  for (const [kind, n] of plan) {
    for (let i = 0; i < n; i++) {
      const date = genTime(rng);
      const external = () => atDate(date);
      const people = [...new Set([external(), ...(rng.chance(0.5) ? [external()] : []), userId(rng, userCount)])];
      const created = date + rng.int(0, 3600) * 1000;
      const it: SimInteraction = {
        id: ++id,
        kind,
        title: null,
        date: iso(date),
        endTime: null,
        allDay: false,
        direction: rng.chance(0.5) ? 'sent' : 'received',
        loggingType: rng.chance(0.85) ? 'automated' : 'manual',
        creatorId: null,
        fromPersonId: null,
        personIds: people,
        ccPersonIds: [],
        externalEmails: [],
        createdAt: iso(created),
        updatedAt: rng.chance(0.3) ? iso(created + rng.int(1, 86_400) * 1000) : null,
      };
      if (kind === 'email') {
        it.loggingType = 'automated';
        it.title = rng.chance(0.05) ? null : sentence(rng, rng.int(2, 6));
        it.fromPersonId = it.direction === 'sent' ? userId(rng, userCount) : (people[0] as number);
        it.personIds = people.filter((p) => p !== it.fromPersonId);
        if (it.personIds.length === 0) it.personIds = [external()];
        it.ccPersonIds = rng.chance(0.3) ? [external()] : [];
        if (rng.chance(0.1)) it.externalEmails = [`someone${rng.int(1, 999)}@example.org`];
      } else if (kind === 'meeting') {
        it.title = rng.chance(0.05) ? null : `${rng.pick(WORDS)} ${rng.pick(WORDS)}`;
        it.allDay = rng.chance(0.05);
        it.endTime = it.allDay ? null : iso(date + rng.int(1, 4) * 1_800_000);
        it.fromPersonId = userId(rng, userCount);
        it.creatorId = it.loggingType === 'manual' ? it.fromPersonId : null;
      } else if (kind === 'call') {
        it.endTime = iso(date + rng.int(5, 60) * 60_000);
        it.creatorId = it.loggingType === 'manual' ? userId(rng, userCount) : null;
      } else {
        it.creatorId = userId(rng, userCount);
      }
      store.addInteraction(it);
      if (kind === 'meeting' && rng.chance(0.3)) {
        const fragments = [];
        let t = 0;
        for (let f = rng.int(3, 8); f > 0; f--) {
          const who = rng.pick(it.personIds);
          const p = store.persons.get(who);
          const len = rng.int(2, 40) * 1000;
          fragments.push({
            speakerPersonId: who,
            speakerName: p ? `${p.firstName} ${p.lastName ?? ''}`.trim() : 'Unknown',
            content: sentence(rng, rng.int(4, 14)),
            startMs: t,
            endMs: t + len,
          });
          t += len;
        }
        store.addTranscript({
          id: store.allocId('transcript'),
          meetingId: it.id,
          title: it.title ?? 'Meeting',
          language: 'en',
          createdAt: it.endTime ?? it.date,
          fragments,
        });
      }
    }
  }
}

function generateNotes(store: SimStore, rng: Rng, counts: ScaleCounts, userCount: number, external: () => number): void {
  const n = Math.max(20, Math.round(counts.persons / 4));
  const meetings = store.idx.interactions.meeting.values();
  const transcripts = [...store.transcripts.values()];
  for (let i = 0; i < n; i++) {
    const created = genTime(rng);
    const r = rng.next();
    const type: NoteType = r < 0.75 ? 'entities' : r < 0.92 ? 'interaction' : 'ai-notetaker';
    const note: SimNote = {
      id: store.allocId('note'),
      type,
      parentId: null,
      contentHtml: `<p>${sentence(rng, rng.int(5, 25))}</p>`,
      creatorId: userId(rng, userCount),
      personIds: [],
      companyIds: [],
      opportunityIds: [],
      mentionedPersonIds: [],
      interaction: null,
      transcriptId: null,
      createdAt: iso(created),
      updatedAt: rng.chance(0.5) ? iso(genTime(rng, created)) : null,
    };
    const np = rng.int(0, 3);
    for (let j = 0; j < np; j++) note.personIds.push(external());
    if (counts.companies > 0 && rng.chance(0.5)) note.companyIds.push(relevantCompany(rng, counts));
    if (counts.opportunities > 0 && rng.chance(0.25)) note.opportunityIds.push(ID_BASE.opportunity + rng.int(1, counts.opportunities));
    if (note.personIds.length + note.companyIds.length + note.opportunityIds.length === 0) note.personIds.push(external());
    note.personIds = [...new Set(note.personIds)].sort((a, b) => a - b);
    if (rng.chance(0.2)) note.mentionedPersonIds.push(external());
    if (type === 'interaction') {
      const kind = rng.pick(['meeting', 'email', 'call', 'chat-message'] as const);
      const ids = store.idx.interactions[kind].values();
      note.interaction = { id: ids[rng.int(0, ids.length - 1)] as number, type: kind };
    } else if (type === 'ai-notetaker') {
      const t = transcripts.length ? rng.pick(transcripts) : null;
      note.interaction = { id: t?.meetingId ?? (meetings[0] as number), type: 'meeting' };
      note.transcriptId = t?.id ?? null;
    }
    store.addNote(note);
    if (rng.chance(0.2)) {
      for (let k = rng.int(1, 2); k > 0; k--) {
        const at = genTime(rng, created);
        store.addNote({
          id: store.allocId('note'),
          type: type === 'ai-notetaker' && rng.chance(0.5) ? 'ai-notetaker-reply' : 'user-reply',
          parentId: note.id,
          contentHtml: `<p>${sentence(rng, rng.int(3, 12))}</p>`,
          creatorId: userId(rng, userCount),
          personIds: [],
          companyIds: [],
          opportunityIds: [],
          mentionedPersonIds: [],
          interaction: null,
          transcriptId: null,
          createdAt: iso(at),
          updatedAt: null,
        });
      }
    }
  }
}

function generateReminders(store: SimStore, rng: Rng, counts: ScaleCounts, userCount: number, external: () => number): void {
  const n = Math.max(10, Math.round(counts.persons / 10));
  for (let i = 0; i < n; i++) {
    const created = genTime(rng);
    const recurring = rng.chance(0.3);
    const due = created + rng.int(1, 120) * 86_400_000;
    const s = rng.next();
    const status = s < 0.4 ? 'completed' : due > GEN_END_MS ? 'active' : s < 0.7 ? 'overdue' : 'active';
    const owner = userId(rng, userCount);
    const target = rng.next();
    store.addReminder({
      id: store.allocId('reminder'),
      type: recurring ? 'recurring' : 'one-time',
      content: sentence(rng, rng.int(3, 10)),
      dueDate: iso(due),
      createdAt: iso(created),
      updatedAt: rng.chance(0.3) ? iso(created + 3_600_000) : null,
      creatorId: rng.chance(0.8) ? owner : userId(rng, userCount),
      ownerId: owner,
      completerId: status === 'completed' ? owner : null,
      completedAt: status === 'completed' ? iso(due - 3_600_000) : null,
      resetType: recurring ? rng.pick(['interaction', 'email', 'meeting'] as const) : null,
      reminderDays: recurring ? rng.pick([7, 14, 30, 90]) : null,
      status,
      personId: target < 0.5 ? external() : null,
      companyId: target >= 0.5 && target < 0.8 && counts.companies > 0 ? relevantCompany(rng, counts) : null,
      opportunityId: target >= 0.8 && counts.opportunities > 0 ? ID_BASE.opportunity + rng.int(1, counts.opportunities) : null,
    });
  }
}

function generateFiles(store: SimStore, rng: Rng, counts: ScaleCounts, userCount: number, external: () => number): void {
  const n = Math.max(10, Math.round(counts.persons / 10));
  const kinds = [
    ['pdf', 'application/pdf'],
    ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['png', 'image/png'],
  ] as const;
  for (let i = 0; i < n; i++) {
    const [ext, contentType] = rng.pick(kinds);
    const target = rng.next();
    store.addFile({
      id: store.allocId('file'),
      name: `${rng.pick(WORDS)}-${rng.pick(WORDS)}-${i + 1}.${ext}`,
      size: rng.int(1_000, 5_000_000),
      contentType,
      personId: target < 0.4 ? external() : null,
      companyId: target >= 0.4 && target < 0.8 && counts.companies > 0 ? relevantCompany(rng, counts) : null,
      opportunityId: target >= 0.8 && counts.opportunities > 0 ? ID_BASE.opportunity + rng.int(1, counts.opportunities) : null,
      uploaderId: userId(rng, userCount),
      createdAt: iso(genTime(rng)),
    });
  }
}
