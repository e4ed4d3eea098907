import { z } from 'zod';
import {
  idSchema,
  isoDateTimeSchema,
  optBool,
  optDateTime,
  optId,
  optInt,
  optString,
  previewOf,
  v2AttendeeSchema,
  v2AttendeesPreviewSchema,
  v2PersonDataSchema,
} from './common.ts';

/** `/v2/emails` items (beta; docs/contract.md §7.8). No bodies; hidden subjects come as "********". */
export const v2EmailSchema = z.looseObject({
  id: idSchema,
  subject: optString,
  sentAt: isoDateTimeSchema,
  createdAt: optDateTime,
  updatedAt: optDateTime,
  direction: optString,
  loggingType: optString,
  from: v2AttendeeSchema.nullish(),
  toParticipantsPreview: v2AttendeesPreviewSchema.nullish(),
  ccParticipantsPreview: v2AttendeesPreviewSchema.nullish(),
});
export type V2Email = z.infer<typeof v2EmailSchema>;

/** `/v2/meetings` items. */
export const v2MeetingSchema = z.looseObject({
  id: idSchema,
  title: optString,
  allDay: optBool,
  startTime: isoDateTimeSchema,
  endTime: optDateTime,
  loggingType: optString,
  creator: v2AttendeeSchema.nullish(),
  organizer: v2AttendeeSchema.nullish(),
  createdAt: optDateTime,
  updatedAt: optDateTime,
  attendeesPreview: v2AttendeesPreviewSchema.nullish(),
});
export type V2Meeting = z.infer<typeof v2MeetingSchema>;

/** `/v2/calls` items: a meeting-like event (2025-12 / 2026 specs). */
export const v2CallSchema = z.looseObject({
  id: idSchema,
  title: optString,
  allDay: optBool,
  startTime: isoDateTimeSchema,
  endTime: optDateTime,
  loggingType: optString,
  creator: v2AttendeeSchema.nullish(),
  createdAt: optDateTime,
  updatedAt: optDateTime,
  attendeesPreview: v2AttendeesPreviewSchema.nullish(),
});
export type V2Call = z.infer<typeof v2CallSchema>;

/**
 * A chat participant: a person (SDK: `PersonSummary`) or an attendee (`{emailAddress, person}`, as the
 * other interaction kinds); sources disagree, so both are accepted. PersonData first: it needs `id`.
 */
export const v2PersonOrAttendeeSchema = z.union([v2PersonDataSchema, v2AttendeeSchema]);
export type V2PersonOrAttendee = z.infer<typeof v2PersonOrAttendeeSchema>;

/** `/v2/chat-messages` items. */
export const v2ChatMessageSchema = z.looseObject({
  id: idSchema,
  sentAt: isoDateTimeSchema,
  direction: optString,
  loggingType: optString,
  creator: v2PersonOrAttendeeSchema.nullish(),
  createdAt: optDateTime,
  updatedAt: optDateTime,
  participantsPreview: previewOf(v2PersonOrAttendeeSchema).nullish(),
});
export type V2ChatMessage = z.infer<typeof v2ChatMessageSchema>;

/**
 * One piece of dialogue. Timestamps are offsets from the start, not datetimes: `"00:00:06"` per the
 * SDK, or a number (milliseconds) as the simulator sends them. `speaker` is a name or `{name, person}`.
 */
export const v2TranscriptFragmentSchema = z.looseObject({
  id: optId,
  content: z.string(),
  speaker: z.union([z.string(), z.looseObject({ name: optString, person: v2PersonDataSchema.nullish() })]).nullish(),
  startTimestamp: z.union([z.string(), z.number()]).nullish(),
  endTimestamp: z.union([z.string(), z.number()]).nullish(),
});
export type V2TranscriptFragment = z.infer<typeof v2TranscriptFragmentSchema>;

/** `/v2/transcripts` items; `fragmentsPreview` only on the single read. */
export const v2TranscriptSchema = z.looseObject({
  id: idSchema,
  title: optString,
  createdAt: optDateTime,
  languageCode: optString,
  language: optString,
  meeting: z.looseObject({ id: idSchema }).nullish(),
  note: z
    .looseObject({
      id: idSchema,
      interaction: z.looseObject({ id: idSchema, type: optString }).nullish(),
    })
    .nullish(),
  fragmentsPreview: previewOf(v2TranscriptFragmentSchema).nullish(),
  fragmentsCount: optInt,
});
export type V2Transcript = z.infer<typeof v2TranscriptSchema>;
