/** Older-interface writes of notes, reminders, webhooks, fields and lists. */
import { HttpError, notFound, ok, type Ctx, type Reply, type RouteDef } from '../http/http-types.ts';
import { bodyObject, idParam } from './route-helpers.ts';
import { INT_ENTITY, v1Field, v1List, v1Note, v1Reminder } from '../render/render-v1.ts';
import { v1Webhook } from './routes-v1-activity.ts';
import { whoamiUser } from './routes-v2-misc.ts';
import { noteEntityKeys } from '../store/store.ts';
import type { SimField, SimNote, SimReminder, ValueType } from '../store/store-types.ts';

const SUCCESS = { success: true };
const unprocessable = (m: string) => new HttpError(422, 'unprocessable-entity', m);
const me = (ctx: Ctx) => whoamiUser(ctx)?.id ?? 0;

function ids(b: Record<string, unknown>, k: string): number[] {
  const v = b[k];
  return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number' && Number.isSafeInteger(x)) : [];
}

function postNote(ctx: Ctx): Reply {
  const { store } = ctx;
  const b = bodyObject(ctx);
  if (typeof b.content !== 'string') throw unprocessable('content is required');
  const parentId = typeof b.parent_id === 'number' ? b.parent_id : null;
  if (parentId !== null && store.notes.get(parentId)?.parentId !== null) throw unprocessable('parent_id must name a root note');
  const n: SimNote = {
    id: store.allocId('note'),
    type: parentId === null ? 'entities' : 'user-reply',
    parentId,
    contentHtml: b.content,
    creatorId: typeof b.creator_id === 'number' ? b.creator_id : me(ctx),
    personIds: parentId === null ? ids(b, 'person_ids').filter((id) => store.persons.has(id)) : [],
    companyIds: parentId === null ? ids(b, 'organization_ids').filter((id) => store.companies.has(id)) : [],
    opportunityIds: parentId === null ? ids(b, 'opportunity_ids').filter((id) => store.opportunities.has(id)) : [],
    mentionedPersonIds: [],
    interaction: null,
    transcriptId: null,
    createdAt: store.now(),
    updatedAt: null,
  };
  store.addNote(n);
  if (ctx.settings.createLagMs > 0) store.hide('note', n.id, ctx.nowMs + ctx.settings.createLagMs);
  return ok(v1Note(n));
}

function putNote(ctx: Ctx): Reply {
  const id = idParam(ctx, 'id');
  const n = ctx.store.notes.get(id);
  if (!n) throw notFound(`Note ${id}`);
  const b = bodyObject(ctx);
  if (typeof b.content === 'string') n.contentHtml = b.content;
  if (n.parentId === null && (b.person_ids || b.organization_ids || b.opportunity_ids)) {
    const before = noteEntityKeys(n);
    if (b.person_ids) n.personIds = ids(b, 'person_ids');
    if (b.organization_ids) n.companyIds = ids(b, 'organization_ids');
    if (b.opportunity_ids) n.opportunityIds = ids(b, 'opportunity_ids');
    ctx.store.reindexNote(n, before);
  }
  n.updatedAt = ctx.store.now();
  return ok(v1Note(n));
}

const RESET = ['interaction', 'email', 'meeting'] as const;

function reminderFrom(ctx: Ctx, b: Record<string, unknown>, prev?: SimReminder): SimReminder {
  const { store } = ctx;
  const typeInt = typeof b.type === 'number' ? b.type : prev ? (prev.type === 'one-time' ? 0 : 1) : undefined;
  if (typeInt !== 0 && typeInt !== 1) throw unprocessable('type is required: 0 one-time, 1 recurring');
  const owner = typeof b.owner_id === 'number' ? b.owner_id : prev?.ownerId;
  if (owner === undefined) throw unprocessable('owner_id is required');
  const due = typeof b.due_date === 'string' ? b.due_date : prev?.dueDate;
  if (typeInt === 0 && (!due || Number.isNaN(Date.parse(due)))) throw unprocessable('due_date is required for one-time reminders');
  const recurring = typeInt === 1;
  const resetInt = typeof b.reset_type === 'number' ? b.reset_type : undefined;
  const num = (k: string, p: number | null | undefined) => (typeof b[k] === 'number' ? (b[k] as number) : (p ?? null));
  const now = store.now();
  const dueIso = due ? new Date(Date.parse(due)).toISOString() : now;
  return {
    id: prev?.id ?? store.allocId('reminder'),
    type: recurring ? 'recurring' : 'one-time',
    content: typeof b.content === 'string' ? b.content : (prev?.content ?? ''),
    dueDate: dueIso,
    createdAt: prev?.createdAt ?? now,
    updatedAt: prev ? now : null,
    creatorId: prev?.creatorId ?? me(ctx),
    ownerId: owner,
    completerId: prev?.completerId ?? null,
    completedAt: prev?.completedAt ?? null,
    resetType: recurring ? (resetInt !== undefined ? (RESET[resetInt] ?? 'interaction') : (prev?.resetType ?? 'interaction')) : null,
    reminderDays: recurring ? (num('reminder_days', prev?.reminderDays) ?? 30) : null,
    status: prev?.status ?? (Date.parse(dueIso) > Date.now() ? 'active' : 'overdue'),
    personId: num('person_id', prev?.personId),
    companyId: num('organization_id', prev?.companyId),
    opportunityId: num('opportunity_id', prev?.opportunityId),
  };
}

const V1_VALUE_TYPES: Record<number, ValueType> = {
  0: 'person',
  1: 'company',
  2: 'dropdown',
  3: 'number',
  4: 'datetime',
  5: 'location',
  6: 'text',
  7: 'ranked-dropdown',
};

