import type { ReplaceSet, Row } from '../load/batch.ts';
import type { V1FieldValue } from '../extract/schemas/index.ts';
import { locationText, type TypedColumns } from './field-values.ts';
import { fullName, replaceSet, toJson, type EntityType } from './rows.ts';
import { normalizeTimestamp } from './timestamps.ts';

/**
 * v1 field values (`GET /field-values`, API.md §6.6) → the same `field_values` rows as /v2.
 * A v1 value does not say its type: it is decoded by the FIELD's value_type (v1 int mapped to the v2
 * name by `v1ValueTypeName`). Multi-valued cells are several objects with one `field_id`; they become
 * `value_index` 0..n-1 in id order, so the index is stable however the API orders them.
 * `value_json` is `{type, data}` with `data` = the v1 `value` as received (same envelope as /v2).
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

const NONE: TypedColumns = { value_text: null, value_number: null, value_date: null, ref_id: null };

function obj(v: unknown): Record<string, unknown> | null {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Typed columns of one v1 value given its /v2 type name; a shape that does not fit leaves them null. */
export function v1TypedColumns(valueType: string, value: unknown): TypedColumns {
  const base = valueType.endsWith('-multi') ? valueType.slice(0, -'-multi'.length) : valueType;
  const o = obj(value);
  switch (base) {
    case 'person':
      if (o) return { ...NONE, ref_id: num(o.id), value_text: fullName(str(o.first_name), str(o.last_name), str(o.primary_email)) };
      return { ...NONE, ref_id: num(value) };
    case 'company':
      if (o) return { ...NONE, ref_id: num(o.id), value_text: str(o.name) };
      return { ...NONE, ref_id: num(value) };
    case 'dropdown':
    case 'ranked-dropdown':
      if (o) return { ...NONE, ref_id: num(o.id), value_text: str(o.text), value_number: num(o.rank) };
      return { ...NONE, value_text: str(value) };
    case 'number': {
      if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
        return { ...NONE, value_number: Number(value) };
      }
      return { ...NONE, value_number: num(value) };
    }
    case 'datetime':
      return { ...NONE, value_date: typeof value === 'string' ? normalizeTimestamp(value) : null };
    case 'location':
      return o
        ? {
            ...NONE,
            value_text: locationText({
              streetAddress: str(o.street_address),
              city: str(o.city),
              state: str(o.state),
              country: str(o.country),
              continent: str(o.continent),
            }),
          }
        : NONE;
    case 'text':
    case 'filterable-text':
      return { ...NONE, value_text: typeof value === 'string' ? value : num(value) !== null ? String(value) : null };
    default:
      return NONE;
  }
}

export interface V1FieldValueContext {
  /** `person` for `?person_id=`, `company` for `?organization_id=`, `opportunity` for `?opportunity_id=`. */
  entityType: EntityType;
  /** The v2 value type name of a field (by v2 id, `field-751`); from the fields stream. */
  valueTypeOf: (fieldId: string) => string | undefined;
  /** The list a list entry belongs to, when known (fills `list_id`). */
  listIdOf?: (listEntryId: number) => number | null | undefined;
}

/** Rows for a set of v1 field values (any mix of fields, entity-level and list-entry values). */
export function v1FieldValueRows(values: readonly V1FieldValue[], ctx: V1FieldValueContext): Row[] {
  const sorted = [...values].sort((a, b) => a.id - b.id);
  const nextIndex = new Map<string, number>();
  const rows: Row[] = [];
  for (const fv of sorted) {
    // Crunchbase fields come back with null values: an empty cell.
    if (fv.value === null || fv.value === undefined) continue;
    const fieldId = v1FieldId(fv.field_id);
    const listEntryId = fv.list_entry_id ?? 0;
    const cell = `${fieldId}\u0000${fv.entity_id}\u0000${listEntryId}`;
    const index = nextIndex.get(cell) ?? 0;
    nextIndex.set(cell, index + 1);
    const valueType =
      ctx.valueTypeOf(fieldId) ?? (typeof fv.value_type === 'number' ? v1ValueTypeName(fv.value_type) : 'unknown');
    rows.push({
      field_id: fieldId,
      entity_type: ctx.entityType,
      entity_id: fv.entity_id,
      list_entry_id: listEntryId,
      list_id: listEntryId === 0 ? null : (ctx.listIdOf?.(listEntryId) ?? null),
      value_index: index,
      value_type: valueType,
      value_json: toJson({ type: valueType, data: fv.value }),
      ...v1TypedColumns(valueType, fv.value),
      updated_at: normalizeTimestamp(fv.updated_at ?? fv.created_at ?? null),
    });
  }
  return rows;
}

/**
 * Replace an entity's values from one `GET /field-values?<entity>_id=` read. v1 does not return
 * relationship-intelligence (smart) or enriched values, so a whole-entity scope would wipe what /v2
 * loaded; the set is scoped per cell instead: `[field_id, entity_type, entity_id, list_entry_id]`,
 * with one owner per (field, entity or entry) in `fieldIds` × ({0} ∪ `listEntryIds`) plus every cell
 * the read returned. Pass the v1 field ids (`field-<n>`) the read covers so cleared values disappear.
 */
export function v1FieldValuesReplace(
  values: readonly V1FieldValue[],
  ctx: V1FieldValueContext & { entityId: number; fieldIds?: readonly string[]; listEntryIds?: readonly number[] },
): ReplaceSet {
  const rows = v1FieldValueRows(values, ctx);
  const owners = new Map<string, Row>();
  const add = (fieldId: string, listEntryId: number): void => {
    owners.set(`${fieldId}\u0000${listEntryId}`, {
      field_id: fieldId,
      entity_type: ctx.entityType,
      entity_id: ctx.entityId,
      list_entry_id: listEntryId,
    });
  };
  const entries = [0, ...(ctx.listEntryIds ?? [])];
  for (const f of ctx.fieldIds ?? []) for (const e of entries) add(f, e);
  for (const fv of values) add(v1FieldId(fv.field_id), fv.list_entry_id ?? 0);
  return replaceSet(
    'field_values',
    ['field_id', 'entity_type', 'entity_id', 'list_entry_id'],
    [...owners.values()],
    rows,
  );
}
