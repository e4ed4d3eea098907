/** `/v2` writes: field values (single and batch), notes, reminders, webhooks, merges. Never faulted. */
import { HttpError, notFound, ok, type Ctx, type Reply, type RouteDef } from '../http/http-types.ts';
import { bodyObject, getCompany, getEntry, getList, getPerson, idParam } from './route-helpers.ts';
import { normaliseV2Value } from './values-input.ts';
import { setCell } from '../store/store-values.ts';
import { renderNoteV2, renderReminderV2, renderWebhookV2 } from '../render/render-v2-activity.ts';
import { fieldVisible } from '../render/render-v2.ts';
import { whoamiUser } from './routes-v2-misc.ts';
import { MergeError, mergeEntities } from '../store/store-merge.ts';
import type { EntityType, SimField, SimNote, SimReminder } from '../store/store-types.ts';

const SUCCESS = { success: true };

function changer(ctx: Ctx): number | null {
  return whoamiUser(ctx)?.id ?? null;
}

interface Target {
  entityType: EntityType;
  entityId: number;
  listEntryId: number | null;
  fields: SimField[];
}

function entityTarget(kind: 'company' | 'person') {
  return (ctx: Ctx): Target => {
    const id = idParam(ctx, kind === 'company' ? 'companyId' : 'personId');
    if (kind === 'company') getCompany(ctx, id);
    else getPerson(ctx, id);
    return { entityType: kind, entityId: id, listEntryId: null, fields: ctx.store.fieldsByEntity.get(kind) ?? [] };
  };
}

function entryTarget(ctx: Ctx): Target {
  const l = getList(ctx, idParam(ctx, 'listId'));
  const e = getEntry(ctx, l.id, idParam(ctx, 'listEntryId'));
  return { entityType: e.entityType, entityId: e.entityId, listEntryId: e.id, fields: ctx.store.applicableFields(l.type, l.id) };
}

function writeOne(ctx: Ctx, t: Target, fieldId: string, value: unknown): void {
  const f = t.fields.find((x) => x.id === fieldId && fieldVisible(ctx, x));
  if (!f) throw notFound(`Field ${fieldId}`);
  const v = normaliseV2Value(ctx.store, f, value);
  setCell(ctx.store, {
    field: f,
    entityType: t.entityType,
    entityId: t.entityId,
    listEntryId: f.listId === null ? null : t.listEntryId,
    value: v,
    changerId: changer(ctx),
  });
}

function postField(target: (ctx: Ctx) => Target) {
  return (ctx: Ctx): Reply => {
    const t = target(ctx);
    const body = bodyObject(ctx);
    if (!('value' in body)) throw new HttpError(400, 'validation', 'Body must be {"value": {"type": …, "data": …}}', 'value');
    writeOne(ctx, t, ctx.params.fieldId ?? '', body.value);
    return { status: 204 };
  };
}

/** Batch update: `{operation:"update-fields", updates:[{id, value}]}` (also a plain {fieldId: value} mapping). */
function patchFields(target: (ctx: Ctx) => Target) {
  return (ctx: Ctx): Reply => {
    const t = target(ctx);
    const body = bodyObject(ctx);
    let updates: Array<{ id: string; value: unknown }>;
    if (body.operation !== undefined) {
      if (body.operation !== 'update-fields' || !Array.isArray(body.updates)) {
        throw new HttpError(400, 'validation', 'operation must be "update-fields" with an updates array', 'operation');
      }
      updates = (body.updates as Array<{ id?: unknown; value?: unknown }>).map((u) => ({ id: String(u.id), value: u.value ?? null }));
    } else {
      updates = Object.entries(body).map(([id, value]) => ({ id, value }));
    }
    if (updates.length > 100) throw new HttpError(400, 'validation', 'At most 100 updates per request', 'updates');
    for (const u of updates) writeOne(ctx, t, u.id, u.value);
    return ok({ operation: 'update-fields' });
  };
}

function ids(v: unknown): number[] {
  return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number' && Number.isSafeInteger(x)) : [];
}

function html(content: unknown): string {
  if (typeof content === 'string') return content;
  if (content && typeof content === 'object' && typeof (content as { html?: unknown }).html === 'string') return (content as { html: string }).html;
  throw new HttpError(400, 'validation', 'content is required', 'content');
}

