/** A content hash of a whole store, for determinism checks (same seed => same hash). */
import { createHash } from 'node:crypto';
import type { SimStore } from './store.ts';
import { iterFieldValues } from './store-values.ts';

function sortedValues<T>(m: Map<number | string, T>): T[] {
  return [...m.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([, v]) => v);
}

export function storeFingerprint(store: SimStore): string {
  const h = createHash('sha256');
  const put = (label: string, v: unknown) => h.update(`${label}:${JSON.stringify(v)}\n`);
  put('tenant', store.tenant);
  const maps: Array<[string, Map<number | string, unknown>]> = [
    ['users', store.users],
    ['teams', store.teams],
    ['companies', store.companies],
    ['persons', store.persons],
    ['opportunities', store.opportunities],
    ['lists', store.lists],
    ['listEntries', store.listEntries],
    ['fields', store.fields],
    ['dropdownOptions', store.dropdownOptions],
    ['notes', store.notes],
    ['reminders', store.reminders],
    ['interactions', store.interactions],
    ['transcripts', store.transcripts],
    ['files', store.files],
    ['savedViews', store.savedViews],
    ['webhooks', store.webhooks],
    ['merges', store.merges],
  ];
  for (const [label, m] of maps) for (const v of sortedValues(m)) put(label, v);
  put(
    'mergedCompanies',
    [...store.mergedInto.company.entries()].sort((a, b) => a[0] - b[0]),
  );
  put(
    'mergedPersons',
    [...store.mergedInto.person.entries()].sort((a, b) => a[0] - b[0]),
  );
  for (const c of store.fieldValueChanges) put('change', c);
  for (const v of iterFieldValues(store)) put('value', v);
  return h.digest('hex');
}
