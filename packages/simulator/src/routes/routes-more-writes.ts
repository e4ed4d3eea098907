/** Remaining writes: v2 lists, dropdown options and feedback; v1 interactions, field deletion, file upload. */
import { HttpError, notFound, ok, type Ctx, type Reply, type RouteDef } from '../http/http-types.ts';
import { bodyObject, getList, idParam } from './route-helpers.ts';
import { renderList } from '../render/render-v2.ts';
import { renderOption } from './routes-v2-entities.ts';
import { v1Interaction } from './routes-v1-activity.ts';
import { whoamiUser } from './routes-v2-misc.ts';
import { DROPDOWN_COLORS, type InteractionKind, type SimField, type SimInteraction } from '../store/store-types.ts';

const SUCCESS = { success: true };
const me = (ctx: Ctx) => whoamiUser(ctx)?.id ?? 0;

function listField(ctx: Ctx): SimField {
  const l = getList(ctx, idParam(ctx, 'listId'));
  const f = ctx.store.applicableFields(l.type, l.id).find((x) => x.id === ctx.params.fieldId);
  if (!f || !['dropdown', 'dropdown-multi', 'ranked-dropdown'].includes(f.valueType)) throw notFound(`Dropdown field ${ctx.params.fieldId ?? ''}`);
  return f;
}

function optionPatch(b: Record<string, unknown>) {
  const color = typeof b.color === 'string' ? DROPDOWN_COLORS.indexOf(b.color as (typeof DROPDOWN_COLORS)[number]) : typeof b.color === 'number' ? b.color : -1;
  return {
    text: typeof b.text === 'string' ? b.text : undefined,
    rank: typeof b.rank === 'number' ? b.rank : undefined,
    color: color >= 0 ? color : undefined,
  };
}

const KINDS: Record<number, InteractionKind> = { 0: 'meeting', 1: 'call', 2: 'chat-message', 3: 'email' };

function interactionById(ctx: Ctx): SimInteraction {
  const id = idParam(ctx, 'id');
  const t = Number(ctx.query.get('type') ?? (bodyObject(ctx).type as number | undefined));
  const it = ctx.store.interactions.get(id);
  if (!it || KINDS[t] !== it.kind) throw notFound(`Interaction ${id} of type ${String(t)}`);
  return it;
}