function createNote(ctx: Ctx): Reply {
  const b = bodyObject(ctx);
  const { store } = ctx;
  const parentId = typeof b.parentId === 'number' ? b.parentId : null;
  if (parentId !== null && store.notes.get(parentId)?.parentId !== null) throw new HttpError(400, 'validation', 'parentId must be a root note', 'parentId');
  const now = store.now();
  const n: SimNote = {
    id: store.allocId('note'),
    type: parentId === null ? 'entities' : 'user-reply',
    parentId,
    contentHtml: html(b.content),
    creatorId: changer(ctx) ?? 0,
    personIds: parentId === null ? ids(b.personIds).filter((id) => store.persons.has(id)) : [],
    companyIds: parentId === null ? ids(b.companyIds).filter((id) => store.companies.has(id)) : [],
    opportunityIds: parentId === null ? ids(b.opportunityIds).filter((id) => store.opportunities.has(id)) : [],
    mentionedPersonIds: [],
    interaction: null,
    transcriptId: null,
    createdAt: now,
    updatedAt: null,
  };
  store.addNote(n);
  return ok(renderNoteV2(ctx, n), 201);
}

function getNote(ctx: Ctx): SimNote {
  const id = idParam(ctx, 'noteId');
  const n = ctx.store.notes.get(id);
  if (!n) throw notFound(`Note ${id}`);
  return n;
}

function reminderFromBody(ctx: Ctx, b: Record<string, unknown>, prev?: SimReminder): SimReminder {
  const { store } = ctx;
  const type = (b.type ?? prev?.type ?? 'one-time') as SimReminder['type'];
  if (type !== 'one-time' && type !== 'recurring') throw new HttpError(400, 'validation', 'type must be one-time or recurring', 'type');
  const due = typeof b.dueDate === 'string' ? b.dueDate : prev?.dueDate;
  if (!due || Number.isNaN(Date.parse(due))) throw new HttpError(400, 'validation', 'dueDate is required (ISO 8601)', 'dueDate');
  const owner = typeof b.ownerId === 'number' ? b.ownerId : (prev?.ownerId ?? changer(ctx) ?? 0);
  const num = (k: string, p: number | null | undefined) => (typeof b[k] === 'number' ? (b[k] as number) : (p ?? null));
  const now = store.now();
  return {
    id: prev?.id ?? store.allocId('reminder'),
    type,
    content: typeof b.content === 'string' ? b.content : (prev?.content ?? ''),
    dueDate: new Date(Date.parse(due)).toISOString(),
    createdAt: prev?.createdAt ?? now,
    updatedAt: prev ? now : null,
    creatorId: prev?.creatorId ?? changer(ctx) ?? owner,
    ownerId: owner,
    completerId: prev?.completerId ?? null,
    completedAt: prev?.completedAt ?? null,
    resetType: type === 'recurring' ? ((b.resetType as SimReminder['resetType']) ?? prev?.resetType ?? 'interaction') : null,
    reminderDays: type === 'recurring' ? (num('reminderDays', prev?.reminderDays) ?? 30) : null,
    status: prev?.status ?? (Date.parse(due) > Date.now() ? 'active' : 'overdue'),
    personId: num('personId', prev?.personId),
    companyId: num('companyId', prev?.companyId),
    opportunityId: num('opportunityId', prev?.opportunityId),
  };
}

function merge(kind: 'company' | 'person') {
  return (ctx: Ctx): Reply => {
    const b = bodyObject(ctx);
    const [pk, dk] = kind === 'company' ? ['primaryCompanyId', 'duplicateCompanyId'] : ['primaryPersonId', 'duplicatePersonId'];
    const primary = b[pk];
    const dup = b[dk];
    if (typeof primary !== 'number' || typeof dup !== 'number') throw new HttpError(400, 'validation', `${pk} and ${dk} are required integers`, pk);
    try {
      const m = mergeEntities(ctx.store, kind, primary, dup);
      return ok({ taskUrl: `${ctx.baseUrl}/v2/tasks/${kind}-merges/${m.taskId}` }, 202);
    } catch (err) {
      if (err instanceof MergeError) throw new HttpError(400, 'validation', err.message, pk);
      throw err;
    }
  };
}

