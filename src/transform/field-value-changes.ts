import type { RowBatch } from '../load/schema/row-batch.ts';
import type { V1FieldValueChange, V2FieldValueChange } from '../extract/schemas/index.ts';
import { cellData } from './apply-changes.ts';
import { elementTypedColumns, type TypedColumns } from './field-values.ts';
import { v1FieldId } from './field-values-v1.ts';
import { rawJson, single, toJson, type EntityType } from './rows.ts';
import { normalizeTimestamp } from './timestamps.ts';

/** Field value changes (append-only history) → `field_value_changes` rows. */

/** v1 `action_type` → v2 name: 0 add (v1 "create"), 1 delete, 2 update (docs/contract.md §5; ⚠ older docs swap 1/2). */
export function v1ActionType(action: number): string {
  switch (action) {
    case 0:
      return 'add';
    case 1:
      return 'delete';
    case 2:
      return 'update';
    default:
      return `v1-${action}`;
  }
}

/**
 * `/v2/field-value-changes` item (docs/contract.md §7.9). `value_json` has the shape `field_values.value_json` has
 * for the same value: the bare element, a reference without the log's `referenceType: "entity"` marker.
 * A reference to a record deleted since (`deleted-entity`, only a display value) is kept as the log gives it.
 */
export function v2FieldValueChangeRows(change: V2FieldValueChange, raw?: unknown): RowBatch {
  return single('field_value_changes', {
    id: change.id,
    field_id: change.field.id,
    entity_type: change.field.entityType ?? null,
    entity_id: change.entity.id,
    list_entry_id: change.listEntry?.id ?? null,
    list_id: change.listEntry?.listId ?? null,
    action_type: change.actionType,
    changed_at: normalizeTimestamp(change.changedAt),
    changer_id: change.changer?.id ?? null,
    value_type: change.type ?? null,
    value_json: toJson(changeValue(change)),
    // Typed like the field_values row of the same value; a deleted-entity reference has nothing to type.
    ...(change.type ? elementTypedColumns(change.type, cellOrNull(change)) : NO_TYPED),
    _raw: rawJson(raw, change),
  });
}

const NO_TYPED: TypedColumns = { value_text: null, value_number: null, value_date: null, ref_id: null };

function changeValue(change: V2FieldValueChange): unknown {
  const d = cellData(change);
  return d.ok ? d.data : change.value;
}

function cellOrNull(change: V2FieldValueChange): unknown {
  const d = cellData(change);
  return d.ok ? d.data : null;
}

/**
 * Typed columns of a value from the older change log (used only when the `/v2` one is refused): v1
 * dropdown values are `{id, text, rank}` and person / company values bare ids; text, numbers, dates and
 * locations are typed as `/v2` values are.
 */
function v1TypedColumns(valueType: string | null | undefined, value: unknown): TypedColumns {
  if (!valueType) return NO_TYPED;
  const base = valueType.replace(/-multi$/, '');
  if ((base === 'dropdown' || base === 'ranked-dropdown') && value !== null && typeof value === 'object') {
    const o = value as { id?: unknown; text?: unknown; rank?: unknown };
    if (typeof o.id !== 'number') return NO_TYPED;
    const rank = base === 'ranked-dropdown' && typeof o.rank === 'number' ? o.rank : null;
    return { ...NO_TYPED, value_text: typeof o.text === 'string' ? o.text : null, ref_id: o.id, value_number: rank };
  }
  if (base === 'person' || base === 'company') return typeof value === 'number' ? { ...NO_TYPED, ref_id: value } : NO_TYPED;
  return elementTypedColumns(valueType, value);
}

export interface V1ChangeContext {
  /** Which entity kind the request was scoped to / the field belongs to, when known. */
  entityType?: EntityType | null;
  /** The field's v2 value type name (from the fields stream), when known. */
  valueType?: string | null;
  /** The list of `list_entry_id`, when known. */
  listId?: number | null;
}

/** v1 `GET /field-value-changes` item: int action → name, local offset → UTC, field id → `field-<n>`. */
export function v1FieldValueChangeRows(change: V1FieldValueChange, ctx: V1ChangeContext = {}, raw?: unknown): RowBatch {
  return single('field_value_changes', {
    id: change.id,
    field_id: v1FieldId(change.field_id),
    entity_type: ctx.entityType ?? null,
    entity_id: change.entity_id,
    list_entry_id: change.list_entry_id ?? null,
    list_id: change.list_entry_id ? (ctx.listId ?? null) : null,
    action_type: v1ActionType(change.action_type),
    changed_at: normalizeTimestamp(change.changed_at),
    changer_id: change.changer?.id ?? null,
    value_type: ctx.valueType ?? null,
    value_json: toJson(change.value),
    ...v1TypedColumns(ctx.valueType, change.value),
    _raw: rawJson(raw, change),
  });
}
