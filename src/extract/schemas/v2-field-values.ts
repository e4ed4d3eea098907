import { z } from 'zod';
import {
  fieldIdSchema,
  idSchema,
  isoDateTimeSchema,
  optDateTime,
  optInt,
  optNumber,
  optString,
  v2AttendeeSchema,
  v2CompanyDataSchema,
  v2LocationSchema,
  v2PersonDataSchema,
} from './common.ts';

/**
 * /v2 field values (`Field.value`, docs/contract.md §7.6): `{type, data}` discriminated by `type`.
 * Every type the reference lists is validated (ids strictly, the rest generously); a type we do
 * not know yet is accepted as `{type, data: unknown}` so a new API version never quarantines a
 * record — the transform stores it as JSON only.
 */

const dropdownSchema = z.looseObject({ dropdownOptionId: idSchema, text: optString });
const rankedDropdownSchema = z.looseObject({
  dropdownOptionId: idSchema,
  text: optString,
  rank: optNumber,
  // /v2 sends a colour name ("gray"); v1-shaped data uses an integer.
  color: z.union([z.string(), z.number()]).nullish(),
});

/** Interaction objects inside an `interaction` value (discriminated by their own `type`). */
const emailInteraction = z.looseObject({
  type: z.literal('email'),
  id: idSchema,
  subject: optString,
  sentAt: isoDateTimeSchema,
  from: v2AttendeeSchema.nullish(),
  to: z.array(v2AttendeeSchema).nullish(),
  cc: z.array(v2AttendeeSchema).nullish(),
});
const meetingInteraction = z.looseObject({
  type: z.literal('meeting'),
  id: idSchema,
  title: optString,
  allDay: z.boolean().nullish(),
  startTime: isoDateTimeSchema,
  endTime: optDateTime,
  attendees: z.array(v2AttendeeSchema).nullish(),
});
const callInteraction = z.looseObject({
  type: z.literal('call'),
  id: idSchema,
  startTime: isoDateTimeSchema,
  attendees: z.array(v2AttendeeSchema).nullish(),
});
const chatMessageInteraction = z.looseObject({
  type: z.literal('chat-message'),
  id: idSchema,
  direction: optString,
  sentAt: isoDateTimeSchema,
  manualCreator: v2PersonDataSchema.nullish(),
  participants: z.array(v2PersonDataSchema).nullish(),
});
/** A future interaction kind: keep it, we still know its id. */
const otherInteraction = z.looseObject({
  type: z.string(),
  id: idSchema,
  sentAt: optDateTime,
  startTime: optDateTime,
});
export const v2InteractionDataSchema = z.union([
  z.discriminatedUnion('type', [emailInteraction, meetingInteraction, callInteraction, chatMessageInteraction]),
  otherInteraction,
]);
export type V2InteractionData = z.infer<typeof v2InteractionDataSchema>;

/** One variant: `{type: <literal>, data: <data> | null}`; 2026-09 multi values add `totalCount`. */
function variant<T extends string, D extends z.ZodType>(type: T, data: D) {
  return z.looseObject({ type: z.literal(type), data: data.nullable(), totalCount: optInt });
}

export const knownFieldValueSchema = z.discriminatedUnion('type', [
  variant('text', z.string()),
  variant('filterable-text', z.string()),
  variant('filterable-text-multi', z.array(z.string())),
  variant('number', z.number()),
  variant('number-multi', z.array(z.number())),
  variant('datetime', isoDateTimeSchema),
  variant('location', v2LocationSchema),
  variant('location-multi', z.array(v2LocationSchema)),
  variant('dropdown', dropdownSchema),
  variant('dropdown-multi', z.array(dropdownSchema)),
  variant('ranked-dropdown', rankedDropdownSchema),
  variant('person', v2PersonDataSchema),
  variant('person-multi', z.array(v2PersonDataSchema)),
  variant('company', v2CompanyDataSchema),
  variant('company-multi', z.array(v2CompanyDataSchema)),
  variant('formula-number', z.looseObject({ calculatedValue: optNumber })),
  variant('interaction', v2InteractionDataSchema),
  // 2026-09-17 additions.
  variant('list-multi', z.array(z.looseObject({ id: idSchema, name: optString, type: optString, entityCount: optInt }))),
  variant('note', z.looseObject({ id: idSchema })),
  variant('reminder', z.looseObject({ id: idSchema, type: optString, content: optString, dueDate: optDateTime, createdAt: optDateTime })),
]);
export type KnownFieldValue = z.infer<typeof knownFieldValueSchema>;
export type KnownValueType = KnownFieldValue['type'];

