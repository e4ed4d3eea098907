/** `/v2` renderings of core records and field data (camelCase, string enums, UTC datetimes). */
import type { Ctx } from '../http/http-types.ts';
import { badParam } from '../http/http-types.ts';
import type { SimStore } from '../store/store.ts';
import {
  DROPDOWN_COLORS,
  LATE_VALUE_TYPES,
  type FieldType,
  type FieldValue,
  type SimCompany,
  type SimField,
  type SimInteraction,
  type SimList,
  type SimListEntry,
  type SimPerson,
} from '../store/store-types.ts';
import { getCell } from '../store/store-values.ts';
import { renderNoteV2 } from './render-v2-activity.ts';
import { attendee, companyData, personData, renderOpportunity } from './render-v2-refs.ts';
import { edgeTime } from './edge-values.ts';

/** docs/contract.md §7.2: associations "are **truncated at 100** items"; §7.6 `person-multi` / `company-multi` "(≤100)". */
export const ASSOC_TRUNCATE = 100;

/**
 * Whether `/v2` shows a field at all: late value types from 2026-09-17 on; association fields only under
 * a contract that has them (contract.ts v2AssociationFields; the seed, docs/contract.md §S3: "`/v2` has no
 * opportunity-to-person, opportunity-to-company, company-to-person or company-to-opportunity association reads").
 */
export function fieldVisible(ctx: Ctx, f: SimField): boolean {
  if (f.association && !ctx.settings.contract.v2AssociationFields) return false;
  return !LATE_VALUE_TYPES.has(f.valueType) || ctx.version >= '2026-09-17';
}

export function fieldMeta(f: SimField): Record<string, unknown> {
  return { id: f.id, name: f.name, type: f.type, enrichmentSource: f.enrichmentSource, valueType: f.valueType };
}

/** Expand a stored (write-form) value to the `/v2` read form. */
export function expandValue(ctx: Ctx, f: SimField, v: FieldValue | null): unknown {
  if (!v) return null;
  const { store } = ctx;
  const d = v.data as never;
  const opt = (x: { dropdownOptionId: number }, ranked: boolean) => {
    const o = store.options(f).find((y) => y.id === x.dropdownOptionId);
    if (!o) return null;
    return ranked
      ? { dropdownOptionId: o.id, text: o.text, rank: o.rank, color: DROPDOWN_COLORS[o.color] ?? 'gray' }
      : { dropdownOptionId: o.id, text: o.text };
  };
  const list = <T>(arr: T[], fn: (x: T) => unknown, cap = Infinity) => {
    const out = arr
      .map(fn)
      .filter((x) => x !== null)
      .slice(0, cap);
    return out.length ? out : null;
  };
  switch (v.type) {
    case 'dropdown':
      return opt(d, false);
    case 'ranked-dropdown':
      return opt(d, true);
    case 'dropdown-multi':
      return list(d as Array<{ dropdownOptionId: number }>, (x) => opt(x, false));
    case 'person':
      return personData(store, (d as { id: number }).id);
    case 'person-multi':
      return list(d as Array<{ id: number }>, (x) => personData(store, x.id), ASSOC_TRUNCATE);
    case 'company':
      return companyData(store, (d as { id: number }).id);
    case 'company-multi':
      return list(d as Array<{ id: number }>, (x) => companyData(store, x.id), ASSOC_TRUNCATE);
    case 'interaction': {
      const it = store.interactions.get((d as { id: number }).id);
      return it ? interactionValue(store, it) : null;
    }
    case 'note': {
      const n = store.notes.get((d as { id: number }).id);
      return n ? renderNoteV2(ctx, n) : null;
    }
    case 'reminder': {
      const r = store.reminders.get((d as { id: number }).id);
      return r ? { id: r.id, type: r.type, content: r.content, dueDate: r.dueDate, createdAt: r.createdAt } : null;
    }
    case 'list-multi':
      return list(d as Array<{ id: number }>, (x) => {
        const l = store.lists.get(x.id);
        return l ? { id: l.id, name: l.name, type: l.type, entityCount: store.entriesByList.get(l.id)?.length ?? 0 } : null;
      });
    default:
      return Array.isArray(d) && (d as unknown[]).length === 0 ? null : d;
  }
}

export function interactionValue(store: SimStore, it: SimInteraction): Record<string, unknown> {
  const people = (ids: number[]) => ids.map((id) => attendee(store, id));
  switch (it.kind) {
    case 'email':
      return {
        type: 'email',
        id: it.id,
        subject: it.title,
        sentAt: it.date,
        from: attendee(store, it.fromPersonId),
        to: [...people(it.personIds), ...it.externalEmails.map((e) => attendee(store, null, e))],
        cc: people(it.ccPersonIds),
      };
    case 'meeting':
      return { type: 'meeting', id: it.id, title: it.title, allDay: it.allDay, startTime: it.date, endTime: it.endTime, attendees: people(it.personIds) };
    case 'call':
      return { type: 'call', id: it.id, startTime: it.date, attendees: people(it.personIds) };
    default:
      return {
        type: 'chat-message',
        id: it.id,
        direction: it.direction,
        sentAt: it.date,
        manualCreator: personData(store, it.creatorId ?? it.personIds[0] ?? 0),
        participants: it.personIds.map((id) => personData(store, id)).filter(Boolean),
      };
  }
}

