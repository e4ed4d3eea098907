import { emptyBatch, type RowBatch } from '../load/schema/row-batch.ts';
import { v2FieldValueSchema, type V2FieldValueChange } from '../extract/schemas/index.ts';
import { ASSOCIATION_FIELD_IDS, valueRows, type FieldValueRow } from './field-values.ts';
import { replaceSet } from './rows.ts';
import type { EntityType } from './rows.ts';

/**
 * Applying the change log directly: a change to a single-valued field carries the cell's new value
 * (the old one on delete), in the same shape a read returns plus `referenceType`. Such a change is
 * written to `field_values` as the read would write it, and needs no re-read. What cannot be applied
 * exactly is left for a targeted re-read: multi-valued cells (a change carries one element, not the
 * cell or its order), references to deleted records, unknown types, and the association fields, whose
 * home is the association tables (never `field_values`): the re-read replaces or tops up their sets.
 * The change row itself is stored either way: the log is history, not current state.
 */
const APPLICABLE = new Set(['text', 'filterable-text', 'number', 'datetime', 'location', 'dropdown', 'ranked-dropdown', 'person', 'company']);
const ENTITY_TYPES = new Set<EntityType>(['company', 'person', 'opportunity']);

/**
 * A change's value as a read would give it: a reference (`referenceType: "entity"`) without that marker;
 * a reference to a deleted record (`deleted-entity`, no record shape) is not a cell value.
 */
export function cellData(change: Pick<V2FieldValueChange, 'value'>): { ok: true; data: unknown } | { ok: false } {
  const v = change.value as unknown;
  if (v !== null && typeof v === 'object' && !Array.isArray(v) && 'referenceType' in v) {
    const { referenceType, ...rest } = v as Record<string, unknown>;
    return referenceType === 'entity' ? { ok: true, data: rest } : { ok: false };
  }
  return { ok: true, data: v ?? null };
}

/** The rows for one change, or null when it must be re-read instead. */
export function applyChange(change: V2FieldValueChange): RowBatch | null {
  const type = change.type ?? null;
  const entityType = change.field.entityType as EntityType | null | undefined;
  if (!type || !APPLICABLE.has(type) || ASSOCIATION_FIELD_IDS.has(change.field.id)) return null;
  if (!entityType || !ENTITY_TYPES.has(entityType)) return null;
  const d = cellData(change);
  if (!d.ok) return null;
  const owner = {
    entityType,
    entityId: change.entity.id,
    listEntryId: change.listEntry?.id ?? 0,
    listId: change.listEntry?.listId ?? null,
  };
  const parsed = v2FieldValueSchema.safeParse({ type, data: change.actionType === 'delete' ? null : d.data });
  if (!parsed.success) return null;
  const b = emptyBatch();
  b.replace.push(
    replaceSet(
      'field_values',
      ['field_id', 'entity_type', 'entity_id', 'list_entry_id'],
      [{ field_id: change.field.id, entity_type: owner.entityType, entity_id: owner.entityId, list_entry_id: owner.listEntryId }],
      valueRows(change.field.id, parsed.data, owner),
    ),
  );
  return b;
}

/** Multi-valued types whose change rows carry one element each (added or removed). */
const MULTI_EDITABLE = new Set(['filterable-text-multi', 'number-multi', 'location-multi', 'dropdown-multi', 'person-multi', 'company-multi']);

/** One element added to or removed from a multi-valued cell (plain data; applied by the runner). */
export interface CellEdit {
  fieldId: string;
  entityType: EntityType;
  entityId: number;
  listEntryId: number;
  listId: number | null;
  valueType: string;
  action: 'add' | 'delete';
  element: unknown;
}

/** The cell edit a multi-valued change stands for, or null when it must be re-read instead. */
export function multiCellEdit(change: V2FieldValueChange): CellEdit | null {
  const type = change.type ?? null;
  const entityType = change.field.entityType as EntityType | null | undefined;
  if (!type || !MULTI_EDITABLE.has(type) || ASSOCIATION_FIELD_IDS.has(change.field.id)) return null;
  if (!entityType || !ENTITY_TYPES.has(entityType)) return null;
  if (change.actionType !== 'add' && change.actionType !== 'delete') return null;
  const d = cellData(change);
  if (!d.ok || d.data === null || d.data === undefined) return null;
  return {
    fieldId: change.field.id,
    entityType,
    entityId: change.entity.id,
    listEntryId: change.listEntry?.id ?? 0,
    listId: change.listEntry?.listId ?? null,
    valueType: type,
    action: change.actionType,
    element: d.data,
  };
}

/** Identity of an element: references by id, everything else by value (keys sorted). */
function elementKey(e: unknown): string {
  if (e !== null && typeof e === 'object') {
    const o = e as Record<string, unknown>;
    if (typeof o.id === 'number') return `id:${o.id}`;
    if (typeof o.dropdownOptionId === 'number') return `opt:${o.dropdownOptionId}`;
    return JSON.stringify(
      Object.keys(o)
        .sort()
        .map((k) => [k, o[k]]),
    );
  }
  return JSON.stringify(e);
}

/**
 * The cell's rows after an edit, from its current rows' `value_json` (ordered by value_index). An add
 * appends (the service keeps elements in the order they were added); a delete removes the element.
 * Applying an edit twice changes nothing the second time.
 */
export function editCellRows(currentValueJson: readonly string[], edit: CellEdit): FieldValueRow[] {
  const elements = currentValueJson.map((j): unknown => JSON.parse(j));
  const key = elementKey(edit.element);
  const at = elements.findIndex((e) => elementKey(e) === key);
  if (edit.action === 'add' && at < 0) elements.push(edit.element);
  if (edit.action === 'delete' && at >= 0) elements.splice(at, 1);
  const parsed = v2FieldValueSchema.safeParse({ type: edit.valueType, data: elements.length > 0 ? elements : null });
  if (!parsed.success) throw new Error(`cell edit of ${edit.fieldId} does not validate: ${parsed.error.message}`);
  return valueRows(edit.fieldId, parsed.data, { entityType: edit.entityType, entityId: edit.entityId, listEntryId: edit.listEntryId, listId: edit.listId });
}
