import { z } from 'zod';
import { idSchema, isoDateTimeSchema, optBool, optDateTime, optId, optInt, optString, previewOf, v2CompanyDataSchema, v2PersonDataSchema } from './common.ts';

/** A person mention inside a note (`type: "person"`; other mention kinds are kept as-is). */
export const v2NoteMentionSchema = z.looseObject({
  id: optId,
  type: z.string(),
  person: v2PersonDataSchema.nullish(),
});

const opportunitySummary = z.looseObject({ id: idSchema, name: optString, listId: optId });

/**
 * `/v2/notes` items and replies (docs/contract.md §7.7). `type` ∈ entities | interaction | ai-notetaker |
 * user-reply | ai-notetaker-reply, kept open; replies must carry `parent` (the note they answer).
 */
export const v2NoteSchema = z
  .looseObject({
    id: idSchema,
    type: z.string(),
    content: z.looseObject({ html: optString }).nullish(),
    creator: v2PersonDataSchema.nullish(),
    mentions: z.array(v2NoteMentionSchema).nullish(),
    createdAt: isoDateTimeSchema,
    updatedAt: optDateTime,
    parent: z.looseObject({ id: idSchema }).nullish(),
    interaction: z.looseObject({ id: idSchema, type: optString }).nullish(),
    transcriptId: optId,
    companiesPreview: previewOf(v2CompanyDataSchema).nullish(),
    personsPreview: previewOf(v2PersonDataSchema).nullish(),
    opportunitiesPreview: previewOf(opportunitySummary).nullish(),
    repliesCount: optInt,
    permissions: z.looseObject({ sharingType: optString, owner: v2PersonDataSchema.nullish() }).nullish(),
  })
  .refine((n) => !n.type.endsWith('-reply') || n.parent != null, {
    message: 'a reply note must carry parent.id',
    path: ['parent'],
  });
export type V2Note = z.infer<typeof v2NoteSchema>;

/** `/v2/notes/{id}/attached-opportunities` items. */
export const v2AttachedOpportunitySchema = opportunitySummary;
export type V2AttachedOpportunity = z.infer<typeof v2AttachedOpportunitySchema>;

/**
 * `/v2/reminders` items (2026 versions; shape from the reminder field-value type plus the v1
 * resource in camelCase). Only `id` and `type` are keyed on.
 */
export const v2ReminderSchema = z.looseObject({
  id: idSchema,
  type: z.string(), // one-time | recurring
  content: optString,
  dueDate: optDateTime,
  createdAt: optDateTime,
  updatedAt: optDateTime,
  completedAt: optDateTime,
  status: optString, // active | completed | overdue
  resetType: optString, // interaction | email | meeting
  reminderDays: optInt,
  isCompleted: optBool,
  creator: v2PersonDataSchema.nullish(),
  owner: v2PersonDataSchema.nullish(),
  completer: v2PersonDataSchema.nullish(),
  person: v2PersonDataSchema.nullish(),
  company: v2CompanyDataSchema.nullish(),
  opportunity: opportunitySummary.nullish(),
});
export type V2Reminder = z.infer<typeof v2ReminderSchema>;
