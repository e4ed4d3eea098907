import { v1NoteSchema, v1ReminderSchema, v2CallSchema, v2ChatMessageSchema, v2EmailSchema, v2MeetingSchema } from '../schemas/index.ts';
import { v1NoteRows, v1ReminderRows, v2CallRows, v2ChatMessageRows, v2EmailRows, v2MeetingRows } from '../../transform/index.ts';
import { defineStream } from '../stream.ts';
import { updatedSinceFeed } from '../feed.ts';
import { V1_SEARCH_PAGE } from '../planner.ts';
import { perRecord } from './common.ts';

/**
 * Notes through the older listing: 500 a call, replies included, and the attached persons, companies
 * and opportunities on every note. `/v2/notes` would cost 100 a call plus a call per note with replies.
 */
export const notesStream = defineStream({
  name: 'notes',
  description: 'notes with replies and attachments, 500 per call (GET /notes)',
  group: 'other',
  request: () => ({ path: '/notes', query: { page_size: V1_SEARCH_PAGE }, paginator: 'v1-token', recordsKey: 'notes' }),
  schema: v1NoteSchema,
  transform: perRecord((n, raw) => v1NoteRows(n, raw)),
  softDelete: { table: 'notes' },
});

export const remindersStream = defineStream({
  name: 'reminders',
  description: 'reminders, one-time and recurring, 500 per call (GET /reminders)',
  group: 'other',
  request: () => ({ path: '/reminders', query: { page_size: V1_SEARCH_PAGE }, paginator: 'v1-token', recordsKey: 'reminders' }),
  schema: v1ReminderSchema,
  transform: perRecord((r, raw) => v1ReminderRows(r, raw)),
  softDelete: { table: 'reminders' },
});

const kindScope = (kind: string) => () => ({ kind });

// Interactions change by creation and update; between sweeps each kind follows `updatedSinceFeed`.

export const emailsStream = defineStream({
  name: 'emails',
  description: 'emails (GET /v2/emails)',
  group: 'other',
  request: () => ({ path: '/v2/emails', query: { limit: 100 }, paginator: 'v2' }),
  schema: v2EmailSchema,
  transform: perRecord((e, raw) => v2EmailRows(e, raw)),
  softDelete: { table: 'interactions', scope: kindScope('email') },
  highWater: updatedSinceFeed('/v2/emails'),
});

export const meetingsStream = defineStream({
  name: 'meetings',
  description: 'meetings (GET /v2/meetings)',
  group: 'other',
  request: () => ({ path: '/v2/meetings', query: { limit: 100 }, paginator: 'v2' }),
  schema: v2MeetingSchema,
  transform: perRecord((m, raw) => v2MeetingRows(m, raw)),
  softDelete: { table: 'interactions', scope: kindScope('meeting') },
  highWater: updatedSinceFeed('/v2/meetings'),
});

export const callsStream = defineStream({
  name: 'calls',
  description: 'calls (GET /v2/calls)',
  group: 'other',
  request: () => ({ path: '/v2/calls', query: { limit: 100 }, paginator: 'v2' }),
  schema: v2CallSchema,
  transform: perRecord((c, raw) => v2CallRows(c, raw)),
  softDelete: { table: 'interactions', scope: kindScope('call') },
  highWater: updatedSinceFeed('/v2/calls'),
});

export const chatMessagesStream = defineStream({
  name: 'chat_messages',
  description: 'chat messages (GET /v2/chat-messages)',
  group: 'other',
  request: () => ({ path: '/v2/chat-messages', query: { limit: 100 }, paginator: 'v2' }),
  schema: v2ChatMessageSchema,
  transform: perRecord((c, raw) => v2ChatMessageRows(c, raw)),
  softDelete: { table: 'interactions', scope: kindScope('chat-message') },
  highWater: updatedSinceFeed('/v2/chat-messages'),
});
