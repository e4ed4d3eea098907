/** `/v2` reads of companies, persons and (partial) opportunities, with their sub-collections. */
import { badParam, notFound, ok, type Ctx, type Reply, type RouteDef } from '../http/http-types.ts';
import { arraySeq, pageArray, pageKeys } from '../http/paging.ts';
import {
  fieldMeta,
  fieldVisible,
  renderCompany,
  renderEntryFlat,
  renderField,
  renderList,
  renderPerson,
  selectFields,
  expandValue,
} from '../render/render-v2.ts';
import { personData, renderOpportunity } from '../render/render-v2-refs.ts';
import { getCompany, getOpportunity, getPerson, idParam, listedOnV2, queryInts } from './route-helpers.ts';
import { elements, getCell } from '../store/store-values.ts';
import { DROPDOWN_COLORS, type FieldType, type SimField, type ValueType } from '../store/store-types.ts';
import { hash32 } from '../prng.ts';
import { notesPage } from './routes-v2-notes.ts';

type Kind = 'company' | 'person';
const ENTITY_TYPES: FieldType[] = ['enriched', 'global', 'relationship-intelligence'];

function ownFields(ctx: Ctx, kind: Kind): SimField[] {
  return (ctx.store.fieldsByEntity.get(kind) ?? []).filter((f) => fieldVisible(ctx, f));
}

function render(ctx: Ctx, kind: Kind, id: number, fields: SimField[] | null): Record<string, unknown> | undefined {
  if (kind === 'company') {
    const c = ctx.store.companies.get(id);
    return c ? renderCompany(ctx, c, fields) : undefined;
  }
  const p = ctx.store.persons.get(id);
  return p ? renderPerson(ctx, p, fields) : undefined;
}

function collection(kind: Kind) {
  return (ctx: Ctx): Reply => {
    const fields = selectFields(ctx, ctx.store.fieldsByEntity.get(kind) ?? [], ENTITY_TYPES);
    const ids = queryInts(ctx, 'ids');
    const load = (id: number) => (listedOnV2(ctx, kind, id) ? render(ctx, kind, id, fields) : undefined);
    if (ids.length > 0) {
      if (ids.length > 100) throw badParam('ids', 'At most 100 ids per request.');
      return pageKeys(ctx, arraySeq([...new Set(ids)].sort((a, b) => a - b)), load, 100);
    }
    const idx = kind === 'company' ? ctx.store.idx.companies : ctx.store.idx.persons;
    return pageKeys(ctx, idx, load, 100);
  };
}

function fieldTypesFilter(ctx: Ctx): string[] {
  return [...ctx.query.getAll('fieldTypes'), ...ctx.query.getAll('field_types'), ...ctx.query.getAll('types')].flatMap((s) => s.split(',')).filter(Boolean);
}

function fieldsMeta(kind: Kind) {
  return (ctx: Ctx): Reply => {
    const types = fieldTypesFilter(ctx);
    const fields = ownFields(ctx, kind).filter((f) => types.length === 0 || types.includes(f.type));
    return pageArray(ctx, fields, fieldMeta, 100);
  };
}

export function renderOption(f: SimField, o: { id: number; text: string; rank: number; color: number }): Record<string, unknown> {
  return f.valueType === 'ranked-dropdown' ? { id: o.id, text: o.text, rank: o.rank, color: DROPDOWN_COLORS[o.color] ?? 'gray' } : { id: o.id, text: o.text };
}

function dropdownOptions(kind: Kind) {
  return (ctx: Ctx): Reply => {
    const f = ownFields(ctx, kind).find((x) => x.id === ctx.params.fieldId);
    if (!f) throw notFound(`Field ${ctx.params.fieldId ?? ''}`);
    return pageArray(ctx, ctx.store.options(f), (o) => renderOption(f, o), 100);
  };
}

function getOne(ctx: Ctx, kind: Kind): number {
  const id = idParam(ctx, kind === 'company' ? 'companyId' : 'personId');
  if (kind === 'company') getCompany(ctx, id);
  else getPerson(ctx, id);
  return id;
}

function single(kind: Kind) {
  return (ctx: Ctx): Reply => {
    const id = getOne(ctx, kind);
    const fields = selectFields(ctx, ctx.store.fieldsByEntity.get(kind) ?? [], ENTITY_TYPES);
    return ok(render(ctx, kind, id, fields));
  };
}

function entityFields(kind: Kind) {
  return (ctx: Ctx): Reply => {
    const id = getOne(ctx, kind);
    const sel = selectFields(ctx, ctx.store.fieldsByEntity.get(kind) ?? [], ENTITY_TYPES, { ids: ['ids', 'fieldIds'], types: ['types', 'fieldTypes'] });
    return pageArray(ctx, sel ?? ownFields(ctx, kind), (f) => renderField(ctx, f, id), 100);
  };
}

function findOwnField(ctx: Ctx, kind: Kind): SimField {
  const f = ownFields(ctx, kind).find((x) => x.id === ctx.params.fieldId);
  if (!f) throw notFound(`Field ${ctx.params.fieldId ?? ''}`);
  return f;
}

function entityField(kind: Kind) {
  return (ctx: Ctx): Reply => {
    const id = getOne(ctx, kind);
    return ok(renderField(ctx, findOwnField(ctx, kind), id));
  };
}

