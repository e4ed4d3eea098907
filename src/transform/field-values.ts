import type { ReplaceSetOf, RowOf } from '../load/schema/row-batch.ts';
import {
  asKnownValue,
  v2FieldValueSchema,
  type KnownFieldValue,
  type V2Field,
  type V2FieldValue,
  type V2InteractionData,
  type V2Location,
} from '../extract/schemas/index.ts';
import { fullName, htmlToText, replaceSet, toJson, type EntityType } from './rows.ts';
import { normalizeTimestamp } from './timestamps.ts';

/**
 * /v2 field values → `field_values` rows (docs/warehouse.md). One row per value: a multi-valued cell
 * gives `value_index` 0..n-1, an empty cell (null data, `[]`) gives no row, a value type this code does
 * not know gives one row with only `value_json`. `value_json` is the row's value alone: the `data` of a
 * single-valued cell, one element of a multi-valued one (the type is `value_type`; siblings such as
 * `totalCount` stay in the record's `_raw`). A change row holds the same JSON and the same typed columns
 * for the same value (field-value-changes.ts). The association fields (`companies`, `persons`) give no
 * rows: their home is the association tables (ASSOCIATION_FIELD_IDS).
 */

/** One `field_values` row. */
export type FieldValueRow = RowOf<'field_values'>;

/** Where the values sit: on the entity (`listEntryId` 0/absent) or on one of its list entries. */
export interface FieldValueOwner {
  entityType: EntityType;
  entityId: number;
  listEntryId?: number | null;
  listId?: number | null;
}

/** Typed columns of one value; `value_json` and the key columns are added by the caller. */
export interface TypedColumns {
  value_text: string | null;
  value_number: number | null;
  value_date: string | null;
  ref_id: number | null;
}

const NO_TYPED: TypedColumns = { value_text: null, value_number: null, value_date: null, ref_id: null };

/** Field types whose values belong to the entity itself (`list_entry_id = 0`). */
export const ENTITY_LEVEL_FIELD_TYPES: ReadonlySet<string> = new Set(['global', 'enriched', 'relationship-intelligence']);

export function isMultiValueType(valueType: string): boolean {
  return valueType.endsWith('-multi');
}

/** "city, state, country" (the parts that are set); street/continent only when nothing else is. */
export function locationText(loc: Partial<V2Location> | null | undefined): string | null {
  if (!loc) return null;
  const parts = [loc.city, loc.state, loc.country].filter((p): p is string => typeof p === 'string' && p.trim() !== '');
  if (parts.length > 0) return parts.join(', ');
  const fallback = [loc.streetAddress, loc.continent].filter((p): p is string => typeof p === 'string' && p.trim() !== '');
  return fallback.length > 0 ? fallback.join(', ') : null;
}

function interactionColumns(i: V2InteractionData): TypedColumns {
  // Emails and chat messages happen at `sentAt`, meetings and calls at `startTime`.
  const r = i as { sentAt?: unknown; startTime?: unknown };
  const when = typeof r.sentAt === 'string' ? r.sentAt : typeof r.startTime === 'string' ? r.startTime : null;
  return { ...NO_TYPED, value_text: i.type, value_date: normalizeTimestamp(when), ref_id: i.id };
}

/** A note value's text: its `content.html` as plain text (the value is shaped like a `/v2/notes` item); null without one. */
function noteText(note: object): string | null {
  const content = (note as { content?: unknown }).content;
  const html = typeof content === 'object' && content !== null ? (content as { html?: unknown }).html : undefined;
  return typeof html === 'string' ? htmlToText(html) : null;
}

/**
 * The cells of a known value: `[element data, typed columns]` per row. Empty → `[]`.
 * The switch is exhaustive over KnownFieldValue, so a new known type cannot be forgotten here.
 */
