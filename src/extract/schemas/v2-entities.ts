import { z } from 'zod';
import { idSchema, isoDateTimeSchema, optBool, optDateTime, optId, optInt, optString, optStringArray } from './common.ts';
import { v2FieldSchema } from './v2-field-values.ts';

/** `fields` is empty/absent unless the request selected fields (`fieldIds` / `fieldTypes`). */
const fieldsSchema = z.array(v2FieldSchema).nullish();

/** `/v2/companies` items (docs/contract.md §7.2). */
export const v2CompanySchema = z.looseObject({
  id: idSchema,
  name: z.string(),
  domain: optString,
  domains: optStringArray,
  isGlobal: optBool,
  fields: fieldsSchema,
});
export type V2Company = z.infer<typeof v2CompanySchema>;

/** `/v2/persons` items. */
export const v2PersonSchema = z.looseObject({
  id: idSchema,
  firstName: optString,
  lastName: optString,
  primaryEmailAddress: optString,
  emailAddresses: optStringArray,
  type: optString, // internal | external (+ collaborator in PersonData)
  fields: fieldsSchema,
});
export type V2Person = z.infer<typeof v2PersonSchema>;

/**
 * `/v2/opportunities` items. The service may return PARTIAL records (docs/contract.md §0), so
 * only `id` is required; the full row comes from the opportunity's list entry.
 */
export const v2OpportunitySchema = z.looseObject({
  id: idSchema,
  name: optString,
  listId: optId,
  listName: optString,
  isRedacted: optBool,
  isRestricted: optBool,
  fields: fieldsSchema,
});
export type V2Opportunity = z.infer<typeof v2OpportunitySchema>;

/** `/v2/lists` items (`ListWithType`). `type` stays open: a new list kind must not break the sweep. */
export const v2ListSchema = z.looseObject({
  id: idSchema,
  name: z.string(),
  type: z.string(),
  isPublic: optBool,
  ownerId: optId,
  creatorId: optId,
  createdAt: optDateTime,
});
export type V2List = z.infer<typeof v2ListSchema>;

/** `/v2/{companies|persons}/{id}/lists` items (`List`: no `type`). */
export const v2ListSummarySchema = v2ListSchema.extend({ type: optString });
export type V2ListSummary = z.infer<typeof v2ListSummarySchema>;

const listEntryBase = {
  id: idSchema,
  listId: idSchema,
  createdAt: isoDateTimeSchema,
  creatorId: optId,
  listName: optString,
};

/**
 * `/v2/lists/{listId}/list-entries` items (`ListEntryWithEntity`), discriminated by `type`;
 * field data (list fields included) sits under `entity.fields`.
 */
export const v2ListEntryWithEntitySchema = z.discriminatedUnion('type', [
  z.looseObject({ ...listEntryBase, type: z.literal('company'), entity: v2CompanySchema }),
  z.looseObject({ ...listEntryBase, type: z.literal('person'), entity: v2PersonSchema }),
  z.looseObject({ ...listEntryBase, type: z.literal('opportunity'), entity: v2OpportunitySchema }),
]);
export type V2ListEntryWithEntity = z.infer<typeof v2ListEntryWithEntitySchema>;
export type V2CompanyListEntry = Extract<V2ListEntryWithEntity, { type: 'company' }>;
export type V2PersonListEntry = Extract<V2ListEntryWithEntity, { type: 'person' }>;
export type V2OpportunityListEntry = Extract<V2ListEntryWithEntity, { type: 'opportunity' }>;

/** `/v2/{companies|persons}/{id}/list-entries` items: top-level `fields`, no `entity`. */
export const v2ListEntrySchema = z.looseObject({
  ...listEntryBase,
  fields: z.array(v2FieldSchema).nullish(),
});
export type V2ListEntry = z.infer<typeof v2ListEntrySchema>;

/** `/v2/lists/{listId}/saved-views` items. */
export const v2SavedViewSchema = z.looseObject({
  id: idSchema,
  name: z.string(),
  type: optString, // sheet | board | dashboard
  createdAt: optDateTime,
  listId: optId,
  isDefault: optBool,
  entityCount: optInt,
});
export type V2SavedView = z.infer<typeof v2SavedViewSchema>;
