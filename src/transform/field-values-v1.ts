/**
 * v1 names of fields and value types, mapped to /v2's: a v1 field (`GET /fields`) says `id: 751,
 * value_type: 2` and a v1 change (`GET /field-value-changes`) `field_id: 751`, where /v2 says
 * `field-751` and `dropdown`. The warehouse stores the /v2 form.
 */

/** v1 field `value_type` → /v2 value type name. */
export const V1_VALUE_TYPES: Readonly<Record<number, string>> = {
  0: 'person',
  1: 'company',
  2: 'dropdown',
  3: 'number',
  4: 'datetime',
  5: 'location',
  6: 'text',
  7: 'ranked-dropdown',
  10: 'filterable-text',
};

/** Value types that have a `-multi` variant in /v2. */
const HAS_MULTI = new Set(['person', 'company', 'dropdown', 'number', 'location', 'filterable-text']);

/**
 * v1 `value_type` (+ `allows_multiple`) → /v2 name. `allows_multiple` makes it `-multi` where /v2 has
 * such a type (text, datetime and ranked dropdowns have none and keep their name). An int this code
 * does not know becomes `v1-<n>` (stored, never a crash).
 */
export function v1ValueTypeName(valueType: number, allowsMultiple?: boolean | null): string {
  const base = V1_VALUE_TYPES[valueType];
  if (base === undefined) return `v1-${valueType}`;
  return allowsMultiple && HAS_MULTI.has(base) ? `${base}-multi` : base;
}

/** v1 numeric field id → v2 field id (`751` → `field-751`); a string id is already a v2 id. */
export function v1FieldId(id: number | string): string {
  return typeof id === 'number' ? `field-${id}` : id;
}
