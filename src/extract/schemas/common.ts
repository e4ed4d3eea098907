import { z } from 'zod';

/**
 * Building blocks shared by the v1 and /v2 schemas.
 *
 * Policy: validate strictly what the pipeline keys on (ids, discriminators, timestamps it
 * normalises); accept everything else as optional/nullable; keep unknown members (loose objects)
 * because the record as received is stored in `_raw` and new API versions add members all the time.
 */

/**
 * ISO-8601 datetime with `Z` or a numeric offset (`-04:00` or `-0400`), seconds and fractions
 * optional. v1 sends local offsets (`2021-10-04T08:54:24.694-04:00`), /v2 sends UTC
 * (`2023-01-01T00:00:00Z`, `2024-04-01T07:00:00.000Z`). RFC 3339 (docs/contract.md §5) also allows
 * lowercase `t` and `z` and a space as the separator. A datetime without a zone is rejected: we could not
 * tell which instant it means.
 */
export const ISO_DATETIME_RE = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s?(Z|z|[+-]\d{2}(?::?\d{2})?)$/;

export const isoDateTimeSchema = z.string().regex(ISO_DATETIME_RE, { message: 'expected an ISO-8601 datetime with Z or a numeric UTC offset' });

/** Integer record id (int64 within the safe-integer range, as /v2 declares). */
export const idSchema = z.number().int().nonnegative();

/** v2 field ids are strings: `field-123`, `affinity-data-location`, `companies`, `last-email`, ... */
export const fieldIdSchema = z.string().min(1);

/** Optional and nullable: the generous default for members the pipeline does not key on. */
export const optString = z.string().nullish();
export const optNumber = z.number().nullish();
export const optInt = z.number().int().nullish();
export const optBool = z.boolean().nullish();
export const optId = idSchema.nullish();
export const optDateTime = isoDateTimeSchema.nullish();
export const optIdArray = z.array(idSchema).nullish();
export const optStringArray = z.array(z.string()).nullish();

// ---------------------------------------------------------------- /v2 embedded shapes

/** /v2 `PersonData` (person summaries inside fields, notes, interactions). */
export const v2PersonDataSchema = z.looseObject({
  id: idSchema,
  firstName: optString,
  lastName: optString,
  primaryEmailAddress: optString,
  type: optString,
});
export type V2PersonData = z.infer<typeof v2PersonDataSchema>;

/** /v2 `CompanyData`. */
export const v2CompanyDataSchema = z.looseObject({
  id: idSchema,
  name: optString,
  domain: optString,
});
export type V2CompanyData = z.infer<typeof v2CompanyDataSchema>;

export const v2LocationSchema = z.looseObject({
  streetAddress: optString,
  city: optString,
  state: optString,
  country: optString,
  continent: optString,
});
export type V2Location = z.infer<typeof v2LocationSchema>;

/** An interaction participant: an email address and the matching person, either may be null. */
export const v2AttendeeSchema = z.looseObject({
  emailAddress: optString,
  person: v2PersonDataSchema.nullish(),
});
export type V2Attendee = z.infer<typeof v2AttendeeSchema>;

export const v2AttendeesPreviewSchema = z.looseObject({
  data: z.array(v2AttendeeSchema).nullish(),
  totalCount: optInt,
});

/** `{data: [...], totalCount}` previews (notes' companiesPreview etc., chat participants). */
export function previewOf<T extends z.ZodType>(item: T) {
  return z.looseObject({ data: z.array(item).nullish(), totalCount: optInt });
}

// ---------------------------------------------------------------- v1 embedded shapes

/** v1 person summary (`creator`, `owner`, `persons`, `from`, list entry `entity`). */
export const v1PersonSummarySchema = z.looseObject({
  id: idSchema,
  type: optInt,
  first_name: optString,
  last_name: optString,
  primary_email: optString,
  emails: optStringArray,
});
export type V1PersonSummary = z.infer<typeof v1PersonSummarySchema>;

export const v1OrganizationSummarySchema = z.looseObject({
  id: idSchema,
  name: optString,
  domain: optString,
  domains: optStringArray,
  crunchbase_uuid: optString,
  global: optBool,
});
export type V1OrganizationSummary = z.infer<typeof v1OrganizationSummarySchema>;
