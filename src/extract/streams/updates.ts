import { v2NoteSchema, v2ReminderSchema } from '../schemas/index.ts';
import { v2NoteRows, v2ReminderRows } from '../../transform/index.ts';
import { defineStream } from '../stream.ts';
import { updatedSinceFeed } from '../feed.ts';
import { perRecord } from './common.ts';

/**
 * Notes and reminders are swept (weekly by default) through the older listings, which serve 500 a
 * call with replies and attachments; between sweeps these feeds pick up what was created or edited
 * since the last run through `/v2`'s updated-time filters. A feed with no mark starts at "now": the
 * sweep holds the history.
 */
export const notesUpdatesStream = defineStream({
  name: 'notes_updates',
  description: 'notes created or edited since the last run (GET /v2/notes?filter=updatedAt>=…)',
  group: 'other',
  dependsOn: ['notes'],
  request: () => ({ path: '/v2/notes', paginator: 'v2' }),
  // The previews carry the attached persons, companies and opportunities (complete ones replace the set).
  highWater: updatedSinceFeed('/v2/notes', { only: true, startAtNow: true, includes: ['personsPreview', 'companiesPreview', 'opportunitiesPreview'] }),
  schema: v2NoteSchema,
  transform: perRecord((n, raw) => v2NoteRows(n, raw)),
});

export const remindersUpdatesStream = defineStream({
  name: 'reminders_updates',
  description: 'reminders created or edited since the last run (GET /v2/reminders?filter=updatedAt>=…)',
  group: 'other',
  dependsOn: ['reminders'],
  request: () => ({ path: '/v2/reminders', paginator: 'v2' }),
  highWater: updatedSinceFeed('/v2/reminders', { only: true, startAtNow: true }),
  schema: v2ReminderSchema,
  transform: perRecord((r, raw) => v2ReminderRows(r, raw)),
});
