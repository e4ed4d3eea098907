import type { RowBatch } from '../load/batch.ts';
import type { V1FieldValueChange, V2FieldValueChange } from '../extract/schemas/index.ts';
import { v1FieldId } from './field-values-v1.ts';
import { rawJson, single, toJson, type EntityType } from './rows.ts';
import { normalizeTimestamp } from './timestamps.ts';

/** Field value changes (append-only history) → `field_value_changes` rows. */

/** v1 `action_type` → v2 name: 0 add (v1 "create"), 1 delete, 2 update (API.md §5; ⚠ older docs swap 1/2). */
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

/** `/v2/field-value-changes` item (API.md §7.9). `value` is kept as JSON: its shape depends on `type`. */
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
    value_json: toJson(change.value),
    _raw: rawJson(raw, change),
  });
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
    _raw: rawJson(raw, change),
  });
}
