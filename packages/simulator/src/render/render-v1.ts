/**
 * Older-interface renderings: snake_case, integer enums, datetimes with a varying local UTC offset
 * (`2021-10-04T08:54:24.694-04:00`), field values one object per element.
 */
import type { SimStore } from '../store/store.ts';
import type {
  EntityType,
  FieldValue,
  SimCompany,
  SimField,
  SimFieldValueChange,
  SimList,
  SimListEntry,
  SimLocation,
  SimNote,
  SimOpportunity,
  SimPerson,
  SimReminder,
  ValueType,
} from '../store/store-types.ts';
import { cellTimes, elements, getCell, v1FieldValueId } from '../store/store-values.ts';

const OFFSETS_MIN = [-480, -420, -300, -240, 0, 60, 120, 330];

/** The same instant, written in a local offset chosen from the record's id (stable per record). */
export function v1Date(isoUtc: string | null, salt: number): string | null {
  if (isoUtc === null) return null;
  const ms = Date.parse(isoUtc);
  if (Number.isNaN(ms)) return isoUtc;
  const off = OFFSETS_MIN[Math.abs(salt) % OFFSETS_MIN.length] as number;
  const local = new Date(ms + off * 60_000).toISOString().slice(0, 23);
  const sign = off < 0 ? '-' : '+';
  const a = Math.abs(off);
  return `${local}${sign}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
}

export const ENTITY_INT: Record<EntityType, number> = { person: 0, company: 1, opportunity: 8 };
export const INT_ENTITY: Record<number, EntityType> = { 0: 'person', 1: 'company', 8: 'opportunity' };

const V1_TYPE: Partial<Record<ValueType, number>> = {
  person: 0,
  'person-multi': 0,
  company: 1,
  'company-multi': 1,
  dropdown: 2,
  'dropdown-multi': 2,
  number: 3,
  'number-multi': 3,
  'formula-number': 3,
  datetime: 4,
  location: 5,
  'location-multi': 5,
  text: 6,
  'ranked-dropdown': 7,
  'filterable-text': 10,
  'filterable-text-multi': 10,
};

export function v1ValueType(f: SimField): number | null {
  return V1_TYPE[f.valueType] ?? null;
}

/** Fields the older interface exposes: custom (numeric-id) fields of a type it knows. */
export function v1Visible(f: SimField): boolean {
  return f.v1Id !== null && v1ValueType(f) !== null;
}

export function v1Person(p: SimPerson): Record<string, unknown> {
  return {
    id: p.id,
    type: p.type === 'internal' ? 1 : 0,
    first_name: p.firstName,
    last_name: p.lastName,
    primary_email: p.primaryEmailAddress,
    emails: p.emailAddresses,
  };
}

/** Search/single reads: `{id, name, domain, domains, global}`; list-entry and reminder payloads add crunchbase_uuid. */
export function v1Org(c: SimCompany, withCrunchbase = false): Record<string, unknown> {
  return withCrunchbase
    ? { id: c.id, name: c.name, domain: c.domain, domains: c.domains, crunchbase_uuid: null, global: c.isGlobal }
    : { id: c.id, name: c.name, domain: c.domain, domains: c.domains, global: c.isGlobal };
}

export function v1PersonById(store: SimStore, id: number | null): Record<string, unknown> | null {
  if (id === null) return null;
  const p = store.persons.get(store.resolveMerged('person', id));
  return p ? v1Person(p) : null;
}

export function v1Entry(store: SimStore, e: SimListEntry, withEntity: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: e.id,
    list_id: e.listId,
    creator_id: e.creatorId,
    entity_id: e.entityId,
    entity_type: ENTITY_INT[e.entityType],
    created_at: v1Date(e.createdAt, e.id),
  };
  if (withEntity) {
    if (e.entityType === 'person') {
      const p = store.persons.get(e.entityId);
      out.entity = p ? v1Person(p) : null;
    } else if (e.entityType === 'company') {
      const c = store.companies.get(e.entityId);
      out.entity = c ? v1Org(c, true) : null;
    } else {
      const o = store.opportunities.get(e.entityId);
      out.entity = o ? { id: o.id, name: o.name } : null;
    }
  }
  return out;
}

/**
 * The older opportunity record. The single read always carries the association arrays, whole (the seed, docs/contract.md
 * §S3: "fuller record with person_ids, organization_ids and list entries"); the search carries them only
 * when the contract says so (contract.ts opportunitySearchAssociations). Neither document cuts these
 * arrays at 100 (docs/contract.md §6.3 and the seed, docs/contract.md §S3, give no limit), so they are never cut.
 */
export function v1Opportunity(store: SimStore, o: SimOpportunity, withAssociations: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = { id: o.id, name: o.name };
  if (withAssociations) {
    out.person_ids = o.personIds;
    out.organization_ids = o.companyIds;
  }
  out.list_entries = store.entriesOf('opportunity', o.id).map((e) => v1Entry(store, e, false));
  return out;
}

/** `withSize` false: the seed's listing, which has no size (contract.ts listSizeInListing). */
export function v1List(store: SimStore, l: SimList, withSize = true): Record<string, unknown> {
  return {
    id: l.id,
    type: ENTITY_INT[l.type],
    name: l.name,
    public: l.isPublic,
    owner_id: l.ownerId,
    creator_id: l.creatorId,
    ...(withSize ? { list_size: store.entriesByList.get(l.id)?.length ?? 0 } : {}),
    additional_permissions: [],
  };
}

export function v1Field(store: SimStore, f: SimField, withOptions: boolean): Record<string, unknown> {
  return {
    id: f.v1Id,
    name: f.name,
    list_id: f.listId,
    enrichment_source: f.enrichmentSource ?? 'none',
    value_type: v1ValueType(f),
    allows_multiple: f.allowsMultiple,
    track_changes: f.trackChanges,
    dropdown_options: withOptions ? store.options(f).map((o) => ({ id: o.id, text: o.text, rank: o.rank, color: o.color })) : [],
  };
}

function v1Location(l: SimLocation): Record<string, unknown> {
  return { street_address: l.streetAddress, city: l.city, state: l.state, country: l.country, continent: l.continent };
}

/** One element of a value in the older encoding (person/org ids, dropdown text, ranked object, ...). */
export function v1Element(store: SimStore, f: SimField, el: unknown, salt: number): unknown {
  const base = f.valueType.replace(/-multi$/, '');
  const d = el as Record<string, unknown>;
  switch (base) {
    case 'person':
      return store.resolveMerged('person', d.id as number);
    case 'company':
      return store.resolveMerged('company', d.id as number);
    case 'dropdown':
      return store.options(f).find((o) => o.id === d.dropdownOptionId)?.text ?? null;
    case 'ranked-dropdown': {
      const o = store.options(f).find((x) => x.id === d.dropdownOptionId);
      return o ? { id: o.id, text: o.text, rank: o.rank, color: o.color } : null;
    }
    case 'formula-number':
      return (d as { calculatedValue: number | null }).calculatedValue;
    case 'datetime':
      return v1Date(el as string, salt);
    case 'location':
      return v1Location(el as SimLocation);
    default:
      return el;
  }
}

/** The v1 field-value objects of one cell (several for a multi-valued cell). */
export function v1CellValues(
  store: SimStore,
  f: SimField,
  entityType: EntityType,
  entityId: number,
  listEntryId: number | null,
): Array<Record<string, unknown>> {
  const rowKey = f.listId === null ? entityId : (listEntryId as number);
  const v: FieldValue | null = getCell(store, f, rowKey);
  if (!v) return [];
  const times = cellTimes(store, f, rowKey);
  const base = f.valueType.replace(/-multi$/, '');
  const out: Array<Record<string, unknown>> = [];
  elements(v).forEach((el, i) => {
    // References to deleted records are not served (the element index, and so the id, stays stable).
    if (base === 'person' || base === 'company') {
      const id = store.resolveMerged(base, (el as { id: number }).id);
      if (!(base === 'person' ? store.persons.has(id) : store.companies.has(id))) return;
    }
    out.push({
      id: v1FieldValueId(f, rowKey, i),
      field_id: f.v1Id,
      list_entry_id: f.listId === null ? null : listEntryId,
      entity_id: entityId,
      entity_type: ENTITY_INT[entityType],
      value_type: v1ValueType(f),
      created_at: v1Date(times.createdAt, rowKey),
      updated_at: v1Date(times.updatedAt, rowKey),
      value: v1Element(store, f, el, rowKey),
    });
  });
  return out;
}

export function v1Change(store: SimStore, c: SimFieldValueChange): Record<string, unknown> | undefined {
  const f = store.fields.get(c.fieldKey);
  if (!f) return undefined;
  const action = c.actionType === 'add' ? 0 : c.actionType === 'delete' ? 1 : 2;
  return {
    id: c.id,
    field_id: f.v1Id,
    entity_id: c.entityId,
    list_entry_id: c.listEntryId,
    action_type: action,
    changer: v1PersonById(store, c.changerId),
    changed_at: v1Date(c.changedAt, c.id),
    value: v1Element(store, f, Array.isArray(c.value.data) ? c.value.data[0] : c.value.data, c.id),
  };
}

export function v1Note(n: SimNote): Record<string, unknown> {
  const isReply = n.parentId !== null;
  return {
    id: n.id,
    creator_id: n.creatorId,
    person_ids: isReply ? [] : n.personIds,
    associated_person_ids: isReply ? [] : n.personIds,
    interaction_person_ids: [],
    interaction_id: n.interaction?.id ?? null,
    interaction_type: n.interaction ? { meeting: 0, call: 1, 'chat-message': 2, email: 3 }[n.interaction.type] : null,
    is_meeting: n.interaction?.type === 'meeting',
    mentioned_person_ids: n.mentionedPersonIds,
    organization_ids: isReply ? [] : n.companyIds,
    opportunity_ids: isReply ? [] : n.opportunityIds,
    parent_id: n.parentId,
    content: n.contentHtml,
    type: n.type === 'ai-notetaker' || n.type === 'ai-notetaker-reply' ? 3 : 2,
    created_at: v1Date(n.createdAt, n.id),
    updated_at: v1Date(n.updatedAt, n.id),
  };
}

export function v1Reminder(store: SimStore, r: SimReminder): Record<string, unknown> {
  const c = r.companyId === null ? undefined : store.companies.get(r.companyId);
  const o = r.opportunityId === null ? undefined : store.opportunities.get(r.opportunityId);
  return {
    id: r.id,
    type: r.type === 'one-time' ? 0 : 1,
    created_at: v1Date(r.createdAt, r.id),
    completed_at: v1Date(r.completedAt, r.id),
    content: r.content,
    due_date: v1Date(r.dueDate, r.id),
    reset_type: r.resetType === null ? null : { interaction: 0, email: 1, meeting: 2 }[r.resetType],
    reminder_days: r.reminderDays,
    status: { completed: 0, active: 1, overdue: 2 }[r.status],
    creator: v1PersonById(store, r.creatorId),
    owner: v1PersonById(store, r.ownerId),
    completer: v1PersonById(store, r.completerId),
    person: v1PersonById(store, r.personId),
    organization: c ? v1Org(c, true) : null,
    opportunity: o ? { id: o.id, name: o.name } : null,
  };
}
