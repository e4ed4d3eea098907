/**
 * Expected `field_values` rows from the store's own enumeration (`iterFieldValues`): one row per value
 * (multi-valued cells give value_index 0..n-1). Typed columns are computed here from the store's
 * records (person names, option texts, interaction times, ...), independently of relsync's transform;
 * `value_json` is the value as the service sends it, so it is rendered with the simulator's own
 * `/v2` renderer (`expandValue`).
 */
import type { Ctx } from '../../../src/simulator/http-types.ts';
import { expandValue } from '../../../src/simulator/render-v2.ts';
import {
  getCell, iterFieldValues, type FieldValueRecord, type SimField, type SimStore, type SimLocation,
} from '../../../src/simulator/index.ts';
import type { TableExpectation } from './expect-types.ts';
import { displayName, ts, type Cell, type ExpRow } from './norm.ts';
import { entityExists } from './expected-core.ts';

/** The minimal request context the simulator's renderers read (API version, no `includes`). */
export function renderCtx(store: SimStore, version = '2026-09-17'): Ctx {
  return { store, version, query: new URLSearchParams(), settings: { apiKey: '', envelope: 'real', createLagMs: 0, defaultApiVersion: version, cursorTtlMs: 1 } } as unknown as Ctx;
}

interface Typed { value_text: Cell; value_number: Cell; value_date: Cell; ref_id: Cell }
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
    case 'text': case 'filterable-text': return { ...NONE, value_text: el as string };
    case 'number': return { ...NONE, value_number: el as number };
    case 'datetime': return { ...NONE, value_date: ts(el) };
    case 'location': return { ...NONE, value_text: locationText(el as SimLocation) };
    case 'dropdown': case 'ranked-dropdown': {
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
    case 'note': return store.notes.has(d.id as number) ? { ...NONE, ref_id: d.id as number } : null;
    case 'reminder': {
      const r = store.reminders.get(d.id as number);
      return r ? { ...NONE, value_text: r.content, value_date: ts(r.dueDate), ref_id: r.id } : null;
    }
    case 'list': {
      const l = store.lists.get(d.id as number);
      return l ? { ...NONE, value_text: l.name, ref_id: l.id } : null;
    }
    default: return { ...NONE };
  }
}

/** The rows of one stored cell. */
export function cellRows(store: SimStore, ctx: Ctx, rec: FieldValueRecord): ExpRow[] {
  const f = store.fields.get(rec.fieldKey)!;
  const multi = f.valueType.endsWith('-multi');
  const base = multi ? f.valueType.slice(0, -6) : f.valueType;
  const elements = multi ? (rec.value.data as unknown[]) : [rec.value.data];
  const rendered = expandValue(ctx, f, rec.value);
  const renderedEls = rendered === null ? [] : multi ? (rendered as unknown[]) : [rendered];
  // The service cuts association cells at 100; relsync keeps a cut association cell out of field_values
  // (its whole set is in the association table), so none is expected.
  if (f.association && renderedEls.length >= 100) return [];
  const cells = elements.map((el) => typed(store, f, base, el)).filter((t): t is Typed => t !== null);
  // The renderer drops what it cannot resolve (a deleted person, an unknown option), as the typed pass does.
  if (cells.length !== renderedEls.length) throw new Error(`expected-values: ${f.id} on ${rec.entityId}: ${cells.length} typed cells vs ${renderedEls.length} rendered`);
  return cells.map((t, i) => ({
    field_id: f.id, entity_type: rec.entityType, entity_id: rec.entityId, list_entry_id: rec.listEntryId ?? 0, value_index: i,
    value_type: f.valueType, list_id: rec.listEntryId === null ? null : f.listId, updated_at: null,
    value_json: { type: f.valueType, data: renderedEls[i] as Cell }, ...t,
  }));
}

export function fieldValuesExpectation(store: SimStore): TableExpectation {
  const ctx = renderCtx(store);
  const rows: ExpRow[] = [];
  for (const rec of iterFieldValues(store)) rows.push(...cellRows(store, ctx, rec));
  for (const rec of associationCells(store)) rows.push(...cellRows(store, ctx, rec));
  return {
    table: 'field_values',
    key: ['field_id', 'entity_type', 'entity_id', 'list_entry_id', 'value_index'],
    columns: ['value_type', 'list_id', 'updated_at', 'value_json', 'value_text', 'value_number', 'value_date', 'ref_id'],
    rows,
    owner: {
      live: (r) => (r.list_entry_id !== 0 ? store.listEntries.has(r.list_entry_id as number) : entityExists(store, r.entity_type as string, r.entity_id as number)),
      parent: (r) => (r.list_entry_id !== 0
        ? { table: 'list_entries', key: String(r.list_entry_id) }
        : { table: r.entity_type === 'company' ? 'companies' : r.entity_type === 'person' ? 'persons' : 'opportunities', key: String(r.entity_id) }),
    },
  };
}

/**
 * The association fields (`persons` on companies, `companies` on persons, both on opportunity list
 * entries): `iterFieldValues` leaves them out because they are derived from the associations, but the
 * service sends them as field values and relsync stores the whole ones.
 */
function* associationCells(store: SimStore): Generator<FieldValueRecord> {
  const own = (entityType: 'company' | 'person', ids: Iterable<number>) => function* () {
    const fields = (store.fieldsByEntity.get(entityType) ?? []).filter((f) => f.association);
    for (const id of ids) {
      for (const f of fields) {
        const value = getCell(store, f, id);
        if (value) yield { fieldKey: f.key, fieldId: f.id, entityType, entityId: id, listEntryId: null, value };
      }
    }
  };
  yield* own('company', store.companies.keys())();
  yield* own('person', store.persons.keys())();
  for (const e of store.listEntries.values()) {
    for (const f of (store.fieldsByList.get(e.listId) ?? []).filter((x) => x.association)) {
      const value = getCell(store, f, e.id);
      if (value) yield { fieldKey: f.key, fieldId: f.id, entityType: e.entityType, entityId: e.entityId, listEntryId: e.id, value };
    }
  }
}
