/** `/v2` whoami, rate-limit, users, teams, webhooks, merges and tasks, duplicate suggestions, inferred connections. */
import { HttpError, notFound, ok, type Ctx, type Reply, type RouteDef } from '../http/http-types.ts';
import { arraySeq, pageArray, pageKeys } from '../http/paging.ts';
import { parseFilter, type PropSpec } from '../http/filter.ts';
import { idParam, queryInt } from './route-helpers.ts';
import { renderList } from '../render/render-v2.ts';
import { companyData, personData } from '../render/render-v2-refs.ts';
import { renderMergeV2, renderTaskV2, renderUserV2, renderWebhookV2 } from '../render/render-v2-activity.ts';
import { ID_BASE } from '../store/store.ts';
import type { SimMerge, SimTeam } from '../store/store-types.ts';

export function whoamiUser(ctx: Ctx) {
  const ids = [...ctx.store.users.keys()].sort((a, b) => a - b);
  return ctx.store.users.get(ids[0] ?? ID_BASE.person + 1);
}

function whoami(ctx: Ctx): Reply {
  const u = whoamiUser(ctx);
  return ok({
    tenant: ctx.tenant,
    user: { id: u?.id ?? 1, firstName: u?.firstName ?? 'Sim', lastName: u?.lastName ?? null, emailAddress: u?.emailAddress ?? 'sim@simulated.vc' },
    grant: { type: 'api-key', scopes: ['api'], createdAt: '2024-01-01T00:00:00Z' },
  });
}

function rateLimit(ctx: Ctx): Reply {
  const body: Record<string, unknown> = { callerPerMinute: ctx.rate.user };
  if (ctx.rate.org) body.orgPerMonth = ctx.rate.org;
  return ok(body);
}

/**
 * OpenAPI GET /v2/company-merges and /v2/person-merges: filter properties `status` (`=`, "`in-progress`,
 * `success`, `failed`") and `taskId` (`=`); tasks: `status` only. Nothing else is filterable.
 */
const MERGE_STATUS: PropSpec = { kind: 'string', ops: ['='], values: ['in-progress', 'success', 'failed'] };
const MERGE_FILTER: Record<string, PropSpec> = { status: MERGE_STATUS, taskId: { kind: 'string', ops: ['='] } };

/**
 * Merges are listed most recent first (docs/contract.md §S9), so a chain's later merge comes before the
 * earlier one. Keys are the negated ids (ascending = newest first), so the cursor keeps its place while
 * newer merges arrive at the front.
 */
function merges(kind: 'company' | 'person', def: number) {
  return (ctx: Ctx): Reply => {
    const filter = parseFilter(ctx, MERGE_FILTER);
    const items = [...ctx.store.merges.values()].filter((m) => m.kind === kind).sort((a, b) => b.id - a.id);
    return pageKeys(
      ctx,
      arraySeq(items.map((m) => -m.id)),
      (key) => {
        const m = ctx.store.merges.get(-key) as SimMerge;
        if (filter && !filter.test((prop) => (prop === 'status' ? m.status : m.taskId))) return undefined;
        return renderMergeV2(m);
      },
      def,
    );
  };
}

function merge(kind: 'company' | 'person') {
  return (ctx: Ctx): Reply => {
    const id = idParam(ctx, 'mergeId');
    const m = ctx.store.merges.get(id);
    if (!m || m.kind !== kind) throw notFound(`Merge ${id}`);
    return ok(renderMergeV2(m));
  };
}

function tasks(kind: 'company' | 'person', def: number) {
  return (ctx: Ctx): Reply => {
    const filter = parseFilter(ctx, { status: MERGE_STATUS });
    const items = [...ctx.store.merges.values()].filter((m) => m.kind === kind && (!filter || filter.test(() => m.status))).sort((a, b) => a.id - b.id);
    return pageArray(ctx, items, renderTaskV2, def);
  };
}

function task(kind: 'company' | 'person') {
  return (ctx: Ctx): Reply => {
    const taskId = ctx.params.taskId ?? '';
    const m = [...ctx.store.merges.values()].find((x) => x.kind === kind && x.taskId === taskId);
    if (!m) throw notFound(`Task ${taskId}`);
    return ok(renderTaskV2(m));
  };
}

function getTeam(ctx: Ctx): SimTeam {
  const id = idParam(ctx, 'teamId');
  const t = ctx.store.teams.get(id);
  if (!t) throw notFound(`Team ${id}`);
  return t;
}

function getWebhook(ctx: Ctx) {
  const id = idParam(ctx, 'webhookId');
  const w = ctx.store.webhooks.get(id);
  if (!w) throw notFound(`Webhook ${id}`);
  return w;
}

/** Pairs of companies whose names differ only by a numeric suffix ("Acme Labs" / "Acme Labs 2"). */
function companySuggestions(ctx: Ctx): Reply {
  const { store } = ctx;
  return pageKeys(
    ctx,
    store.idx.companies,
    (id) => {
      const c = store.companies.get(id);
      const m = c ? /^(.*) (\d+)$/.exec(c.name) : null;
      if (!c || !m || m[2] !== '2') return undefined;
      // Generated names repeat every 600 companies with a numeric suffix, so the twin is 600 ids earlier.
      const twin = store.companies.get(id - 600);
      return twin && twin.name === m[1] ? { companies: [companyData(store, twin.id), companyData(store, c.id)], confidence: 'medium' } : undefined;
    },
    100,
  );
}

