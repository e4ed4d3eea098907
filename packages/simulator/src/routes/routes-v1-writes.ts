/**
 * Older-interface writes of organizations, persons, opportunities, list entries and field values. A create
 * here is invisible on `/v2` for `createLagMs` (the service's propagation lag). Deletes answer {success:true}.
 */
import { HttpError, notFound, ok, type Ctx, type Reply, type RouteDef } from '../http/http-types.ts';
import { bodyObject, getCompany, getList, getOpportunity, getPerson, idParam } from './route-helpers.ts';
import {
  addListEntry,
  createCompany,
  createOpportunity,
  createPerson,
  deleteCompany,
  deleteListEntry,
  deleteOpportunity,
  deletePerson,
  setCompanyPersons,
  setOpportunityAssociations,
  setPersonCompanies,
} from '../store/store-mutations.ts';
import { v1CellValues, v1Entry, v1Opportunity, v1Org, v1Person, v1Visible } from '../render/render-v1.ts';
import { decodeV1FieldValueId, elements, getCell, isMulti, MAX_V1_ELEMENTS, setCell, v1FieldValueId } from '../store/store-values.ts';
import { normaliseElement, writable } from './values-input.ts';
import { whoamiUser } from './routes-v2-misc.ts';
import type { LagKind } from '../store/store.ts';
import type { EntityType, FieldValue, SimField } from '../store/store-types.ts';

const SUCCESS = { success: true };
const unprocessable = (m: string) => new HttpError(422, 'unprocessable-entity', m);

function hide(ctx: Ctx, kind: LagKind, id: number): void {
  if (ctx.settings.createLagMs > 0) ctx.store.hide(kind, id, ctx.nowMs + ctx.settings.createLagMs);
}

function str(b: Record<string, unknown>, k: string, required: boolean): string | undefined {
  const v = b[k];
  if (v === undefined || v === null) {
    if (required) throw unprocessable(`${k} is required`);
    return undefined;
  }
  if (typeof v !== 'string') throw unprocessable(`${k} must be a string`);
  return v;
}

function idList(b: Record<string, unknown>, k: string): number[] | undefined {
  const v = b[k];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'number' && Number.isSafeInteger(x))) throw unprocessable(`${k} must be an array of ids`);
  return v as number[];
}

function orgFull(ctx: Ctx, id: number) {
  const c = getCompany(ctx, id);
  return {
    ...v1Org(c),
    person_ids: c.personIds,
    opportunity_ids: c.opportunityIds,
    list_entries: ctx.store.entriesOf('company', id).map((e) => v1Entry(ctx.store, e, false)),
  };
}

function personFull(ctx: Ctx, id: number) {
  const p = getPerson(ctx, id);
  return {
    ...v1Person(p),
    organization_ids: p.companyIds,
    opportunity_ids: p.opportunityIds,
    current_organization_ids: p.currentCompanyIds,
    list_entries: ctx.store.entriesOf('person', id).map((e) => v1Entry(ctx.store, e, false)),
  };
}

function postOrganization(ctx: Ctx): Reply {
  const b = bodyObject(ctx);
  const c = createCompany(ctx.store, {
    name: str(b, 'name', true) as string,
    domain: str(b, 'domain', false) ?? null,
    personIds: idList(b, 'person_ids') ?? [],
  });
  hide(ctx, 'company', c.id);
  return ok(orgFull(ctx, c.id));
}

function putOrganization(ctx: Ctx): Reply {
  const c = getCompany(ctx, idParam(ctx, 'id'));
  const b = bodyObject(ctx);
  const name = str(b, 'name', false);
  const domain = str(b, 'domain', false);
  if (c.isGlobal && (name !== undefined || domain !== undefined)) throw unprocessable('The name and domain of a global organization cannot be changed');
  if (name !== undefined) c.name = name;
  if (domain !== undefined) {
    c.domain = domain;
    c.domains = [domain, ...c.domains.filter((d) => d !== domain)];
  }
  const persons = idList(b, 'person_ids');
  if (persons) setCompanyPersons(ctx.store, c, persons);
  return ok(orgFull(ctx, c.id));
}

function postPerson(ctx: Ctx): Reply {
  const b = bodyObject(ctx);
  const emails = Array.isArray(b.emails) ? b.emails.filter((e): e is string => typeof e === 'string') : [];
  const p = createPerson(ctx.store, {
    firstName: str(b, 'first_name', true) as string,
    lastName: str(b, 'last_name', false) ?? null,
    emails,
    companyIds: idList(b, 'organization_ids') ?? [],
  });
  hide(ctx, 'person', p.id);
  return ok(personFull(ctx, p.id));
}

