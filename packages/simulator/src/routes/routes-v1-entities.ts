/** Older-interface reads of organizations, persons, opportunities, lists, list entries, fields and values. */
import { HttpError, notFound, ok, type Ctx, type Reply, type RouteDef } from '../http/http-types.ts';
import { arraySeq, v1PageKeys } from '../http/paging.ts';
import { flag, getCompany, getEntry, getList, getOpportunity, getPerson, idParam, queryInt } from './route-helpers.ts';
import { ENTITY_INT, v1CellValues, v1Change, v1Entry, v1Field, v1List, v1Opportunity, v1Org, v1Person, v1ValueType, v1Visible } from '../render/render-v1.ts';
import type { EntityType, SimField } from '../store/store-types.ts';
import { interactionMembers } from '../render/interaction-dates.ts';

/** with_interaction_dates: adds the members; undefined when the record has no interactions (dropped). */
function withDates(ctx: Ctx, out: Record<string, unknown>, personIds: number[]): Record<string, unknown> | undefined {
  if (!flag(ctx, 'with_interaction_dates')) return out;
  const m = interactionMembers(ctx.store, personIds, flag(ctx, 'with_interaction_persons'), out.id as number);
  return m ? Object.assign(out, m) : undefined;
}

function term(ctx: Ctx): string | null {
  const t = ctx.query.get('term');
  return t === null || t.trim() === '' ? null : t.trim().toLowerCase();
}

function organizations(ctx: Ctx): Reply {
  const t = term(ctx);
  const withOpps = flag(ctx, 'with_opportunities');
  return v1PageKeys(ctx, 'organizations', ctx.store.idx.companies, (id) => {
    const c = ctx.store.companies.get(id);
    if (!c) return undefined;
    if (t && !c.name.toLowerCase().includes(t) && !c.domains.some((d) => d.includes(t))) return undefined;
    const out = v1Org(c);
    // docs/contract.md §6.2 "`with_opportunities=true` → `opportunity_ids` added"; under the seed only the single
    // read has them (the seed, docs/contract.md §S3: "opportunity_ids | … | older single-record read only").
    if (withOpps && ctx.settings.contract.companySearchOpportunities) out.opportunity_ids = c.opportunityIds;
    return withDates(ctx, out, c.personIds);
  });
}

/** The seed, docs/contract.md §S3: "returns person_ids and opportunity_ids" (whole; docs/contract.md §6.2 the same, uncut). */
function organization(ctx: Ctx): Reply {
  const c = getCompany(ctx, idParam(ctx, 'id'));
  const out = {
    ...v1Org(c),
    person_ids: c.personIds,
    opportunity_ids: c.opportunityIds,
    list_entries: ctx.store.entriesOf('company', c.id).map((e) => v1Entry(ctx.store, e, false)),
  };
  return ok(withDates(ctx, out, c.personIds) ?? out);
}

function persons(ctx: Ctx): Reply {
  const t = term(ctx);
  const withOpps = flag(ctx, 'with_opportunities');
  const withCurrent = flag(ctx, 'with_current_organizations');
  return v1PageKeys(ctx, 'persons', ctx.store.idx.persons, (id) => {
    const p = ctx.store.persons.get(id);
    if (!p) return undefined;
    if (t && !`${p.firstName} ${p.lastName ?? ''}`.toLowerCase().includes(t) && !p.emailAddresses.some((e) => e.includes(t))) return undefined;
    const out = v1Person(p);
    // docs/contract.md §6.1 "`current_organization_ids` only with `with_current_organizations=true`"; the seed, docs/contract.md §S3:
    // a person's "company associations | … | older single-record read only".
    if (withCurrent && ctx.settings.contract.personSearchCompanies) out.current_organization_ids = p.currentCompanyIds;
    if (withOpps) out.opportunity_ids = p.opportunityIds;
    return withDates(ctx, out, [p.id]);
  });
}