/** Consecutive persons sharing first and last name. */
function personSuggestions(ctx: Ctx): Reply {
  const { store } = ctx;
  return pageKeys(
    ctx,
    store.idx.persons,
    (id) => {
      const p = store.persons.get(id);
      const q = store.persons.get(id + 1);
      if (!p || !q || p.firstName !== q.firstName || p.lastName !== q.lastName) return undefined;
      return { persons: [personData(store, p.id), personData(store, q.id)], confidence: 'low' };
    },
    100,
  );
}

function inferred(kind: 'coworkers' | 'investor-executive') {
  return (ctx: Ctx): Reply => {
    const { store } = ctx;
    const personId = queryInt(ctx, 'personId');
    const companyId = queryInt(ctx, 'companyId');
    if (personId === undefined && companyId === undefined) throw new HttpError(400, 'validation', 'personId or companyId is required', 'personId');
    const companies = personId !== undefined ? (store.persons.get(personId)?.companyIds ?? []) : [companyId as number];
    const out: Array<Record<string, unknown>> = [];
    for (const cid of companies) {
      const c = store.companies.get(cid);
      for (const pid of c?.personIds ?? []) {
        if (pid === personId) continue;
        out.push({ person: personData(store, pid), company: companyData(store, cid), type: kind });
      }
    }
    return pageArray(ctx, out, (x) => x, 100);
  };
}

export const V2_MISC_ROUTES: RouteDef[] = [
  { method: 'GET', path: '/v2/auth/whoami', handler: whoami },
  { method: 'GET', path: '/v2/rate-limit', from: '2026-07-15', handler: rateLimit },
  {
    method: 'GET',
    path: '/v2/users',
    handler: (ctx) =>
      pageKeys(
        ctx,
        arraySeq([...ctx.store.users.keys()].sort((a, b) => a - b)),
        (id) => {
          const u = ctx.store.users.get(id);
          return u ? renderUserV2(u) : undefined;
        },
        100,
      ),
  },
  {
    method: 'GET',
    path: '/v2/users/{userId}',
    handler: (ctx) => {
      const id = idParam(ctx, 'userId');
      const u = ctx.store.users.get(id);
      if (!u) throw notFound(`User ${id}`);
      return ok(renderUserV2(u));
    },
  },
  {
    method: 'GET',
    path: '/v2/teams',
    from: '2026-09-17',
    handler: (ctx) =>
      pageArray(
        ctx,
        [...ctx.store.teams.values()].sort((a, b) => a.id - b.id),
        (t) => ({ id: t.id, name: t.name }),
        100,
      ),
  },
  {
    method: 'GET',
    path: '/v2/teams/{teamId}',
    from: '2026-09-17',
    handler: (ctx) => {
      const t = getTeam(ctx);
      return ok({ id: t.id, name: t.name });
    },
  },
  {
    method: 'GET',
    path: '/v2/teams/{teamId}/members',
    from: '2026-09-17',
    handler: (ctx) =>
      pageArray(
        ctx,
        getTeam(ctx)
          .memberIds.map((id) => ctx.store.users.get(id))
          .filter((u) => u !== undefined),
        renderUserV2,
        100,
      ),
  },
  {
    method: 'GET',
    path: '/v2/teams/{teamId}/accessible-lists',
    from: '2026-09-17',
    handler: (ctx) =>
      pageArray(
        ctx,
        getTeam(ctx)
          .accessibleListIds.map((id) => ctx.store.lists.get(id))
          .filter((l) => l !== undefined),
        (l) => renderList(ctx, l),
        100,
      ),
  },
  {
    method: 'GET',
    path: '/v2/webhooks',
    from: '2026-07-15',
    handler: (ctx) =>
      pageArray(
        ctx,
        [...ctx.store.webhooks.values()].sort((a, b) => a.id - b.id),
        renderWebhookV2,
        100,
      ),
  },
  { method: 'GET', path: '/v2/webhooks/{webhookId}', from: '2026-07-15', handler: (ctx) => ok(renderWebhookV2(getWebhook(ctx))) },
  { method: 'GET', path: '/v2/company-merges', handler: merges('company', 100) },
  { method: 'GET', path: '/v2/company-merges/{mergeId}', handler: merge('company') },
  { method: 'GET', path: '/v2/person-merges', handler: merges('person', 25) },
  { method: 'GET', path: '/v2/person-merges/{mergeId}', handler: merge('person') },
  { method: 'GET', path: '/v2/tasks/company-merges', handler: tasks('company', 100) },
  { method: 'GET', path: '/v2/tasks/company-merges/{taskId}', handler: task('company') },
  { method: 'GET', path: '/v2/tasks/person-merges', handler: tasks('person', 25) },
  { method: 'GET', path: '/v2/tasks/person-merges/{taskId}', handler: task('person') },
  { method: 'GET', path: '/v2/duplicates/company-suggestions', from: '2026-07-15', handler: companySuggestions },
  { method: 'GET', path: '/v2/duplicates/person-suggestions', from: '2026-07-15', handler: personSuggestions },
  { method: 'GET', path: '/v2/inferred-connections/coworkers', handler: inferred('coworkers') },
  { method: 'GET', path: '/v2/inferred-connections/investor-executive-connections', handler: inferred('investor-executive') },
];