export const KNOWN_VALUE_TYPES: ReadonlySet<string> = new Set<KnownValueType>([
  'text',
  'filterable-text',
  'filterable-text-multi',
  'number',
  'number-multi',
  'datetime',
  'location',
  'location-multi',
  'dropdown',
  'dropdown-multi',
  'ranked-dropdown',
  'person',
  'person-multi',
  'company',
  'company-multi',
  'formula-number',
  'interaction',
  'list-multi',
  'note',
  'reminder',
]);

/** A value type this code does not know (e.g. `hidden`): kept as opaque data. */
export const unknownFieldValueSchema = z.looseObject({
  type: z.string().refine((t) => !KNOWN_VALUE_TYPES.has(t), { message: 'known value type with malformed data' }),
  data: z.unknown(),
});
export type UnknownFieldValue = z.infer<typeof unknownFieldValueSchema>;

export const v2FieldValueSchema = z.union([knownFieldValueSchema, unknownFieldValueSchema]);
export type V2FieldValue = z.infer<typeof v2FieldValueSchema>;

/** Narrow a validated value: the union guarantees a known `type` matched its typed variant. */
export function asKnownValue(value: V2FieldValue): KnownFieldValue | null {
  return KNOWN_VALUE_TYPES.has(value.type) ? (value as KnownFieldValue) : null;
}

/** A field with its value, on an entity or under a list entry's `entity.fields`. */
export const v2FieldSchema = z.looseObject({
  id: fieldIdSchema,
  name: optString,
  type: optString, // enriched | global | list | relationship-intelligence (+ hidden later)
  enrichmentSource: optString,
  value: v2FieldValueSchema,
});
export type V2Field = z.infer<typeof v2FieldSchema>;

/** Field metadata (`/v2/companies/fields`, `/v2/lists/{id}/fields`). `valueType` stays open. */
export const v2FieldMetadataSchema = z.looseObject({
  id: fieldIdSchema,
  name: z.string(),
  type: optString,
  enrichmentSource: optString,
  valueType: z.string(),
  createdAt: optDateTime,
  description: optString,
  isRequired: z.boolean().nullish(),
});
export type V2FieldMetadata = z.infer<typeof v2FieldMetadataSchema>;

/** `…/fields/{fieldId}/dropdown-options` items. */
export const v2DropdownOptionSchema = z.looseObject({
  id: idSchema,
  text: z.string(),
  rank: optNumber,
  color: z.union([z.string(), z.number()]).nullish(),
});
export type V2DropdownOption = z.infer<typeof v2DropdownOptionSchema>;

/** `/v2/field-value-changes` (docs/contract.md §7.9). `value` shape depends on `type`: kept opaque. */
export const v2FieldValueChangeSchema = z.looseObject({
  id: idSchema,
  type: optString,
  actionType: z.string(),
  changedAt: isoDateTimeSchema,
  field: z.looseObject({ id: fieldIdSchema, name: optString, type: optString, entityType: optString }),
  entity: z.looseObject({ id: idSchema }),
  listEntry: z.looseObject({ id: idSchema, listId: idSchema.nullish() }).nullish(),
  changer: z.looseObject({ id: idSchema }).nullish(),
  value: z.unknown(),
});
export type V2FieldValueChange = z.infer<typeof v2FieldValueChangeSchema>;
