/** Small helpers shared by the route modules: path ids, record lookups with merge/lag rules, flags. */
import { HttpError, notFound, type Ctx } from '../http/http-types.ts';
import type { LagKind } from '../store/store.ts';
import type { SimCompany, SimList, SimListEntry, SimOpportunity, SimPerson } from '../store/store-types.ts';

export function idParam(ctx: Ctx, name: string): number {
  const raw = ctx.params[name] ?? '';
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n)) {
    if (ctx.iface === 'v2') throw new HttpError(400, 'validation', `${name} must be an integer`, name);
    throw new HttpError(404, 'not-found', `${raw} is not a valid id`);
  }
  return n;
}

export function queryInt(ctx: Ctx, ...names: string[]): number | undefined {
  for (const name of names) {
    const raw = ctx.query.get(name);
    if (raw === null || raw === '') continue;
    const n = Number(raw);
    if (!Number.isSafeInteger(n)) {
      throw ctx.iface === 'v2'
        ? new HttpError(400, 'validation', `${name} must be an integer`, name)
        : new HttpError(422, 'unprocessable-entity', `${name} must be an integer`);
    }
    return n;
  }
  return undefined;
}

export function queryInts(ctx: Ctx, ...names: string[]): number[] {
  const out: number[] = [];
  for (const name of names) {
    for (const raw of ctx.query.getAll(name)) {
      for (const part of raw.split(',')) {
        if (part === '') continue;
        const n = Number(part);
        if (!Number.isSafeInteger(n)) throw new HttpError(400, 'validation', `${name} must hold integers`, name);
        out.push(n);
      }
    }
  }
  return out;
}

export function flag(ctx: Ctx, name: string): boolean {
  const v = ctx.query.get(name);
  return v === 'true' || v === '1';
}

/** 422 for an id that was merged away (both interfaces), per the service's message. */
function mergedCheck(ctx: Ctx, kind: 'company' | 'person', id: number): void {
  const into = ctx.store.mergedInto[kind].get(id);
  if (into !== undefined) {
    throw new HttpError(422, 'unprocessable-entity', `${id} no longer exists as it has been merged into ${ctx.store.resolveMerged(kind, id)}`);
  }
}

function lagCheck(ctx: Ctx, kind: LagKind, id: number, what: string): void {
  if (ctx.iface === 'v2' && !ctx.store.visibleOnV2(kind, id, ctx.nowMs)) throw notFound(what);
}

export function getCompany(ctx: Ctx, id: number): SimCompany {
  const c = ctx.store.companies.get(id);
  if (!c) {
    mergedCheck(ctx, 'company', id);
    throw notFound(`Company ${id}`);
  }
  lagCheck(ctx, 'company', id, `Company ${id}`);
  return c;
}

export function getPerson(ctx: Ctx, id: number): SimPerson {
  const p = ctx.store.persons.get(id);
  if (!p) {
    mergedCheck(ctx, 'person', id);
    throw notFound(`Person ${id}`);
  }
  lagCheck(ctx, 'person', id, `Person ${id}`);
  return p;
}

export function getOpportunity(ctx: Ctx, id: number): SimOpportunity {
  const o = ctx.store.opportunities.get(id);
  if (!o) throw notFound(`Opportunity ${id}`);
  lagCheck(ctx, 'opportunity', id, `Opportunity ${id}`);
  return o;
}

export function getList(ctx: Ctx, id: number): SimList {
  const l = ctx.store.lists.get(id);
  if (!l) throw notFound(`List ${id}`);
  return l;
}

export function getEntry(ctx: Ctx, listId: number, entryId: number): SimListEntry {
  const e = ctx.store.listEntries.get(entryId);
  if (!e || e.listId !== listId) throw notFound(`List entry ${entryId}`);
  lagCheck(ctx, 'listEntry', entryId, `List entry ${entryId}`);
  return e;
}

/** Whether a record may appear in /v2 listings right now. */
export function listedOnV2(ctx: Ctx, kind: LagKind, id: number): boolean {
  return ctx.store.visibleOnV2(kind, id, ctx.nowMs);
}

export function bodyObject(ctx: Ctx): Record<string, unknown> {
  const b = ctx.body;
  if (b === undefined) return {};
  if (typeof b !== 'object' || b === null || Array.isArray(b)) {
    throw new HttpError(ctx.iface === 'v2' ? 400 : 422, 'bad-request', 'The request body must be a JSON object.');
  }
  return b as Record<string, unknown>;
}