/** The seed, docs/contract.md §S3: "returns associated company identifiers" (docs/contract.md §6.1 example: `organization_ids`, whole). */
function person(ctx: Ctx): Reply {
  const p = getPerson(ctx, idParam(ctx, 'id'));
  const out = {
    ...v1Person(p),
    organization_ids: p.companyIds,
    opportunity_ids: p.opportunityIds,
    current_organization_ids: p.currentCompanyIds,
    list_entries: ctx.store.entriesOf('person', p.id).map((e) => v1Entry(ctx.store, e, false)),
  };
  return ok(withDates(ctx, out, [p.id]) ?? out);
}

function opportunities(ctx: Ctx): Reply {
  const t = term(ctx);
  return v1PageKeys(ctx, 'opportunities', ctx.store.idx.opportunities, (id) => {
    const o = ctx.store.opportunities.get(id);
    if (!o || (t && !o.name.toLowerCase().includes(t))) return undefined;
    // docs/contract.md §6.3: search "doc example items include `person_ids`, `organization_ids`"; the seed, docs/contract.md §S3: only the single read.
    return v1Opportunity(ctx.store, o, ctx.settings.contract.opportunitySearchAssociations);
  });
}

function v1Fields(ctx: Ctx, pool: SimField[]): Reply {
  const listId = queryInt(ctx, 'list_id');
  const valueType = queryInt(ctx, 'value_type');
  const entityType = queryInt(ctx, 'entity_type');
  const withOptions = !flag(ctx, 'exclude_dropdown_options');
  const out = pool.filter(
    (f) =>
      v1Visible(f) &&
      (listId === undefined || f.listId === listId) &&
      (valueType === undefined || v1ValueType(f) === valueType) &&
      (entityType === undefined || ENTITY_INT[f.entityType] === entityType),
  );
  return ok(out.sort((a, b) => (a.v1Id as number) - (b.v1Id as number)).map((f) => v1Field(ctx.store, f, withOptions)));
}

function listEntries(ctx: Ctx): Reply {
  const l = getList(ctx, idParam(ctx, 'listId'));
  const seq = ctx.store.entriesByList.get(l.id);
  const load = (id: number) => {
    const e = ctx.store.listEntries.get(id);
    return e ? v1Entry(ctx.store, e, true) : undefined;
  };
  if (ctx.query.get('page_size') === null) {
    return ok((seq?.values() ?? []).map(load).filter((x) => x !== undefined));
  }
  return v1PageKeys(ctx, 'list_entries', seq ?? arraySeq([]), load);
}

const SCOPES: Array<[string, EntityType | 'entry']> = [
  ['person_id', 'person'],
  ['organization_id', 'company'],
  ['opportunity_id', 'opportunity'],
  ['list_entry_id', 'entry'],
];

function scope(ctx: Ctx, exactlyOne: boolean): { kind: EntityType | 'entry'; id: number } | null {
  const given = SCOPES.map(([name, kind]) => ({ kind, id: queryInt(ctx, name) })).filter((s) => s.id !== undefined);
  if (given.length > 1 || (exactlyOne && given.length === 0)) {
    throw new HttpError(422, 'unprocessable-entity', 'Exactly one of person_id, organization_id, opportunity_id or list_entry_id is required');
  }
  const s = given[0];
  return s ? { kind: s.kind, id: s.id as number } : null;
}

function fieldValues(ctx: Ctx): Reply {
  const { store } = ctx;
  const s = scope(ctx, true) as { kind: EntityType | 'entry'; id: number };
  const out: Array<Record<string, unknown>> = [];
  const entryValues = (entryId: number) => {
    const e = store.listEntries.get(entryId);
    if (!e) return;
    for (const f of store.fieldsByList.get(e.listId) ?? []) if (v1Visible(f)) out.push(...v1CellValues(store, f, e.entityType, e.entityId, e.id));
  };
  if (s.kind === 'entry') {
    if (!store.listEntries.has(s.id)) throw notFound(`List entry ${s.id}`);
    entryValues(s.id);
    return ok(out);
  }
  if (s.kind === 'company') getCompany(ctx, s.id);
  else if (s.kind === 'person') getPerson(ctx, s.id);
  else getOpportunity(ctx, s.id);
  for (const f of store.fieldsByEntity.get(s.kind) ?? []) if (v1Visible(f)) out.push(...v1CellValues(store, f, s.kind, s.id, null));
  for (const e of store.entriesOf(s.kind, s.id)) entryValues(e.id);
  return ok(out);
}