function postField(ctx: Ctx): Reply {
  const { store } = ctx;
  const b = bodyObject(ctx);
  if (typeof b.name !== 'string') throw unprocessable('name is required');
  const entityType = typeof b.entity_type === 'number' ? INT_ENTITY[b.entity_type] : undefined;
  const base = typeof b.value_type === 'number' ? V1_VALUE_TYPES[b.value_type] : undefined;
  if (!entityType || !base) throw unprocessable('entity_type (0, 1, 8) and value_type (0-7) are required');
  const listId = typeof b.list_id === 'number' ? b.list_id : null;
  if (listId !== null && store.lists.get(listId)?.type !== entityType) throw unprocessable('list_id must be a list of that entity type');
  const multi = b.allows_multiple === true && base !== 'text' && base !== 'datetime' && base !== 'ranked-dropdown';
  const valueType = (multi ? `${base}-multi` : base) as ValueType;
  const n = store.allocId('field');
  const ordinal = Math.max(0, ...store.fieldsByOrdinal.keys()) + 1;
  const f: SimField = {
    key: `field-${n}`,
    id: `field-${n}`,
    v1Id: n,
    name: b.name,
    type: listId === null ? 'global' : 'list',
    entityType,
    listId,
    valueType,
    allowsMultiple: multi,
    trackChanges: b.track_changes === true,
    enrichmentSource: null,
    association: false,
    ordinal,
    createdAt: store.now(),
  };
  store.addField(f);
  if (base === 'dropdown' || base === 'ranked-dropdown') store.dropdownOptions.set(f.key, []);
  return ok(v1Field(store, f, true));
}

export const V1_WRITE_ACTIVITY_ROUTES: RouteDef[] = [
  { method: 'POST', path: '/notes', handler: postNote },
  { method: 'PUT', path: '/notes/{id}', handler: putNote },
  {
    method: 'DELETE',
    path: '/notes/{id}',
    handler: (ctx) => {
      if (!ctx.store.removeNote(idParam(ctx, 'id'))) throw notFound('Note');
      return ok(SUCCESS);
    },
  },
  {
    method: 'POST',
    path: '/reminders',
    handler: (ctx) => {
      const r = reminderFrom(ctx, bodyObject(ctx));
      ctx.store.addReminder(r);
      if (ctx.settings.createLagMs > 0) ctx.store.hide('reminder', r.id, ctx.nowMs + ctx.settings.createLagMs);
      return ok(v1Reminder(ctx.store, r));
    },
  },
  {
    method: 'PUT',
    path: '/reminders/{id}',
    handler: (ctx) => {
      const id = idParam(ctx, 'id');
      const prev = ctx.store.reminders.get(id);
      if (!prev) throw notFound(`Reminder ${id}`);
      const r = reminderFrom(ctx, bodyObject(ctx), prev);
      ctx.store.reminders.set(id, r);
      return ok(v1Reminder(ctx.store, r));
    },
  },
  {
    method: 'DELETE',
    path: '/reminders/{id}',
    handler: (ctx) => {
      if (!ctx.store.removeReminder(idParam(ctx, 'id'))) throw notFound('Reminder');
      return ok(SUCCESS);
    },
  },
  {
    method: 'POST',
    path: '/webhook/subscribe',
    handler: (ctx) => {
      const b = bodyObject(ctx);
      if (typeof b.webhook_url !== 'string') throw unprocessable('webhook_url is required');
      if (ctx.store.webhooks.size >= 3) throw unprocessable('At most 3 webhook subscriptions per instance');
      const w = {
        id: ctx.store.allocId('webhook'),
        url: b.webhook_url,
        subscriptions: Array.isArray(b.subscriptions) ? b.subscriptions.map(String) : [],
        status: 'active' as const,
        creatorId: me(ctx),
        createdAt: ctx.store.now(),
        updatedAt: null,
      };
      ctx.store.addWebhook(w);
      return ok(v1Webhook(w));
    },
  },
  {
    method: 'PUT',
    path: '/webhook/{id}',
    handler: (ctx) => {
      const id = idParam(ctx, 'id');
      const w = ctx.store.webhooks.get(id);
      if (!w) throw notFound(`Webhook ${id}`);
      const b = bodyObject(ctx);
      if (typeof b.webhook_url === 'string') w.url = b.webhook_url;
      if (Array.isArray(b.subscriptions)) w.subscriptions = b.subscriptions.map(String);
      if (typeof b.disabled === 'boolean') w.status = b.disabled ? 'disabled' : 'active';
      w.updatedAt = ctx.store.now();
      return ok(v1Webhook(w));
    },
  },
  {
    method: 'DELETE',
    path: '/webhook/{id}',
    handler: (ctx) => {
      if (!ctx.store.webhooks.delete(idParam(ctx, 'id'))) throw notFound('Webhook');
      return ok(SUCCESS);
    },
  },
  { method: 'POST', path: '/fields', handler: postField },
  {
    method: 'POST',
    path: '/lists',
    handler: (ctx) => {
      const b = bodyObject(ctx);
      if (typeof b.name !== 'string' || typeof b.type !== 'number' || !INT_ENTITY[b.type] || typeof b.is_public !== 'boolean') {
        throw unprocessable('name, type (0, 1, 8) and is_public are required');
      }
      const owner = typeof b.owner_id === 'number' ? b.owner_id : me(ctx);
      const l = {
        id: ctx.store.allocId('list'),
        name: b.name,
        type: INT_ENTITY[b.type] as 'person',
        isPublic: b.is_public,
        ownerId: owner,
        creatorId: me(ctx),
        createdAt: ctx.store.now(),
      };
      ctx.store.addList(l);
      return ok(v1List(ctx.store, l));
    },
  },
];