export const V2_WRITE_ROUTES: RouteDef[] = [
  { method: 'POST', path: '/v2/companies/{companyId}/fields/{fieldId}', handler: postField(entityTarget('company')) },
  { method: 'PATCH', path: '/v2/companies/{companyId}/fields', handler: patchFields(entityTarget('company')) },
  { method: 'POST', path: '/v2/persons/{personId}/fields/{fieldId}', handler: postField(entityTarget('person')) },
  { method: 'PATCH', path: '/v2/persons/{personId}/fields', handler: patchFields(entityTarget('person')) },
  { method: 'POST', path: '/v2/lists/{listId}/list-entries/{listEntryId}/fields/{fieldId}', handler: postField(entryTarget) },
  { method: 'PATCH', path: '/v2/lists/{listId}/list-entries/{listEntryId}/fields', handler: patchFields(entryTarget) },
  { method: 'POST', path: '/v2/notes', handler: createNote },
  {
    method: 'POST',
    path: '/v2/notes/{noteId}',
    handler: (ctx) => {
      const n = getNote(ctx);
      n.contentHtml = html(bodyObject(ctx).content);
      n.updatedAt = ctx.store.now();
      return ok(renderNoteV2(ctx, n));
    },
  },
  {
    method: 'DELETE',
    path: '/v2/notes/{noteId}',
    handler: (ctx) => {
      ctx.store.removeNote(getNote(ctx).id);
      return ok(SUCCESS);
    },
  },
  {
    method: 'POST',
    path: '/v2/reminders',
    handler: (ctx) => {
      const r = reminderFromBody(ctx, bodyObject(ctx));
      ctx.store.addReminder(r);
      return ok(renderReminderV2(ctx.store, r), 201);
    },
  },
  {
    method: 'POST',
    path: '/v2/reminders/{reminderId}',
    from: '2026-09-17',
    handler: (ctx) => {
      const id = idParam(ctx, 'reminderId');
      const prev = ctx.store.reminders.get(id);
      if (!prev) throw notFound(`Reminder ${id}`);
      const b = bodyObject(ctx);
      if (b.type !== undefined && b.type !== prev.type)
        throw new HttpError(400, 'validation', 'The reminder type can be changed only through the older interface', 'type');
      const r = reminderFromBody(ctx, b, prev);
      ctx.store.reminders.set(id, r);
      return ok(renderReminderV2(ctx.store, r));
    },
  },
  {
    method: 'DELETE',
    path: '/v2/reminders/{reminderId}',
    from: '2026-07-15',
    handler: (ctx) => {
      const id = idParam(ctx, 'reminderId');
      if (!ctx.store.removeReminder(id)) throw notFound(`Reminder ${id}`);
      return ok(SUCCESS);
    },
  },
  {
    method: 'POST',
    path: '/v2/webhooks',
    from: '2026-07-15',
    handler: (ctx) => {
      const b = bodyObject(ctx);
      if (typeof b.url !== 'string') throw new HttpError(400, 'validation', 'url is required', 'url');
      if ([...ctx.store.webhooks.values()].some((w) => w.url === b.url)) throw new HttpError(409, 'conflict', 'A webhook with this url exists');
      const w = {
        id: ctx.store.allocId('webhook'),
        url: b.url,
        subscriptions: Array.isArray(b.subscriptions) ? b.subscriptions.map(String) : [],
        status: 'active' as const,
        creatorId: changer(ctx) ?? 0,
        createdAt: ctx.store.now(),
        updatedAt: null,
      };
      ctx.store.addWebhook(w);
      return ok(renderWebhookV2(w), 201);
    },
  },
  {
    method: 'POST',
    path: '/v2/webhooks/{webhookId}',
    from: '2026-07-15',
    handler: (ctx) => {
      const id = idParam(ctx, 'webhookId');
      const w = ctx.store.webhooks.get(id);
      if (!w) throw notFound(`Webhook ${id}`);
      const b = bodyObject(ctx);
      if (typeof b.url === 'string') w.url = b.url;
      if (Array.isArray(b.subscriptions)) w.subscriptions = b.subscriptions.map(String);
      if (b.status === 'active' || b.status === 'disabled') w.status = b.status;
      w.updatedAt = ctx.store.now();
      return ok(renderWebhookV2(w));
    },
  },
  {
    method: 'DELETE',
    path: '/v2/webhooks/{webhookId}',
    from: '2026-07-15',
    handler: (ctx) => {
      if (!ctx.store.webhooks.delete(idParam(ctx, 'webhookId'))) throw notFound('Webhook');
      return ok(SUCCESS);
    },
  },
  { method: 'POST', path: '/v2/company-merges', handler: merge('company') },
  { method: 'POST', path: '/v2/person-merges', handler: merge('person') },
];
