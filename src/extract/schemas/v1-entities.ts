import { z } from 'zod';
import { idSchema, isoDateTimeSchema, optBool, optDateTime, optId, optIdArray, optInt, optString, optStringArray } from './common.ts';

/**
 * v1 ("older interface") core records (docs/contract.md §6.1–6.4). Single reads carry the association id
 * arrays that /v2 does not expose; searches usually do not (so the arrays are optional: absent
 * means "not given", which the transform must not read as "empty").
 */

/** v1 list entry (`list_entries[]` on single reads, `/lists/{id}/list-entries` items). */
export const v1ListEntrySchema = z.looseObject({
  id: idSchema,
  list_id: idSchema,
  creator_id: optId,
  entity_id: idSchema,
  entity_type: optInt, // 0 person, 1 organization, 8 opportunity
  created_at: isoDateTimeSchema,
  entity: z.looseObject({ id: idSchema }).nullish(),
});
export type V1ListEntry = z.infer<typeof v1ListEntrySchema>;

/** `interaction_dates` / `interactions` (only when requested). */
const interactionDates = z.record(z.string(), z.string().nullable()).nullish();
const interactions = z.record(z.string(), z.looseObject({ date: optDateTime, person_ids: optIdArray }).nullable()).nullish();

/** `GET /organizations/{id}` and `/organizations` search items. */
export const v1OrganizationSchema = z.looseObject({
  id: idSchema,
  name: z.string(),
  domain: optString,
  domains: optStringArray,
  global: optBool,
  crunchbase_uuid: optString,
  person_ids: optIdArray,
  opportunity_ids: optIdArray,
  list_entries: z.array(v1ListEntrySchema).nullish(),
  interaction_dates: interactionDates,
  interactions,
});
export type V1Organization = z.infer<typeof v1OrganizationSchema>;

/** `GET /persons/{id}` and `/persons` search items. */
export const v1PersonSchema = z.looseObject({
  id: idSchema,
  type: optInt, // 0 external, 1 internal
  first_name: optString,
  last_name: optString,
  primary_email: optString,
  emails: optStringArray,
  organization_ids: optIdArray,
  opportunity_ids: optIdArray,
  current_organization_ids: optIdArray,
  list_entries: z.array(v1ListEntrySchema).nullish(),
  interaction_dates: interactionDates,
  interactions,
});
export type V1Person = z.infer<typeof v1PersonSchema>;

/** `GET /opportunities/{id}` and `/opportunities` search items (both carry the id arrays). */
export const v1OpportunitySchema = z.looseObject({
  id: idSchema,
  name: optString,
  person_ids: optIdArray,
  organization_ids: optIdArray,
  list_entries: z.array(v1ListEntrySchema).nullish(),
});
export type V1Opportunity = z.infer<typeof v1OpportunitySchema>;

/** `GET /lists` items and `GET /lists/{id}` (which adds `fields`, validated by the caller). */
export const v1ListSchema = z.looseObject({
  id: idSchema,
  type: z.number().int(), // 0 person, 1 organization, 8 opportunity
  name: z.string(),
  public: optBool,
  owner_id: optId,
  creator_id: optId,
  list_size: optInt,
  additional_permissions: z.array(z.looseObject({ internal_person_id: optId, role_id: optInt })).nullish(),
  fields: z.array(z.unknown()).nullish(),
});
export type V1List = z.infer<typeof v1ListSchema>;
