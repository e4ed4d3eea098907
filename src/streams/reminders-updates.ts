import { v2ReminderSchema, type V2Reminder } from '../extract/schemas/index.ts';
import { v2ReminderRows } from '../transform/index.ts';
import { perRecord } from './common.ts';
import { defineStream, type NoParams } from './define.ts';
import { updatedSinceFeed } from './feed.ts';

/** Reminders created or edited since the last run, between sweeps of the older listing (see notes-updates.ts). */
export const remindersUpdatesStream = defineStream({
  name: 'reminders_updates',
  description: 'reminders created or edited since the last run (GET /v2/reminders?filter=updatedAt>=…)',
  group: 'other',
  needs: ['reminders'],
  // The service may refuse the filter (neither document describes one on /v2/reminders): then reminders is swept every `sweeps.feedless`.
  source: { capability: 'reminders_updates', rank: 0, sweeps: 'reminders' },
  schema: v2ReminderSchema,
  read: { kind: 'feed', ...updatedSinceFeed<V2Reminder, NoParams>('/v2/reminders', { startAtNow: true }) },
  transform: perRecord((r, raw) => v2ReminderRows(r, raw)),
});
