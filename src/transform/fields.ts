import { addFills, emptyBatch, type ReplaceSetOf, type RowBatch } from '../load/schema/row-batch.ts';
import { V1_NO_ENRICHMENT, type V1DropdownOption, type V1Field, type V2DropdownOption, type V2FieldMetadata } from '../extract/schemas/index.ts';
import { v1FieldId, v1ValueTypeName } from './field-values-v1.ts';
import { addUpsert, rawJson, replaceSet, single, v1EntityTypeName } from './rows.ts';

/**
 * Field metadata (v2 and v1) → `fields` rows (one per field id) and `field_scopes` rows (one per entity
 * type or list that defines it); dropdown options → `dropdown_options` (replaced per field).
 */

/** `field-751` → 751 (the v1 id, per the SDK's conversion); null for non-custom ids. */
export function v1IdOf(fieldId: string): number | null {
  const m = /^field-(\d+)$/.exec(fieldId);
  return m ? Number(m[1]) : null;
}

export interface FieldContext {
  /** The list whose `/fields` endpoint returned it (only list-type fields get it). */
  listId?: number | null;
  /** `company` for `/v2/companies/fields`, `person` for `/v2/persons/fields`, the list's type for list fields. */
  entityType?: string | null;
}

/**
 * v2 field metadata. `allows_multiple` follows from the value type (`*-multi`); `track_changes` is
 * v1-only and left untouched. `/v2/lists/{id}/fields` also returns global fields: those keep
 * `list_id` null so two endpoints do not fight over one row.
 *
 * A custom field (`field-123`) has exactly one definition, so its `fields` row carries its type, entity
 * type, list and `_raw`. A system id (`affinity-data-location`, `first-email`, `persons`, ...) is defined
 * once per entity type or list, and the partitions that return it run concurrently: its `fields` row
 * gets only the members every definition shares (name, value type, enrichment source), or it would hold
 * whichever definition was read last. Every definition, custom or system, is one `field_scopes` row.
 */
export function v2FieldRows(field: V2FieldMetadata, ctx: FieldContext = {}, raw?: unknown): RowBatch {
  const isList = field.type === 'list';
  const v1Id = v1IdOf(field.id);
  const listId = isList ? (ctx.listId ?? null) : null;
  const b = single('fields', {
    id: field.id,
    v1_id: v1Id,
    name: field.name,
    value_type: field.valueType,
    enrichment_source: field.enrichmentSource ?? null,
    allows_multiple: field.valueType.endsWith('-multi'),
    ...(v1Id === null
      ? {}
      : {
          type: field.type ?? null,
          entity_type: ctx.entityType === undefined ? undefined : ctx.entityType,
          list_id: listId,
          _raw: rawJson(raw, field),
        }),
  });
  if (ctx.entityType) {
    addUpsert(b, 'field_scopes', {
      field_id: field.id,
      entity_type: ctx.entityType,
      list_id: listId ?? 0,
      type: field.type ?? null,
      definition_json: rawJson(raw, field),
    });
  }
  return b;
}

/** v1 field type: list fields have a `list_id`, enriched ones a non-"none" source, the rest are global. */
function v1FieldType(field: V1Field): string {
  if (field.list_id !== null && field.list_id !== undefined) return 'list';
  const src = field.enrichment_source;
  if (src !== null && src !== undefined && src !== V1_NO_ENRICHMENT) return 'enriched';
  return 'global';
}

/**
 * v1 `GET /fields` item → fields row (+ dropdown options replaced for the field when present).
 *
 * The v1 value type is coarser than `/v2`'s (a formula field is `number`, `/v2` says `formula-number`),
 * and the two streams sweep on their own schedules (`fields` spread over partitions, `fields_v1` in one
 * call), so the v1 type and record are only fills: they never overwrite what `/v2` wrote, and give a
 * field `/v2` never listed its type and `_raw`.
 */
export function v1FieldRows(field: V1Field, raw?: unknown): RowBatch {
  const id = v1FieldId(field.id);
  const src = field.enrichment_source;
  const b = emptyBatch();
  addUpsert(b, 'fields', {
    id,
    v1_id: field.id,
    name: field.name,
    type: v1FieldType(field),
    entity_type: field.entity_type === undefined ? undefined : v1EntityTypeName(field.entity_type),
    list_id: field.list_id ?? null,
    enrichment_source: src === undefined ? undefined : src === V1_NO_ENRICHMENT ? null : src,
    allows_multiple: field.allows_multiple ?? undefined,
    track_changes: field.track_changes ?? undefined,
  });
  addFills(b, 'fields', [{ id, value_type: v1ValueTypeName(field.value_type, field.allows_multiple), _raw: rawJson(raw, field) }]);
  if (field.dropdown_options) b.replace.push(dropdownOptionsReplace(id, field.dropdown_options));
  return b;
}

/**
 * A field's whole option set (v1 `dropdown_options`, or all pages of v2 `…/dropdown-options`). A colour
 * is an integer in v1 (docs/contract.md §6.5, `"color": 3`) and a name in `/v2` values (§7.6, `"gray"`); no
 * document maps one to the other, so an integer goes to `color_code` and a name to `color`. A source
 * that gives only the integer leaves the stored name (which `/v2` values set: option-colours.ts) while
 * the integer stays the same; a changed integer means the name no longer holds, so it becomes null.
 */
export function dropdownOptionsReplace(fieldId: string, options: ReadonlyArray<V1DropdownOption | V2DropdownOption>): ReplaceSetOf<'dropdown_options'> {
  return {
    ...replaceSet(
      'dropdown_options',
      ['field_id'],
      [{ field_id: fieldId }],
      options.map((o) => ({
        field_id: fieldId,
        id: o.id,
        text: o.text,
        rank: typeof o.rank === 'number' ? Math.round(o.rank) : null,
        // An explicit null says the option has no colour; an absent member says nothing (kept).
        ...(typeof o.color === 'number' || o.color === null ? { color_code: o.color === null ? null : Math.round(o.color) } : {}),
        ...(typeof o.color === 'string' ? { color: o.color } : {}),
      })),
    ),
    keep: { columns: ['color', 'color_code'], unlessChanged: ['color_code'] },
  };
}