/** Page through every element of a (multi-)value, untruncated. */
export function valuesPage(ctx: Ctx, f: SimField, rowKey: number): Reply {
  const single = f.valueType.replace(/-multi$/, '') as ValueType;
  const els = elements(getCell(ctx.store, f, rowKey));
  const expanded = els.map((e) => expandValue(ctx, f, { type: single, data: e })).filter((x) => x !== null);
  return pageArray(ctx, expanded, (x) => x, 100);
}

function entityFieldValues(kind: Kind) {
  return (ctx: Ctx): Reply => {
    const id = getOne(ctx, kind);
    return valuesPage(ctx, findOwnField(ctx, kind), id);
  };
}

function entityEntries(kind: Kind) {
  return (ctx: Ctx): Reply => {
    const id = getOne(ctx, kind);
    const ids = (ctx.store.entriesByEntity.get(id) ?? []).slice().sort((a, b) => a - b);
    return pageKeys(
      ctx,
      arraySeq(ids),
      (eid) => {
        const e = ctx.store.listEntries.get(eid);
        return e && listedOnV2(ctx, 'listEntry', eid) ? renderEntryFlat(ctx, e) : undefined;
      },
      100,
    );
  };
}

function entityLists(kind: Kind) {
  return (ctx: Ctx): Reply => {
    const id = getOne(ctx, kind);
    const listIds = [...new Set(ctx.store.entriesOf(kind, id).map((e) => e.listId))].sort((a, b) => a - b);
    return pageKeys(
      ctx,
      arraySeq(listIds),
      (lid) => {
        const l = ctx.store.lists.get(lid);
        return l ? renderList(ctx, l, false) : undefined;
      },
      100,
    );
  };
}

function entityNotes(kind: Kind | 'opportunity') {
  return (ctx: Ctx): Reply => {
    let id: number;
    if (kind === 'opportunity') getOpportunity(ctx, (id = idParam(ctx, 'opportunityId')));
    else id = getOne(ctx, kind);
    return notesPage(
      ctx,
      (ctx.store.notesByEntity.get(id) ?? []).slice().sort((a, b) => a - b),
    );
  };
}

/** Relationship strengths between the record and the organisation's users (derived, stable per seed). */
function relationships(kind: Kind) {
  return (ctx: Ctx): Reply => {
    const id = getOne(ctx, kind);
    const users = [...ctx.store.users.keys()].sort((a, b) => a - b).filter((u) => hash32(ctx.store.seed, id, u) % 3 === 0);
    return pageKeys(
      ctx,
      arraySeq(users),
      (u) => ({
        internalPerson: personData(ctx.store, u),
        strength: (hash32(ctx.store.seed, u, id) % 100) / 100,
      }),
      100,
    );
  };
}

function opportunities(ctx: Ctx): Reply {
  const ids = queryInts(ctx, 'ids');
  const load = (id: number) => {
    const o = ctx.store.opportunities.get(id);
    return o && listedOnV2(ctx, 'opportunity', id) ? renderOpportunity(ctx, o) : undefined;
  };
  if (ids.length > 100) throw badParam('ids', 'At most 100 ids per request.');
  if (ids.length > 0) return pageKeys(ctx, arraySeq([...new Set(ids)].sort((a, b) => a - b)), load, 100);
  return pageKeys(ctx, ctx.store.idx.opportunities, load, 100);
}

export const V2_ENTITY_ROUTES: RouteDef[] = [];
for (const [kind, plural, idName] of [
  ['company', 'companies', 'companyId'],
  ['person', 'persons', 'personId'],
] as const) {
  const base = `/v2/${plural}`;
  V2_ENTITY_ROUTES.push(
    { method: 'GET', path: base, handler: collection(kind) },
    { method: 'GET', path: `${base}/fields`, handler: fieldsMeta(kind) },
    { method: 'GET', path: `${base}/fields/{fieldId}/dropdown-options`, handler: dropdownOptions(kind) },
    { method: 'GET', path: `${base}/{${idName}}`, handler: single(kind) },
    { method: 'GET', path: `${base}/{${idName}}/fields`, handler: entityFields(kind) },
    { method: 'GET', path: `${base}/{${idName}}/fields/{fieldId}`, handler: entityField(kind) },
    { method: 'GET', path: `${base}/{${idName}}/fields/{fieldId}/values`, from: '2026-09-17', handler: entityFieldValues(kind) },
    { method: 'GET', path: `${base}/{${idName}}/list-entries`, handler: entityEntries(kind) },
    { method: 'GET', path: `${base}/{${idName}}/lists`, handler: entityLists(kind) },
    { method: 'GET', path: `${base}/{${idName}}/notes`, handler: entityNotes(kind) },
    { method: 'GET', path: `${base}/{${idName}}/relationships`, handler: relationships(kind) },
  );
}
V2_ENTITY_ROUTES.push(
  { method: 'GET', path: '/v2/opportunities', handler: opportunities },
  {
    method: 'GET',
    path: '/v2/opportunities/{opportunityId}',
    handler: (ctx) => ok(renderOpportunity(ctx, getOpportunity(ctx, idParam(ctx, 'opportunityId')))),
  },
  { method: 'GET', path: '/v2/opportunities/{opportunityId}/notes', handler: entityNotes('opportunity') },
);