function knownCells(v: KnownFieldValue): Array<[unknown, TypedColumns]> {
  if (v.data === null || v.data === undefined) return [];
  const one = (data: unknown, c: Partial<TypedColumns>): Array<[unknown, TypedColumns]> => [[data, { ...NO_TYPED, ...c }]];
  switch (v.type) {
    case 'text':
    case 'filterable-text':
      return one(v.data, { value_text: v.data });
    case 'filterable-text-multi':
      return v.data.map((t) => [t, { ...NO_TYPED, value_text: t }]);
    case 'number':
      return one(v.data, { value_number: v.data });
    case 'number-multi':
      return v.data.map((n) => [n, { ...NO_TYPED, value_number: n }]);
    case 'datetime':
      return one(v.data, { value_date: normalizeTimestamp(v.data) });
    case 'location':
      return one(v.data, { value_text: locationText(v.data) });
    case 'location-multi':
      return v.data.map((l) => [l, { ...NO_TYPED, value_text: locationText(l) }]);
    case 'dropdown':
      return one(v.data, { value_text: v.data.text ?? null, ref_id: v.data.dropdownOptionId });
    case 'dropdown-multi':
      return v.data.map((d) => [d, { ...NO_TYPED, value_text: d.text ?? null, ref_id: d.dropdownOptionId }]);
    case 'ranked-dropdown':
      return one(v.data, { value_text: v.data.text ?? null, value_number: v.data.rank ?? null, ref_id: v.data.dropdownOptionId });
    case 'person':
      return one(v.data, { value_text: fullName(v.data.firstName, v.data.lastName, v.data.primaryEmailAddress), ref_id: v.data.id });
    case 'person-multi':
      return v.data.map((p) => [p, { ...NO_TYPED, value_text: fullName(p.firstName, p.lastName, p.primaryEmailAddress), ref_id: p.id }]);
    case 'company':
      return one(v.data, { value_text: v.data.name ?? null, ref_id: v.data.id });
    case 'company-multi':
      return v.data.map((c) => [c, { ...NO_TYPED, value_text: c.name ?? null, ref_id: c.id }]);
    case 'formula-number':
      // A formula with no result is an empty cell, like a null number.
      return v.data.calculatedValue === null || v.data.calculatedValue === undefined ? [] : one(v.data, { value_number: v.data.calculatedValue });
    case 'interaction':
      return [[v.data, interactionColumns(v.data)]];
    case 'list-multi':
      return v.data.map((l) => [l, { ...NO_TYPED, value_text: l.name ?? null, ref_id: l.id }]);
    case 'note':
      // The note's text, as a reminder value gives its content: readable in a list view, not a JSON blob.
      return one(v.data, { value_text: noteText(v.data), ref_id: v.data.id });
    case 'reminder':
      return one(v.data, { value_text: v.data.content ?? null, value_date: normalizeTimestamp(v.data.dueDate), ref_id: v.data.id });
    default: {
      const never: never = v;
      return never;
    }
  }
}

/** Key columns shared by every row of one owner. */
function keyColumns(fieldId: string, owner: FieldValueOwner) {
  return {
    field_id: fieldId,
    entity_type: owner.entityType,
    entity_id: owner.entityId,
    list_entry_id: owner.listEntryId ?? 0,
    list_id: owner.listEntryId ? (owner.listId ?? null) : null,
  };
}

/** Rows of one value (already keyed by field and owner). */
export function valueRows(fieldId: string, value: V2FieldValue, owner: FieldValueOwner): FieldValueRow[] {
  const key = keyColumns(fieldId, owner);
  const known = asKnownValue(value);
  if (!known) {
    if (value.data === null || value.data === undefined) return [];
    return [{ ...key, value_index: 0, value_type: value.type, value_json: toJson(value.data), ...NO_TYPED }];
  }
  // value_json is the bare value of the row (one element of a multi-valued cell); its type is value_type.
  // field_value_changes.value_json holds the same shape for the same value (docs/warehouse.md, "Notes per table": "One value, one shape").
  return knownCells(known).map(([data, typed], i) => ({
    ...key,
    value_index: i,
    value_type: known.type,
    value_json: toJson(data),
    ...typed,
  }));
}

/**
 * The typed columns a `field_values` row of one element of a `type` value has: what a change row
 * carrying that element (a change to a multi-valued cell carries one) stores beside its JSON. A value
 * that does not validate as its type (or an unknown type) gets none.
 */
export function elementTypedColumns(type: string, element: unknown): TypedColumns {
  if (element === null || element === undefined) return NO_TYPED;
  const parsed = v2FieldValueSchema.safeParse({ type, data: isMultiValueType(type) ? [element] : element });
  const known = parsed.success ? asKnownValue(parsed.data) : null;
  return (known && knownCells(known)[0]?.[1]) ?? NO_TYPED;
}

/** Rows of one v2 field on an owner. */
export function v2FieldValueRows(field: V2Field, owner: FieldValueOwner): FieldValueRow[] {
  return valueRows(field.id, field.value, owner);
}