function putPerson(ctx: Ctx): Reply {
  const p = getPerson(ctx, idParam(ctx, 'id'));
  const b = bodyObject(ctx);
  const first = str(b, 'first_name', false);
  const last = str(b, 'last_name', false);
  if (first !== undefined) p.firstName = first;
  if (last !== undefined) p.lastName = last;
  if (Array.isArray(b.emails)) {
    p.emailAddresses = b.emails.filter((e): e is string => typeof e === 'string');
    p.primaryEmailAddress = p.emailAddresses[0] ?? null;
  }
  const orgs = idList(b, 'organization_ids');
  if (orgs) setPersonCompanies(ctx.store, p, orgs);
  return ok(personFull(ctx, p.id));
}

function postOpportunity(ctx: Ctx): Reply {
  const b = bodyObject(ctx);
  const name = str(b, 'name', true) as string;
  const listId = b.list_id;
  if (typeof listId !== 'number') throw unprocessable('list_id is required');
  const l = ctx.store.lists.get(listId);
  if (!l || l.type !== 'opportunity') throw unprocessable(`list ${listId} is not an opportunity list`);
  const { opportunity, entry } = createOpportunity(ctx.store, {
    name,
    listId,
    personIds: idList(b, 'person_ids') ?? [],
    companyIds: idList(b, 'organization_ids') ?? idList(b, 'company_ids') ?? [],
    creatorId: whoamiUser(ctx)?.id ?? null,
  });
  hide(ctx, 'opportunity', opportunity.id);
  hide(ctx, 'listEntry', entry.id);
  return ok(v1Opportunity(ctx.store, opportunity, true));
}

function putOpportunity(ctx: Ctx): Reply {
  const o = getOpportunity(ctx, idParam(ctx, 'id'));
  const b = bodyObject(ctx);
  const name = str(b, 'name', false);
  if (name !== undefined) o.name = name;
  setOpportunityAssociations(ctx.store, o, idList(b, 'person_ids'), idList(b, 'organization_ids') ?? idList(b, 'company_ids'));
  return ok(v1Opportunity(ctx.store, o, true));
}

function postListEntry(ctx: Ctx): Reply {
  const l = getList(ctx, idParam(ctx, 'listId'));
  const b = bodyObject(ctx);
  const entityId = b.entity_id;
  if (typeof entityId !== 'number') throw unprocessable('entity_id is required');
  if (l.type === 'opportunity') throw unprocessable('Opportunities are added to their list by POST /opportunities');
  const exists = l.type === 'company' ? ctx.store.companies.has(entityId) : ctx.store.persons.has(entityId);
  if (!exists) throw unprocessable(`${l.type === 'company' ? 'organization' : 'person'} ${entityId} does not exist`);
  const creator = typeof b.creator_id === 'number' ? b.creator_id : (whoamiUser(ctx)?.id ?? null);
  const e = addListEntry(ctx.store, l.id, l.type, entityId, creator);
  hide(ctx, 'listEntry', e.id);
  return ok(v1Entry(ctx.store, e, true));
}

/** Resolve the cell a v1 field-value write addresses. */
function cellFor(ctx: Ctx, f: SimField, entityId: number, listEntryId: unknown): { entityType: EntityType; entityId: number; listEntryId: number | null } {
  if (f.listId === null) {
    const map = f.entityType === 'company' ? ctx.store.companies : f.entityType === 'person' ? ctx.store.persons : ctx.store.opportunities;
    if (!map.has(entityId)) throw unprocessable(`entity ${entityId} does not exist`);
    return { entityType: f.entityType, entityId, listEntryId: null };
  }
  const entries = ctx.store.entriesOf(f.entityType, entityId).filter((e) => e.listId === f.listId);
  const entry = typeof listEntryId === 'number' ? entries.find((e) => e.id === listEntryId) : entries.length === 1 ? entries[0] : undefined;
  if (!entry) throw unprocessable(`list_entry_id is required and must be an entry of entity ${entityId} on list ${String(f.listId)}`);
  return { entityType: f.entityType, entityId, listEntryId: entry.id };
}

function changerId(ctx: Ctx): number | null {
  return whoamiUser(ctx)?.id ?? null;
}

