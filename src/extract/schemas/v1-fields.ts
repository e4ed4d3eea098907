import { z } from 'zod';
import { idSchema, isoDateTimeSchema, optBool, optDateTime, optId, optInt, optNumber, optString, v1PersonSummarySchema } from './common.ts';

/**
 * v1 fields, field values and field value changes (docs/contract.md §6.5–6.7). v1 field ids are integers
 * (mapped to `field-<id>` by the transform); a string id is accepted as-is for robustness.
 */
export const v1FieldIdSchema = z.union([idSchema, z.string().min(1)]);

export const v1DropdownOptionSchema = z.looseObject({
  id: idSchema,
  text: z.string(),
  rank: optNumber,
  color: z.union([z.number(), z.string()]).nullish(),
});
export type V1DropdownOption = z.infer<typeof v1DropdownOptionSchema>;

/** `GET /fields`, `/persons/fields`, `/organizations/fields`, `GET /lists/{id}` → `fields`. */
export const v1FieldSchema = z.looseObject({
  id: idSchema,
  name: z.string(),
  list_id: optId, // null ⇒ global field
  entity_type: optInt,
  enrichment_source: optString,
  value_type: z.number().int(), // 0 person … 7 ranked dropdown, 10 filterable text
  allows_multiple: optBool,
  track_changes: optBool,
  dropdown_options: z.array(v1DropdownOptionSchema).nullish(),
});
export type V1Field = z.infer<typeof v1FieldSchema>;

/**
 * `GET /field-values` items. `value` is encoded by the FIELD's value_type (§6.6), which the
 * record itself usually does not say, so it stays opaque here and is decoded by the transform.
 */
export const v1FieldValueSchema = z.looseObject({
  id: idSchema,
  field_id: v1FieldIdSchema,
  entity_id: idSchema,
  list_entry_id: optId,
  entity_type: optInt,
  value_type: optInt,
  created_at: optDateTime,
  updated_at: optDateTime,
  value: z.unknown(),
});
export type V1FieldValue = z.infer<typeof v1FieldValueSchema>;

/** `GET /field-value-changes` items. `action_type`: 0 create, 1 delete, 2 update. */
export const v1FieldValueChangeSchema = z.looseObject({
  id: idSchema,
  field_id: v1FieldIdSchema,
  entity_id: idSchema,
  list_entry_id: optId,
  action_type: z.number().int(),
  changer: v1PersonSummarySchema.nullish(),
  changed_at: isoDateTimeSchema,
  value: z.unknown(),
});
export type V1FieldValueChange = z.infer<typeof v1FieldValueChangeSchema>;

/** v1 `enrichment_source` of custom fields; the transform stores it as null, like /v2. */
export const V1_NO_ENRICHMENT = 'none';
