/** Older-interface reads of notes, reminders, interactions, entity files, strengths, webhooks, whoami, rate-limit. */
import { HttpError, notFound, ok, type Ctx, type Reply, type RouteDef } from '../http/http-types.ts';
import { v1PageKeys } from '../http/paging.ts';
import { idParam, queryInt } from './route-helpers.ts';
import { v1Date, v1Note, v1PersonById, v1Reminder } from '../render/render-v1.ts';
import type { SimStore } from '../store/store.ts';
import type { InteractionKind, SimFile, SimInteraction, SimWebhook } from '../store/store-types.ts';
import { hash32 } from '../prng.ts';
import { whoamiUser } from './routes-v2-misc.ts';

const KIND_BY_INT: Record<number, InteractionKind> = { 0: 'meeting', 1: 'call', 2: 'chat-message', 3: 'email' };
const KEY_BY_KIND: Record<InteractionKind, string> = { meeting: 'meetings', call: 'calls', 'chat-message': 'chat_messages', email: 'emails' };
const INT_BY_KIND: Record<InteractionKind, number> = { meeting: 0, call: 1, 'chat-message': 2, email: 3 };

function notes(ctx: Ctx): Reply {
  const person = queryInt(ctx, 'person_id');
  const org = queryInt(ctx, 'organization_id');
  const opp = queryInt(ctx, 'opportunity_id');
  const creator = queryInt(ctx, 'creator_id');
  return v1PageKeys(ctx, 'notes', ctx.store.idx.notes, (id) => {
    const n = ctx.store.notes.get(id);
    if (!n) return undefined;
    if (person !== undefined && !n.personIds.includes(person)) return undefined;
    if (org !== undefined && !n.companyIds.includes(org)) return undefined;
    if (opp !== undefined && !n.opportunityIds.includes(opp)) return undefined;
    if (creator !== undefined && n.creatorId !== creator) return undefined;
    return v1Note(n);
  });
}

function reminders(ctx: Ctx): Reply {
  const q = (n: string) => queryInt(ctx, n);
  const [person, org, opp, creatorId, ownerId, completerId, type, resetType, status] = [
    'person_id',
    'organization_id',
    'opportunity_id',
    'creator_id',
    'owner_id',
    'completer_id',
    'type',
    'reset_type',
    'status',
  ].map(q);
  const before = ctx.query.get('due_before');
  const after = ctx.query.get('due_after');
  return v1PageKeys(ctx, 'reminders', ctx.store.idx.reminders, (id) => {
    const r = ctx.store.reminders.get(id);
    if (!r) return undefined;
    const v = v1Reminder(ctx.store, r);
    const checks: Array<[number | undefined, unknown]> = [
      [person, r.personId],
      [org, r.companyId],
      [opp, r.opportunityId],
      [creatorId, r.creatorId],
      [ownerId, r.ownerId],
      [completerId, r.completerId],
      [type, v.type],
      [resetType, v.reset_type],
      [status, v.status],
    ];
    if (checks.some(([want, have]) => want !== undefined && want !== have)) return undefined;
    if (before && Date.parse(r.dueDate) >= Date.parse(before)) return undefined;
    if (after && Date.parse(r.dueDate) <= Date.parse(after)) return undefined;
    return v;
  });
}

/** Note ids per interaction, rebuilt when the number of notes changes. */
const noteIndex = new WeakMap<SimStore, { size: number; byInteraction: Map<number, number[]> }>();
function notesOf(store: SimStore, interactionId: number): number[] {
  let idx = noteIndex.get(store);
  if (!idx || idx.size !== store.notes.size) {
    const byInteraction = new Map<number, number[]>();
    for (const n of store.notes.values()) {
      if (!n.interaction) continue;
      const arr = byInteraction.get(n.interaction.id) ?? [];
      arr.push(n.id);
      byInteraction.set(n.interaction.id, arr);
    }
    idx = { size: store.notes.size, byInteraction };
    noteIndex.set(store, idx);
  }
  return idx.byInteraction.get(interactionId) ?? [];
}