function postFieldValue(ctx: Ctx): Reply {
  const b = bodyObject(ctx);
  const f = typeof b.field_id === 'number' ? ctx.store.fieldByV1Id(b.field_id) : undefined;
  if (!f || !v1Visible(f) || !writable(f)) throw unprocessable('field_id must name a writable field');
  if (typeof b.entity_id !== 'number') throw unprocessable('entity_id is required');
  const cell = cellFor(ctx, f, b.entity_id, b.list_entry_id);
  const el = normaliseElement(ctx.store, f, b.value, 'v1');
  const rowKey = cell.listEntryId ?? cell.entityId;
  const current = elements(getCell(ctx.store, f, rowKey));
  let next: FieldValue;
  if (isMulti(f)) {
    const data = current.some((x) => JSON.stringify(x) === JSON.stringify(el)) ? current : [...current, el];
    if (data.length > MAX_V1_ELEMENTS) throw unprocessable('too many values in one cell');
    next = { type: f.valueType, data };
  } else {
    next = { type: f.valueType, data: el };
  }
  setCell(ctx.store, { field: f, ...cell, value: next, changerId: changerId(ctx) });
  const key = JSON.stringify(el);
  const index = elements(getCell(ctx.store, f, rowKey)).findIndex((x) => JSON.stringify(x) === key);
  const fvId = v1FieldValueId(f, rowKey, Math.max(0, index));
  return ok(v1CellValues(ctx.store, f, cell.entityType, cell.entityId, cell.listEntryId).find((r) => r.id === fvId) ?? null);
}

function editFieldValue(ctx: Ctx, remove: boolean): Reply {
  const id = idParam(ctx, 'id');
  const dec = decodeV1FieldValueId(ctx.store, id);
  if (!dec) throw notFound(`Field value ${id}`);
  const { field: f, rowKey, elem } = dec;
  const els = elements(getCell(ctx.store, f, rowKey));
  if (elem >= els.length) throw notFound(`Field value ${id}`);
  let entityType: EntityType = f.entityType;
  let entityId = rowKey;
  let listEntryId: number | null = null;
  if (f.listId !== null) {
    const e = ctx.store.listEntries.get(rowKey);
    if (!e) throw notFound(`Field value ${id}`);
    entityType = e.entityType;
    entityId = e.entityId;
    listEntryId = e.id;
  }
  let data: unknown[];
  if (remove) data = els.filter((_, i) => i !== elem);
  else {
    const b = bodyObject(ctx);
    if (!('value' in b)) throw unprocessable('value is required');
    const el = normaliseElement(ctx.store, f, b.value, 'v1');
    data = els.map((x, i) => (i === elem ? el : x));
  }
  const value: FieldValue | null = data.length === 0 ? null : { type: f.valueType, data: isMulti(f) ? data : data[0] };
  setCell(ctx.store, { field: f, entityType, entityId, listEntryId, value, changerId: changerId(ctx) });
  if (remove) return ok(SUCCESS);
  return ok(v1CellValues(ctx.store, f, entityType, entityId, listEntryId).find((r) => r.id === id) ?? null);
}

export const V1_WRITE_ROUTES: RouteDef[] = [
  { method: 'POST', path: '/organizations', handler: postOrganization },
  { method: 'PUT', path: '/organizations/{id}', handler: putOrganization },
  {
    method: 'DELETE',
    path: '/organizations/{id}',
    handler: (ctx) => {
      const c = getCompany(ctx, idParam(ctx, 'id'));
      if (c.isGlobal) throw unprocessable('Global organizations cannot be deleted');
      deleteCompany(ctx.store, c.id);
      return ok(SUCCESS);
    },
  },
  { method: 'POST', path: '/persons', handler: postPerson },
  { method: 'PUT', path: '/persons/{id}', handler: putPerson },
  {
    method: 'DELETE',
    path: '/persons/{id}',
    handler: (ctx) => {
      deletePerson(ctx.store, getPerson(ctx, idParam(ctx, 'id')).id);
      return ok(SUCCESS);
    },
  },
  { method: 'POST', path: '/opportunities', handler: postOpportunity },
  { method: 'PUT', path: '/opportunities/{id}', handler: putOpportunity },
  {
    method: 'DELETE',
    path: '/opportunities/{id}',
    handler: (ctx) => {
      deleteOpportunity(ctx.store, getOpportunity(ctx, idParam(ctx, 'id')).id);
      return ok(SUCCESS);
    },
  },
  { method: 'POST', path: '/lists/{listId}/list-entries', handler: postListEntry },
  {
    method: 'DELETE',
    path: '/lists/{listId}/list-entries/{entryId}',
    handler: (ctx) => {
      const l = getList(ctx, idParam(ctx, 'listId'));
      const id = idParam(ctx, 'entryId');
      const e = ctx.store.listEntries.get(id);
      if (!e || e.listId !== l.id) throw notFound(`List entry ${id}`);
      deleteListEntry(ctx.store, id);
      return ok(SUCCESS);
    },
  },
  { method: 'POST', path: '/field-values', handler: postFieldValue },
  { method: 'PUT', path: '/field-values/{id}', handler: (ctx) => editFieldValue(ctx, false) },
  { method: 'DELETE', path: '/field-values/{id}', handler: (ctx) => editFieldValue(ctx, true) },
];
