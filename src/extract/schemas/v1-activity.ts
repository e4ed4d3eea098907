import { z } from 'zod';
import {
  idSchema,
  isoDateTimeSchema,
  optBool,
  optDateTime,
  optId,
  optIdArray,
  optInt,
  optString,
  optStringArray,
  v1OrganizationSummarySchema,
  v1PersonSummarySchema,
} from './common.ts';

/** v1 notes, reminders, interactions, files, relationship strengths, webhooks (docs/contract.md §6.8–6.12). */

/** `GET /notes` items. Replies (`parent_id` set) have empty entity id arrays. */
export const v1NoteSchema = z.looseObject({
  id: idSchema,
  creator_id: optId,
  person_ids: optIdArray,
  associated_person_ids: optIdArray,
  interaction_person_ids: optIdArray,
  mentioned_person_ids: optIdArray,
  organization_ids: optIdArray,
  opportunity_ids: optIdArray,
  interaction_id: optId,
  interaction_type: optInt,
  is_meeting: optBool,
  parent_id: optId,
  content: optString,
  type: optInt, // 0 plain text, 1 email (deprecated), 2 HTML, 3 AI notetaker
  created_at: isoDateTimeSchema,
  updated_at: optDateTime,
});
export type V1Note = z.infer<typeof v1NoteSchema>;

/** `GET /reminders` items; enums are integers (see docs/contract.md §5). */
export const v1ReminderSchema = z.looseObject({
  id: idSchema,
  type: z.number().int(), // 0 one-time, 1 recurring
  created_at: optDateTime,
  completed_at: optDateTime,
  content: optString,
  due_date: optDateTime,
  reset_type: optInt, // 0 interaction, 1 email, 2 meeting
  reminder_days: optInt,
  status: optInt, // 0 completed, 1 active, 2 overdue
  creator: v1PersonSummarySchema.nullish(),
  owner: v1PersonSummarySchema.nullish(),
  completer: v1PersonSummarySchema.nullish(),
  person: v1PersonSummarySchema.nullish(),
  organization: v1OrganizationSummarySchema.nullish(),
  opportunity: z.looseObject({ id: idSchema, name: optString }).nullish(),
});
export type V1Reminder = z.infer<typeof v1ReminderSchema>;

/**
 * `GET /interactions` items (meeting 0, call 1, chat message 2, email 3). Ids are unique only
 * per type. `date` is the event time for every kind.
 */
export const v1InteractionSchema = z.looseObject({
  id: idSchema,
  type: z.number().int(),
  date: optDateTime,
  start_time: optDateTime,
  end_time: optDateTime,
  updated_at: optDateTime,
  title: optString,
  subject: optString,
  attendees: optStringArray,
  manual_creator_id: optId,
  notes: optIdArray,
  persons: z.array(v1PersonSummarySchema).nullish(),
  from: v1PersonSummarySchema.nullish(),
  to: z.array(v1PersonSummarySchema).nullish(),
  cc: z.array(v1PersonSummarySchema).nullish(),
  direction: optInt, // 0 sent, 1 received
  logging_type: optInt, // 0 all, 1 manual
});
export type V1Interaction = z.infer<typeof v1InteractionSchema>;

/** `GET /entity-files` items. */
export const v1EntityFileSchema = z.looseObject({
  id: idSchema,
  name: optString,
  size: optInt,
  content_type: optString,
  person_id: optId,
  organization_id: optId,
  opportunity_id: optId,
  uploader_id: optId,
  created_at: optDateTime,
});
export type V1EntityFile = z.infer<typeof v1EntityFileSchema>;

/** `GET /relationships-strengths` items: keyed by the (internal, external) person pair. */
export const v1RelationshipStrengthSchema = z.looseObject({
  internal_id: idSchema,
  external_id: idSchema,
  strength: z.number(),
});
export type V1RelationshipStrength = z.infer<typeof v1RelationshipStrengthSchema>;

/** `GET /webhook` items. `subscriptions: []` means every event. */
export const v1WebhookSchema = z.looseObject({
  id: idSchema,
  webhook_url: z.string(),
  subscriptions: optStringArray,
  disabled: optBool,
  created_by: optId,
});
export type V1Webhook = z.infer<typeof v1WebhookSchema>;

/** `GET /auth/whoami` (camelCase, unlike the rest of v1). */
export const v1WhoAmISchema = z.looseObject({
  tenant: z.looseObject({ id: idSchema, name: optString, subdomain: optString }),
  user: z.looseObject({ id: idSchema, firstName: optString, lastName: optString, email: optString }),
  grant: z.looseObject({ type: optString, scope: optString, createdAt: optDateTime }).nullish(),
});
export type V1WhoAmI = z.infer<typeof v1WhoAmISchema>;

const v1RateWindow = z.looseObject({
  limit: z.number().nullable(),
  remaining: z.number().nullable(),
  reset: optInt,
  used: optInt,
});

/** `GET /rate-limit`. */
export const v1RateLimitSchema = z.looseObject({
  rate: z.looseObject({ org_monthly: v1RateWindow.nullish(), api_key_per_minute: v1RateWindow }),
});
export type V1RateLimit = z.infer<typeof v1RateLimitSchema>;