/** Multipart upload: the file name from Content-Disposition and the entity from the form fields. */
function upload(ctx: Ctx): Reply {
  const raw = typeof (ctx.body as { raw?: unknown } | undefined)?.raw === 'string' ? (ctx.body as { raw: string }).raw : JSON.stringify(ctx.body ?? {});
  const field = (name: string) => {
    const m = new RegExp(`name="${name}"\\r?\\n\\r?\\n(\\d+)`).exec(raw) ?? new RegExp(`"${name}"\\s*:\\s*(\\d+)`).exec(raw);
    return m ? Number(m[1]) : null;
  };
  const name = /filename="([^"]+)"/.exec(raw)?.[1] ?? /"name"\s*:\s*"([^"]+)"/.exec(raw)?.[1] ?? 'upload.bin';
  const f = {
    id: ctx.store.allocId('file'),
    name,
    size: raw.length,
    contentType: 'application/octet-stream',
    personId: field('person_id'),
    companyId: field('organization_id'),
    opportunityId: field('opportunity_id'),
    uploaderId: me(ctx),
    createdAt: ctx.store.now(),
  };
  if (f.personId === null && f.companyId === null && f.opportunityId === null)
    throw new HttpError(422, 'unprocessable-entity', 'person_id, organization_id or opportunity_id is required');
  ctx.store.addFile(f);
  return ok(SUCCESS);
}

export const MORE_WRITE_ROUTES: RouteDef[] = [
  { method: 'POST', path: '/v2/feedback', handler: () => ({ status: 204 }) },
  {
    method: 'POST',
    path: '/v2/lists',
    handler: (ctx) => {
      const b = bodyObject(ctx);
      if (typeof b.name !== 'string' || !['company', 'person', 'opportunity'].includes(String(b.type)) || typeof b.isPublic !== 'boolean') {
        throw new HttpError(400, 'validation', 'name, type (company|person|opportunity) and isPublic are required', 'name');
      }
      const l = {
        id: ctx.store.allocId('list'),
        name: b.name,
        type: b.type as 'company',
        isPublic: b.isPublic,
        ownerId: me(ctx),
        creatorId: me(ctx),
        createdAt: ctx.store.now(),
      };
      ctx.store.addList(l);
      return ok(renderList(ctx, l), 201);
    },
  },
  {
    method: 'POST',
    path: '/v2/lists/{listId}/fields/{fieldId}/dropdown-options',
    handler: (ctx) => {
      const f = listField(ctx);
      const p = optionPatch(bodyObject(ctx));
      if (!p.text) throw new HttpError(400, 'validation', 'text is required', 'text');
      const opts = ctx.store.options(f);
      const o = { id: ctx.store.allocId('dropdownOption'), text: p.text, rank: p.rank ?? opts.length + 1, color: p.color ?? 0 };
      ctx.store.dropdownOptions.set(f.key, [...opts, o]);
      return ok(renderOption(f, o), 201);
    },
  },
  {
    method: 'POST',
    path: '/v2/lists/{listId}/fields/{fieldId}/dropdown-options/{dropdownOptionId}',
    handler: (ctx) => {
      const f = listField(ctx);
      const id = idParam(ctx, 'dropdownOptionId');
      const o = ctx.store.options(f).find((x) => x.id === id);
      if (!o) throw notFound(`Dropdown option ${id}`);
      const p = optionPatch(bodyObject(ctx));
      if (p.text !== undefined) o.text = p.text;
      if (p.rank !== undefined) o.rank = p.rank;
      if (p.color !== undefined) o.color = p.color;
      return ok(renderOption(f, o));
    },
  },
  {
    method: 'DELETE',
    path: '/v2/lists/{listId}/fields/{fieldId}/dropdown-options/{dropdownOptionId}',
    handler: (ctx) => {
      const f = listField(ctx);
      const id = idParam(ctx, 'dropdownOptionId');
      const opts = ctx.store.options(f);
      if (!opts.some((x) => x.id === id)) throw notFound(`Dropdown option ${id}`);
      ctx.store.dropdownOptions.set(
        f.key,
        opts.filter((x) => x.id !== id),
      );
      return ok(SUCCESS);
    },
  },
  {
    method: 'DELETE',
    path: '/fields/{id}',
    handler: (ctx) => {
      const f = ctx.store.fieldByV1Id(idParam(ctx, 'id'));
      if (!f) throw notFound('Field');
      ctx.store.removeField(f);
      return ok(SUCCESS);
    },
  },
  {
    method: 'POST',
    path: '/interactions',
    handler: (ctx) => {
      const b = bodyObject(ctx);
      const kind = typeof b.type === 'number' ? KINDS[b.type] : undefined;
      const persons = Array.isArray(b.person_ids) ? b.person_ids.filter((x): x is number => typeof x === 'number' && ctx.store.persons.has(x)) : [];
      if (!kind || persons.length === 0 || typeof b.date !== 'string' || Number.isNaN(Date.parse(b.date))) {
        throw new HttpError(422, 'unprocessable-entity', 'type (0-3), person_ids and date are required');
      }
      const now = ctx.store.now();
      const it: SimInteraction = {
        id: ctx.store.allocId('interaction'),
        kind,
        title: typeof b.content === 'string' ? b.content.slice(0, 80) : null,
        date: new Date(Date.parse(b.date)).toISOString(),
        endTime: null,
        allDay: false,
        direction: b.direction === 1 ? 'received' : 'sent',
        loggingType: 'manual',
        creatorId: me(ctx),
        fromPersonId: kind === 'email' ? me(ctx) : null,
        personIds: persons,
        ccPersonIds: [],
        externalEmails: [],
        createdAt: now,
        updatedAt: null,
      };
      ctx.store.addInteraction(it);
      return ok(v1Interaction(ctx.store, it));
    },
  },
  {
    method: 'PUT',
    path: '/interactions/{id}',
    handler: (ctx) => {
      const it = interactionById(ctx);
      const b = bodyObject(ctx);
      if (typeof b.content === 'string') it.title = b.content.slice(0, 80);
      it.updatedAt = ctx.store.now();
      return ok(v1Interaction(ctx.store, it));
    },
  },
  {
    method: 'DELETE',
    path: '/interactions/{id}',
    handler: (ctx) => {
      const it = interactionById(ctx);
      ctx.store.interactions.delete(it.id);
      ctx.store.idx.interactions[it.kind].remove(it.id);
      return ok(SUCCESS);
    },
  },
  { method: 'POST', path: '/entity-files', handler: upload },
];
