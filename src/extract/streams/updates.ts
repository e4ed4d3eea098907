import { v2NoteSchema, v2ReminderSchema, type V2Note, type V2Reminder } from '../schemas/index.ts';
import { v2NoteRows, v2ReminderRows } from '../../transform/index.ts';
import { defineStream, type HighWater } from '../stream.ts';
import { sinceFilter } from '../feed.ts';
import { perRecord } from './common.ts';

function updatedPosition(r: { createdAt?: string | null; updatedAt?: string | null }): HighWater | null {
  const at = [r.updatedAt, r.createdAt].filter((x): x is string => typeof x === 'string').sort((a, b) => Date.parse(b) - Date.parse(a))[0];
  return at ? { at, id: null } : null;
}

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
  highWater: {
    only: true,
    ordered: false,
    startAtNow: true,
    request: (hw) => {
      const filter = sinceFilter(['createdAt', 'updatedAt'], hw);
      return { path: '/v2/notes', query: { limit: 100, ...(filter ? { filter } : {}) }, paginator: 'v2' };
    },
    position: (n: V2Note) => updatedPosition(n),
  },
  schema: v2NoteSchema,
  transform: perRecord((n, raw) => v2NoteRows(n, raw)),
});

export const remindersUpdatesStream = defineStream({
  name: 'reminders_updates',
  description: 'reminders created or edited since the last run (GET /v2/reminders?filter=updatedAt>=…)',
  group: 'other',
  dependsOn: ['reminders'],
  request: () => ({ path: '/v2/reminders', paginator: 'v2' }),
  highWater: {
    only: true,
    ordered: false,
    startAtNow: true,
    request: (hw) => {
      const filter = sinceFilter(['createdAt', 'updatedAt'], hw);
      return { path: '/v2/reminders', query: { limit: 100, ...(filter ? { filter } : {}) }, paginator: 'v2' };
    },
    position: (r: V2Reminder) => updatedPosition(r),
  },
  schema: v2ReminderSchema,
  transform: perRecord((r, raw) => v2ReminderRows(r, raw)),
});
