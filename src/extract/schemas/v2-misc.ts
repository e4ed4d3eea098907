import { z } from 'zod';
import { idSchema, optDateTime, optId, optInt, optString, optStringArray } from './common.ts';

/** `/v2/files` items (2026-09-17). Only `id` is keyed on. */
export const v2FileSchema = z.looseObject({
  id: idSchema,
  name: optString,
  size: optInt,
  sizeInBytes: optInt,
  contentType: optString,
  createdAt: optDateTime,
  uploaderId: optId,
  uploader: z.looseObject({ id: idSchema }).nullish(),
  creator: z.looseObject({ id: idSchema }).nullish(),
  personId: optId,
  companyId: optId,
  opportunityId: optId,
});
export type V2File = z.infer<typeof v2FileSchema>;

/** `/v2/users` items (and `WhoAmI.user`). */
export const v2UserSchema = z.looseObject({
  id: idSchema,
  firstName: optString,
  lastName: optString,
  emailAddress: optString,
  type: optString,
});
export type V2User = z.infer<typeof v2UserSchema>;

/** `/v2/teams` items. */
export const v2TeamSchema = z.looseObject({
  id: idSchema,
  name: optString,
  description: optString,
  createdAt: optDateTime,
});
export type V2Team = z.infer<typeof v2TeamSchema>;

/** `/v2/teams/{teamId}/members` items: a user, possibly with a team role. */
export const v2TeamMemberSchema = v2UserSchema.extend({ role: optString });
export type V2TeamMember = z.infer<typeof v2TeamMemberSchema>;

/** `/v2/webhooks` items (docs/contract.md §7.10). */
export const v2WebhookSchema = z.looseObject({
  id: idSchema,
  url: z.string(),
  subscriptions: optStringArray,
  status: optString, // active | disabled
  creator: z.looseObject({ id: idSchema }).nullish(),
  createdAt: optDateTime,
  updatedAt: optDateTime,
});
export type V2Webhook = z.infer<typeof v2WebhookSchema>;

const mergeStateBase = {
  id: idSchema,
  status: z.string(), // in-progress | success | failed
  taskId: optString,
  startedAt: optDateTime,
  completedAt: optDateTime,
  errorMessage: optString,
};

/** `/v2/company-merges` items: the pipeline re-keys duplicate → primary. */
export const v2CompanyMergeSchema = z.looseObject({
  ...mergeStateBase,
  primaryCompanyId: idSchema,
  duplicateCompanyId: idSchema,
});
export type V2CompanyMerge = z.infer<typeof v2CompanyMergeSchema>;

export const v2PersonMergeSchema = z.looseObject({
  ...mergeStateBase,
  primaryPersonId: idSchema,
  duplicatePersonId: idSchema,
});
export type V2PersonMerge = z.infer<typeof v2PersonMergeSchema>;

/** `/v2/tasks/{company|person}-merges` items; the task id is a UUID string. */
export const v2MergeTaskSchema = z.looseObject({
  id: z.string().min(1),
  status: z.string(),
  resultsSummary: z.looseObject({ total: optInt, inProgress: optInt, success: optInt, failed: optInt }).nullish(),
});
export type V2MergeTask = z.infer<typeof v2MergeTaskSchema>;

/** `/v2/auth/whoami`. */
export const v2WhoAmISchema = z.looseObject({
  tenant: z.looseObject({ id: idSchema, name: optString, subdomain: optString }),
  user: v2UserSchema,
  grant: z.looseObject({ type: optString, scopes: optStringArray, createdAt: optDateTime }).nullish(),
});
export type V2WhoAmI = z.infer<typeof v2WhoAmISchema>;

const rateWindow = z.looseObject({
  limit: z.number().nullable(),
  remaining: z.number().nullable(),
  reset: optInt,
  used: optInt,
});
export type RateWindow = z.infer<typeof rateWindow>;

/** `/v2/rate-limit` (beta): `orgPerMonth` absent when no monthly quota applies. */
export const v2RateLimitSchema = z.looseObject({
  callerPerMinute: rateWindow,
  orgPerMonth: rateWindow.nullish(),
});
export type V2RateLimit = z.infer<typeof v2RateLimitSchema>;
