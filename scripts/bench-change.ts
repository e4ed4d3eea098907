import { iterFieldValues, mulberry32, updateFieldValue, type FieldValue, type FieldValueRecord, type SimField, type SimStore } from '@relsync/simulator';

/** A different value of the same type, or null for a type the bench does not change. */
function nextValue(store: SimStore, f: SimField, v: FieldValue, r: () => number): FieldValue | null {
  const pick = <T>(xs: readonly T[]): T | undefined => xs[Math.floor(r() * xs.length)];
  switch (v.type) {
    case 'number':
      return { type: 'number', data: Math.round(r() * 1_000_000) };
    case 'datetime':
      return { type: 'datetime', data: new Date(Date.UTC(2026, 0, 1 + Math.floor(r() * 300))).toISOString() };
    case 'ranked-dropdown':
    case 'dropdown': {
      const opt = pick(store.dropdownOptions.get(f.key) ?? []);
      return opt ? { type: v.type, data: { dropdownOptionId: opt.id } } : null;
    }
    case 'person': {
      const id = pick(store.idx.persons.values());
      return id ? { type: 'person', data: { id } } : null;
    }
    case 'company': {
      const id = pick(store.idx.companies.values());
      return id ? { type: 'company', data: { id } } : null;
    }
    case 'location':
      return {
        type: 'location',
        data: { streetAddress: null, city: `Bench City ${Math.floor(r() * 1000)}`, state: null, country: 'Atlantis', continent: null },
      };
    // A multi-valued cell gets one element added (the service logs one change per element).
    case 'number-multi':
      return { type: v.type, data: [...((v.data as number[] | null) ?? []), Math.round(r() * 1000)] };
    case 'person-multi':
    case 'company-multi': {
      const id = pick(v.type === 'person-multi' ? store.idx.persons.values() : store.idx.companies.values());
      const cur = (v.data as Array<{ id: number }> | null) ?? [];
      return id && !cur.some((x) => x.id === id) ? { type: v.type, data: [...cur, { id }] } : null;
    }
    case 'location-multi':
      return {
        type: v.type,
        data: [
          ...((v.data as unknown[] | null) ?? []),
          { streetAddress: null, city: `Bench City ${Math.floor(r() * 1000)}`, state: null, country: 'Atlantis', continent: null },
        ],
      };
    default:
      return null;
  }
}

/**
 * Change `share` of the field values (of the change-tracked ones by default, or of all values),
 * choosing among the cells of change-tracked fields: changes to untracked fields are not logged by
 * the service, so no incremental method can see them; the scheduled sweeps do.
 * Writes go through the store's API write path, which logs every change as the service would.
 */
export function changeFieldValues(
  store: SimStore,
  share: number,
  of: 'all' | 'tracked' = 'tracked',
  seed = 42,
): { total: number; tracked: number; changed: number; entities: number } {
  const r = mulberry32(seed);
  const all: FieldValueRecord[] = [];
  let total = 0;
  for (const rec of iterFieldValues(store)) {
    total += 1;
    const f = store.fields.get(rec.fieldKey);
    if (f?.trackChanges && !f.association) all.push(rec);
  }
  const want = Math.round((of === 'all' ? total : all.length) * share);
  const entities = new Set<string>();
  let changed = 0;
  for (let i = 0; i < all.length * 4 && changed < want; i++) {
    const rec = all[Math.floor(r() * all.length)]!;
    const f = store.fields.get(rec.fieldKey)!;
    const v = nextValue(store, f, rec.value, r);
    if (!v) continue;
    updateFieldValue(store, rec.fieldKey, rec.entityId, rec.listEntryId, v);
    entities.add(`${rec.entityType}:${rec.listEntryId ?? rec.entityId}`);
    changed += 1;
  }
  return { total, tracked: all.length, changed, entities: entities.size };
}