export function v1Interaction(store: SimStore, it: SimInteraction): Record<string, unknown> {
  const persons = it.personIds.map((id) => v1PersonById(store, id)).filter(Boolean);
  const date = v1Date(it.date, it.id);
  const base = { id: it.id, type: INT_BY_KIND[it.kind], date };
  if (it.kind === 'email') {
    return {
      ...base,
      subject: it.title,
      from: v1PersonById(store, it.fromPersonId),
      to: persons,
      cc: it.ccPersonIds.map((id) => v1PersonById(store, id)).filter(Boolean),
      direction: it.direction === 'sent' ? 0 : 1,
    };
  }
  if (it.kind === 'chat-message') {
    return { ...base, direction: it.direction === 'sent' ? 0 : 1, manual_creator_id: it.creatorId, persons, notes: notesOf(store, it.id) };
  }
  return {
    ...base,
    start_time: date,
    end_time: v1Date(it.endTime, it.id),
    updated_at: v1Date(it.updatedAt, it.id),
    title: it.title,
    attendees: it.personIds.map((id) => store.persons.get(id)?.primaryEmailAddress).filter(Boolean),
    manual_creator_id: it.creatorId,
    notes: notesOf(store, it.id),
    persons,
  };
}

function interactionKind(ctx: Ctx): InteractionKind {
  const t = queryInt(ctx, 'type');
  const kind = t === undefined ? undefined : KIND_BY_INT[t];
  if (!kind) throw new HttpError(422, 'unprocessable-entity', 'type is required: 0 meeting, 1 call, 2 chat message, 3 email');
  return kind;
}

function interactions(ctx: Ctx): Reply {
  const { store } = ctx;
  const kind = interactionKind(ctx);
  const start = Date.parse(ctx.query.get('start_time') ?? '');
  const end = Date.parse(ctx.query.get('end_time') ?? '');
  if (Number.isNaN(start) || Number.isNaN(end)) throw new HttpError(422, 'unprocessable-entity', 'start_time and end_time are required (ISO 8601)');
  if (start >= end || end - start > 366 * 86_400_000)
    throw new HttpError(422, 'unprocessable-entity', 'start_time must be before end_time and the span at most one year');
  const personId = queryInt(ctx, 'person_id');
  const orgId = queryInt(ctx, 'organization_id');
  const oppId = queryInt(ctx, 'opportunity_id');
  let people: Set<number>;
  if (personId !== undefined) people = new Set([personId]);
  else if (orgId !== undefined) people = new Set(store.companies.get(orgId)?.personIds ?? []);
  else if (oppId !== undefined) people = new Set(store.opportunities.get(oppId)?.personIds ?? []);
  else throw new HttpError(422, 'unprocessable-entity', 'One of person_id, organization_id or opportunity_id is required');
  return v1PageKeys(
    ctx,
    KEY_BY_KIND[kind],
    store.idx.interactions[kind],
    (id) => {
      const it = store.interactions.get(id);
      if (!it) return undefined;
      const t = Date.parse(it.date);
      if (t < start || t >= end) return undefined;
      if (!it.personIds.some((p) => people.has(p)) && !(it.fromPersonId !== null && people.has(it.fromPersonId)) && !it.ccPersonIds.some((p) => people.has(p)))
        return undefined;
      return v1Interaction(store, it);
    },
    100,
    100,
  );
}

function v1File(f: SimFile): Record<string, unknown> {
  return {
    id: f.id,
    name: f.name,
    size: f.size,
    person_id: f.personId,
    organization_id: f.companyId,
    opportunity_id: f.opportunityId,
    uploader_id: f.uploaderId,
    created_at: v1Date(f.createdAt, f.id),
  };
}

function getFile(ctx: Ctx): SimFile {
  const id = idParam(ctx, 'id');
  const f = ctx.store.files.get(id);
  if (!f) throw notFound(`File ${id}`);
  return f;
}

export function v1Webhook(w: SimWebhook): Record<string, unknown> {
  return { id: w.id, webhook_url: w.url, subscriptions: w.subscriptions, disabled: w.status === 'disabled', created_by: w.creatorId };
}

