/**
 * Expected `field_values` rows from the store's plain data: its own enumeration of stored values
 * (`iterFieldValues`). One row per value element (multi-valued cells give value_index 0..n-1). Typed
 * columns and `value_json` (the element as the service sends it, docs/contract.md §7.6) are computed here
 * (wire-values.ts), never by the simulator's renderers. The association fields (`companies`, `persons`)
 * have no rows at all, whole or cut: their only home is the association tables (expected-core.ts).
 */
import { iterFieldValues, type FieldValueRecord, type SimField, type SimStore, type SimLocation } from '@relsync/simulator';
import { Satisfies, type TableExpectation } from './expect-types.ts';
import { displayName, ts, type Cell, type ExpRow } from './norm.ts';
import { entityExists } from './expected-core.ts';
import { elementWire } from './wire-values.ts';

interface Typed {
  value_text: Cell;
  value_number: Cell;
  value_date: Cell;
  ref_id: Cell;
}
const NONE: Typed = { value_text: null, value_number: null, value_date: null, ref_id: null };

function locationText(l: SimLocation): string | null {
  const parts = [l.city, l.state, l.country].filter((p): p is string => typeof p === 'string' && p.trim() !== '');
  if (parts.length) return parts.join(', ');
  const rest = [l.streetAddress, l.continent].filter((p): p is string => typeof p === 'string' && p.trim() !== '');
  return rest.length ? rest.join(', ') : null;
}

/** Typed columns of one stored element (write form); null when the service would render nothing. */
function typed(store: SimStore, f: SimField, base: string, el: unknown): Typed | null {
  const d = el as Record<string, unknown>;
  switch (base) {
    case 'text':
    case 'filterable-text':
      return { ...NONE, value_text: el as string };
    case 'number':
      return { ...NONE, value_number: el as number };
    case 'datetime':
      return { ...NONE, value_date: ts(el) };
    case 'location':
      return { ...NONE, value_text: locationText(el as SimLocation) };
    case 'dropdown':
    case 'ranked-dropdown': {
      const o = store.options(f).find((x) => x.id === d.dropdownOptionId);
      if (!o) return null;
      return { ...NONE, value_text: o.text, ref_id: o.id, value_number: base === 'ranked-dropdown' ? o.rank : null };
    }
    case 'person': {
      const p = store.persons.get(store.resolveMerged('person', d.id as number));
      return p ? { ...NONE, value_text: displayName(p.firstName, p.lastName, p.primaryEmailAddress), ref_id: p.id } : null;
    }
    case 'company': {
      const c = store.companies.get(store.resolveMerged('company', d.id as number));
      return c ? { ...NONE, value_text: c.name, ref_id: c.id } : null;
    }
    case 'formula-number': {
      const v = (d as { calculatedValue: number | null }).calculatedValue;
      return v === null || v === undefined ? null : { ...NONE, value_number: v };
    }
    case 'interaction': {
      const it = store.interactions.get(d.id as number);
      return it ? { ...NONE, value_text: it.kind, value_date: ts(it.date), ref_id: it.id } : null;
    }
    case 'note': {
      // The note's text, as the notes table holds it (expected-activity.ts).
      const n = store.notes.get(d.id as number);
      return n ? { ...NONE, value_text: n.contentHtml.replace(/<[^>]*>/g, '').trim(), ref_id: n.id } : null;
    }
    case 'reminder': {
      const r = store.reminders.get(d.id as number);
      return r ? { ...NONE, value_text: r.content, value_date: ts(r.dueDate), ref_id: r.id } : null;
    }
    case 'list': {
      const l = store.lists.get(d.id as number);
      return l ? { ...NONE, value_text: l.name, ref_id: l.id } : null;
    }
    default:
      return { ...NONE };
  }
}

/**
 * Typed columns of a change row (one element, write form), as the `field_values` row of the same value
 * has them. A person / company reference is history kept as first read (wire-values.ts
 * `changeValueWire`): its name may be an older one, its id the one recorded or the survivor of a merge,
 * and a reference to a record deleted since may read as `deleted-entity` (nothing typed).
 */
export function changeTyped(store: SimStore, f: SimField, el: unknown): Typed {
  const base = f.valueType.replace(/-multi$/, '');
  if (el === null || el === undefined) return NONE;
  if (base !== 'person' && base !== 'company') return typed(store, f, base, el) ?? NONE;
  const id = (el as { id: number }).id;
  const now = typed(store, f, base, el);
  const ids = new Set([id, store.resolveMerged(base, id)]);
  return {
    ...NONE,
    value_text: new Satisfies(
      `the ${base}'s name now (${JSON.stringify(now?.value_text ?? null)}) or as first read`,
      (a) => typeof a === 'string' || (a === null && (now === null || now.value_text === null)),
    ),
    ref_id: new Satisfies(
      `${base} ${[...ids].join(' or ')}${now === null ? ' or null (deleted since)' : ''}`,
      (a) => ids.has(a as number) || (now === null && a === null),
    ),
  };
}

/** The rows of one stored cell: each element that resolves, typed and in its `/v2` read form. */
export function cellRows(store: SimStore, rec: FieldValueRecord): ExpRow[] {
  const f = store.fields.get(rec.fieldKey)!;
  const multi = f.valueType.endsWith('-multi');
  const base = multi ? f.valueType.slice(0, -6) : f.valueType;
  const elements = multi ? (rec.value.data as unknown[]) : [rec.value.data];
  const resolved: Array<{ t: Typed; wire: Cell }> = [];
  for (const el of elements) {
    const t = typed(store, f, base, el);
    const wire = elementWire(store, f, base, el);
    // Both passes drop what the service cannot show (a deleted person, an unknown option); they must agree.
    if ((t === null) !== (wire === null))
      throw new Error(`expected-values: ${f.id} on ${rec.entityId}: typed and wire passes disagree on ${JSON.stringify(el)}`);
    if (t !== null) resolved.push({ t, wire });
  }
  return resolved.map(({ t, wire }, i) => ({
    field_id: f.id,
    entity_type: rec.entityType,
    entity_id: rec.entityId,
    list_entry_id: rec.listEntryId ?? 0,
    value_index: i,
    value_type: f.valueType,
    list_id: rec.listEntryId === null ? null : f.listId,
    // The element as the service sends it: one shape with field_value_changes.value_json.
    value_json: wire,
    ...t,
  }));
}

export function fieldValuesExpectation(store: SimStore): TableExpectation {
  const rows: ExpRow[] = [];
  for (const rec of iterFieldValues(store)) {
    // No association field (whole or cut, either contract) has a field_values row.
    if (!store.fields.get(rec.fieldKey)?.association) rows.push(...cellRows(store, rec));
  }
  return {
    table: 'field_values',
    key: ['field_id', 'entity_type', 'entity_id', 'list_entry_id', 'value_index'],
    columns: ['value_type', 'list_id', 'value_json', 'value_text', 'value_number', 'value_date', 'ref_id'],
    rows,
    owner: {
      live: (r) =>
        r.list_entry_id !== 0 ? store.listEntries.has(r.list_entry_id as number) : entityExists(store, r.entity_type as string, r.entity_id as number),
      parent: (r) =>
        r.list_entry_id !== 0
          ? { table: 'list_entries', key: String(r.list_entry_id) }
          : { table: r.entity_type === 'company' ? 'companies' : r.entity_type === 'person' ? 'persons' : 'opportunities', key: String(r.entity_id) },
    },
  };
}