/**
 * The association fields (`companies`, `persons`; docs/contract.md §5) have one home: `company_persons` /
 * `opportunity_persons` / `opportunity_companies`, which hold the complete sets (a single-record read
 * tops up a cell the service cut at 100). They are never stored in `field_values`: a copy there was whole
 * for most records and missing for the cut ones (one concept, two homes that disagreed). The owner's
 * `field_values` set is still replaced, so a copy written before migration 010 goes with the next read.
 */
export const ASSOCIATION_FIELD_IDS: ReadonlySet<string> = new Set(['companies', 'persons']);

export function v2FieldsToRows(fields: readonly V2Field[], owner: FieldValueOwner): FieldValueRow[] {
  return fields.filter((f) => !ASSOCIATION_FIELD_IDS.has(f.id)).flatMap((f) => v2FieldValueRows(f, owner));
}

export interface FieldSelection {
  /**
   * The request selected fields (`fieldIds` / `fieldTypes`). Without a selection the service sends
   * `fields` empty or absent, so an empty array only means "no fields" when this is true. With a
   * selection every selected field comes back, an empty one with `data: null`.
   */
  fieldsRequested?: boolean;
}

/** Whether a `fields` member says anything about the owner's values (see FieldSelection). */
export function fieldsKnown(fields: readonly V2Field[] | null | undefined, opts: FieldSelection = {}): fields is readonly V2Field[] {
  if (fields === null || fields === undefined) return false;
  return fields.length > 0 || opts.fieldsRequested === true;
}

/**
 * An entity's own values (global, enriched, relationship-intelligence), replaced whole:
 * scope `[entity_type, entity_id, list_entry_id]`, owner `list_entry_id: 0`. Null when the record
 * says nothing about its fields (absent, or empty without a field selection): nothing is replaced.
 * The caller must select every entity-level field type it loads, or values of the others vanish.
 */
export function entityFieldValuesReplace(
  fields: readonly V2Field[] | null | undefined,
  owner: { entityType: EntityType; entityId: number },
  opts: FieldSelection = {},
): ReplaceSetOf<'field_values'> | null {
  if (!fieldsKnown(fields, opts)) return null;
  const o: FieldValueOwner = { entityType: owner.entityType, entityId: owner.entityId, listEntryId: 0 };
  return replaceSet(
    'field_values',
    ['entity_type', 'entity_id', 'list_entry_id'],
    [{ entity_type: owner.entityType, entity_id: owner.entityId, list_entry_id: 0 }],
    v2FieldsToRows(fields, o),
  );
}

/**
 * A list entry's values, replaced whole: scope `[list_entry_id]`. On company/person entries the
 * entity-level fields (global/enriched/RI) are left out — they belong to the entity and are owned by
 * the companies/persons streams. On opportunity entries every field is kept: the entry is the
 * opportunity's only source of field data. Null when the entry says nothing about its fields.
 */
export function listEntryFieldValuesReplace(
  fields: readonly V2Field[] | null | undefined,
  owner: { entityType: EntityType; entityId: number; listEntryId: number; listId: number },
  opts: FieldSelection = {},
): ReplaceSetOf<'field_values'> | null {
  if (!fieldsKnown(fields, opts)) return null;
  const keep = owner.entityType === 'opportunity' ? fields : fields.filter((f) => !ENTITY_LEVEL_FIELD_TYPES.has(f.type ?? ''));
  return replaceSet('field_values', ['list_entry_id'], [{ list_entry_id: owner.listEntryId }], v2FieldsToRows(keep, owner));
}

/**
 * True when a multi value may be cut short upstream: association fields (`companies`, `persons`) and
 * other `*-multi` values hold at most 100 items, and 2026-09 values say `totalCount`. A cut association
 * set is only added to (entities.ts) and its owner is marked unknown (streams/link-marks.ts, list-entries.ts):
 * the planner reads marks, never cells, and the single read that completes the set consumes the mark.
 */
export function isTruncated(value: V2FieldValue | readonly unknown[] | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  if (Array.isArray(value)) return value.length >= 100;
  const v = value as V2FieldValue & { totalCount?: number | null };
  if (!Array.isArray(v.data)) return false;
  const n = v.data.length;
  return n >= 100 || (typeof v.totalCount === 'number' && v.totalCount > n);
}