export const V1_ACTIVITY_ROUTES: RouteDef[] = [
  { method: 'GET', path: '/notes', handler: notes },
  {
    method: 'GET',
    path: '/notes/{id}',
    handler: (ctx) => {
      const id = idParam(ctx, 'id');
      const n = ctx.store.notes.get(id);
      if (!n) throw notFound(`Note ${id}`);
      return ok(v1Note(n));
    },
  },
  { method: 'GET', path: '/reminders', handler: reminders },
  {
    method: 'GET',
    path: '/reminders/{id}',
    handler: (ctx) => {
      const id = idParam(ctx, 'id');
      const r = ctx.store.reminders.get(id);
      if (!r) throw notFound(`Reminder ${id}`);
      return ok(v1Reminder(ctx.store, r));
    },
  },
  { method: 'GET', path: '/interactions', handler: interactions },
  {
    method: 'GET',
    path: '/interactions/{id}',
    handler: (ctx) => {
      const kind = interactionKind(ctx);
      const id = idParam(ctx, 'id');
      const it = ctx.store.interactions.get(id);
      if (!it || it.kind !== kind) throw notFound(`Interaction ${id}`);
      return ok(v1Interaction(ctx.store, it));
    },
  },
  {
    method: 'GET',
    path: '/entity-files',
    handler: (ctx) => {
      const person = queryInt(ctx, 'person_id');
      const org = queryInt(ctx, 'organization_id');
      const opp = queryInt(ctx, 'opportunity_id');
      // The seed, docs/contract.md §S7: "files of one person, company or opportunity (`/v2` lists only organisation-wide
      // files)"; the reference lists it as a plain paged listing (docs/contract.md §4), so only the seed needs a scope.
      const scopes = [person, org, opp].filter((x) => x !== undefined).length;
      if (!ctx.settings.contract.entityFilesUnscoped && scopes !== 1) {
        throw new HttpError(422, 'unprocessable-entity', 'Exactly one of person_id, organization_id or opportunity_id is required');
      }
      return v1PageKeys(ctx, 'entity_files', ctx.store.idx.files, (id) => {
        const f = ctx.store.files.get(id);
        if (
          !f ||
          (person !== undefined && f.personId !== person) ||
          (org !== undefined && f.companyId !== org) ||
          (opp !== undefined && f.opportunityId !== opp)
        )
          return undefined;
        return v1File(f);
      });
    },
  },
  { method: 'GET', path: '/entity-files/{id}', handler: (ctx) => ok(v1File(getFile(ctx))) },
  {
    method: 'GET',
    path: '/entity-files/download/{id}',
    handler: (ctx) => {
      const f = getFile(ctx);
      return { status: 200, raw: { data: `simulated content of ${f.name}\n`, contentType: f.contentType } };
    },
  },
  {
    method: 'GET',
    path: '/relationships-strengths',
    handler: (ctx) => {
      const external = queryInt(ctx, 'external_id');
      if (external === undefined) throw new HttpError(422, 'unprocessable-entity', 'external_id is required');
      const internal = queryInt(ctx, 'internal_id');
      const users = [...ctx.store.users.keys()]
        .sort((a, b) => a - b)
        .filter((u) => (internal === undefined ? hash32(ctx.store.seed, external, u) % 3 === 0 : u === internal));
      return ok(users.map((u) => ({ internal_id: u, external_id: external, strength: (hash32(ctx.store.seed, u, external) % 100) / 100 })));
    },
  },
  { method: 'GET', path: '/webhook', handler: (ctx) => ok([...ctx.store.webhooks.values()].sort((a, b) => a.id - b.id).map(v1Webhook)) },
  {
    method: 'GET',
    path: '/webhook/{id}',
    handler: (ctx) => {
      const id = idParam(ctx, 'id');
      const w = ctx.store.webhooks.get(id);
      if (!w) throw notFound(`Webhook ${id}`);
      return ok(v1Webhook(w));
    },
  },
  {
    method: 'GET',
    path: '/auth/whoami',
    handler: (ctx) => {
      const u = whoamiUser(ctx);
      return ok({
        tenant: ctx.tenant,
        user: { id: u?.id ?? 1, firstName: u?.firstName ?? 'Sim', lastName: u?.lastName ?? null, email: u?.emailAddress ?? 'sim@simulated.vc' },
        grant: { type: 'api_key', scope: 'external_api', createdAt: '2024-01-01T00:00:00.000-05:00' },
      });
    },
  },
  {
    method: 'GET',
    path: '/rate-limit',
    handler: (ctx) => {
      const org = ctx.rate.org ?? { limit: null, remaining: null, reset: null, used: 0 };
      return ok({ rate: { org_monthly: org, api_key_per_minute: ctx.rate.user } });
    },
  },
];