export function renderField(ctx: Ctx, f: SimField, rowKey: number): Record<string, unknown> {
  return {
    id: f.id,
    name: f.name,
    type: f.type,
    enrichmentSource: f.enrichmentSource,
    value: { type: f.valueType, data: expandValue(ctx, f, getCell(ctx.store, f, rowKey)) },
  };
}

function multi(ctx: Ctx, ...names: string[]): string[] {
  const out: string[] = [];
  for (const n of names) for (const v of ctx.query.getAll(n)) out.push(...v.split(',').filter(Boolean));
  return out;
}

/**
 * Field selection from `fieldIds` / `fieldTypes` (camelCase or snake_case, repeated keys).
 * Returns null when neither is given (records then carry no field data).
 */
export function selectFields(
  ctx: Ctx,
  candidates: SimField[],
  allowedTypes: FieldType[],
  names = { ids: ['fieldIds', 'field_ids'], types: ['fieldTypes', 'field_types'] },
): SimField[] | null {
  const ids = multi(ctx, ...names.ids);
  const types = multi(ctx, ...names.types);
  if (ids.length === 0 && types.length === 0) return null;
  for (const t of types) {
    if (!(allowedTypes as string[]).includes(t)) throw badParam(names.types[0] as string, `Invalid field type "${t}"; allowed: ${allowedTypes.join(', ')}.`);
  }
  const visible = candidates.filter((f) => fieldVisible(ctx, f));
  for (const id of ids) {
    if (!visible.some((f) => f.id === id)) throw badParam(names.ids[0] as string, `Field "${id}" does not exist here.`);
  }
  return visible.filter((f) => ids.includes(f.id) || types.includes(f.type));
}

export function renderCompany(ctx: Ctx, c: SimCompany, fields: SimField[] | null): Record<string, unknown> {
  return {
    id: c.id,
    name: c.name,
    domain: c.domain,
    domains: c.domains,
    isGlobal: c.isGlobal,
    fields: fields ? fields.map((f) => renderField(ctx, f, c.id)) : [],
  };
}

export function renderPerson(ctx: Ctx, p: SimPerson, fields: SimField[] | null): Record<string, unknown> {
  return {
    id: p.id,
    firstName: p.firstName,
    lastName: p.lastName,
    primaryEmailAddress: p.primaryEmailAddress,
    emailAddresses: p.emailAddresses,
    type: p.type,
    fields: fields ? fields.map((f) => renderField(ctx, f, p.id)) : [],
  };
}

/** `ListWithType` (or `List` without type); `createdAt` appears from the 2026 versions on. */
export function renderList(ctx: Ctx, l: SimList, withType = true): Record<string, unknown> {
  const out: Record<string, unknown> = { id: l.id, name: l.name };
  if (withType) out.type = l.type;
  Object.assign(out, { isPublic: l.isPublic, ownerId: l.ownerId, creatorId: l.creatorId });
  if (withType && ctx.version >= '2026-07-15') out.createdAt = l.createdAt;
  return out;
}

/** `ListEntryWithEntity`: field data under `entity.fields`. */
export function renderEntryWithEntity(ctx: Ctx, e: SimListEntry, fields: SimField[] | null): Record<string, unknown> | undefined {
  const { store } = ctx;
  const pick = (f: SimField) => (f.listId === null ? e.entityId : e.id);
  let entity: Record<string, unknown>;
  if (e.entityType === 'company') {
    const c = store.companies.get(e.entityId);
    if (!c) return undefined;
    entity = renderCompany(ctx, c, null);
  } else if (e.entityType === 'person') {
    const p = store.persons.get(e.entityId);
    if (!p) return undefined;
    entity = renderPerson(ctx, p, null);
  } else {
    const o = store.opportunities.get(e.entityId);
    if (!o) return undefined;
    entity = { ...renderOpportunity(ctx, o), fields: [] };
  }
  entity.fields = fields ? fields.map((f) => renderField(ctx, f, pick(f))) : [];
  return { id: e.id, listId: e.listId, type: e.entityType, createdAt: edgeTime(ctx, e.createdAt, e.id), creatorId: e.creatorId, entity };
}

/** `ListEntry` as returned under a company/person: top-level `fields`, always all of them. */
export function renderEntryFlat(ctx: Ctx, e: SimListEntry): Record<string, unknown> {
  const fields = ctx.store.applicableFields(e.entityType, e.listId).filter((f) => fieldVisible(ctx, f));
  return {
    id: e.id,
    listId: e.listId,
    createdAt: edgeTime(ctx, e.createdAt, e.id),
    creatorId: e.creatorId,
    fields: fields.map((f) => renderField(ctx, f, f.listId === null ? e.entityId : e.id)),
  };
}
