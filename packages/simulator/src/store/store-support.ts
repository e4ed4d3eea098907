/** Id spaces, lazy-value hooks and index helpers used by the store (split out to keep store.ts small). */
import type { FieldValue, SimField, SimNote } from './store-types.ts';

/** First id of each id space minus one (see the model comment in store-types.ts). */
export const ID_BASE = {
  person: 100_000_000,
  company: 200_000_000,
  opportunity: 300_000_000,
  listEntry: 400_000_000,
  list: 1_000,
  field: 2_000,
  dropdownOption: 50_000,
  note: 5_000_000,
  reminder: 6_000_000,
  interaction: 7_000_000,
  transcript: 8_000_000,
  file: 9_000_000,
  savedView: 3_000,
  webhook: 100,
  team: 10,
  merge: 0,
  fieldValueChange: 0,
} as const;
export type IdKind = keyof typeof ID_BASE;

/** Things a v1 create hides from `/v2` for `createLagMs`. */
export type LagKind = 'company' | 'person' | 'opportunity' | 'listEntry' | 'note' | 'reminder';

/**
 * Computes generated (not yet overwritten) field values on demand, so large scales need no memory for
 * millions of cells. Returns null when the generated data has no value for that cell.
 */
export interface FieldValueSource {
  baseline(field: SimField, rowKey: number): FieldValue | null;
  /** v1 created_at/updated_at of a generated cell. */
  baselineTimes(field: SimField, rowKey: number): { createdAt: string; updatedAt: string };
}

export interface OverrideCell {
  value: FieldValue | null;
  createdAt: string;
  updatedAt: string;
}

export function noteEntityKeys(n: SimNote): number[] {
  return [...n.personIds, ...n.companyIds, ...n.opportunityIds];
}

export function pushTo<K>(m: Map<K, number[]>, k: K, v: number, sorted = false): void {
  const arr = m.get(k);
  if (!arr) {
    m.set(k, [v]);
    return;
  }
  if (arr.includes(v)) return;
  arr.push(v);
  if (sorted) arr.sort((a, b) => a - b);
}

export function removeFrom<K>(m: Map<K, number[]>, k: K, v: number): void {
  const arr = m.get(k);
  if (!arr) return;
  const i = arr.indexOf(v);
  if (i >= 0) arr.splice(i, 1);
  if (arr.length === 0) m.delete(k);
}