/**
 * Per-field change log: bare array, ascending; 422 for fields that do not track changes. `field_id` is
 * required, a scope optional (the seed, docs/contract.md §S5: "listed per field, per list entry, or globally"; docs/contract.md §6.7
 * "`field_id` (**required**)", the scope ⚠ disputed there, its own example sends only `field_id`).
 */
function fieldValueChanges(ctx: Ctx): Reply {
  const fieldId = queryInt(ctx, 'field_id');
  if (fieldId === undefined) throw new HttpError(422, 'unprocessable-entity', 'field_id is required');
  const f = ctx.store.fieldByV1Id(fieldId);
  if (!f) throw notFound(`Field ${fieldId}`);
  if (!f.trackChanges) throw new HttpError(422, 'unprocessable-entity', 'Tracking changes for this entity attribute is not yet supported');
  const s = scope(ctx, false);
  const action = queryInt(ctx, 'action_type');
  const out: Array<Record<string, unknown>> = [];
  for (const c of ctx.store.fieldValueChanges) {
    if (c.fieldKey !== f.key) continue;
    if (s && (s.kind === 'entry' ? c.listEntryId !== s.id : c.entityId !== s.id)) continue;
    const act = c.actionType === 'add' ? 0 : c.actionType === 'delete' ? 1 : 2;
    if (action !== undefined && act !== action) continue;
    const r = v1Change(ctx.store, c);
    if (r) out.push(r);
  }
  return ok(out);
}

export const V1_ENTITY_ROUTES: RouteDef[] = [
  { method: 'GET', path: '/organizations', handler: organizations },
  { method: 'GET', path: '/organizations/fields', handler: (ctx) => v1Fields(ctx, ctx.store.fieldsByEntity.get('company') ?? []) },
  { method: 'GET', path: '/organizations/{id}', handler: organization },
  { method: 'GET', path: '/persons', handler: persons },
  { method: 'GET', path: '/persons/fields', handler: (ctx) => v1Fields(ctx, ctx.store.fieldsByEntity.get('person') ?? []) },
  { method: 'GET', path: '/persons/{id}', handler: person },
  { method: 'GET', path: '/opportunities', handler: opportunities },
  { method: 'GET', path: '/opportunities/{id}', handler: (ctx) => ok(v1Opportunity(ctx.store, getOpportunity(ctx, idParam(ctx, 'id')), true)) },
  {
    method: 'GET',
    path: '/lists',
    handler: (ctx) => ok([...ctx.store.lists.values()].sort((a, b) => a.id - b.id).map((l) => v1List(ctx.store, l, ctx.settings.contract.listSizeInListing))),
  },
  {
    method: 'GET',
    path: '/lists/{listId}',
    handler: (ctx) => {
      const l = getList(ctx, idParam(ctx, 'listId'));
      return ok({ ...v1List(ctx.store, l), fields: (ctx.store.fieldsByList.get(l.id) ?? []).filter(v1Visible).map((f) => v1Field(ctx.store, f, true)) });
    },
  },
  { method: 'GET', path: '/lists/{listId}/list-entries', handler: listEntries },
  {
    method: 'GET',
    path: '/lists/{listId}/list-entries/{entryId}',
    handler: (ctx) => {
      const l = getList(ctx, idParam(ctx, 'listId'));
      return ok(v1Entry(ctx.store, getEntry(ctx, l.id, idParam(ctx, 'entryId')), true));
    },
  },
  { method: 'GET', path: '/fields', handler: (ctx) => v1Fields(ctx, [...ctx.store.fields.values()]) },
  { method: 'GET', path: '/field-values', handler: fieldValues },
  { method: 'GET', path: '/field-value-changes', handler: fieldValueChanges },
];
