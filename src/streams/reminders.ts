import { V1_SEARCH_PAGE } from '../extract/limits.ts';
import { v1ReminderSchema } from '../extract/schemas/index.ts';
import { v1ReminderRows } from '../transform/index.ts';
import { perRecord } from './common.ts';
import { defineStream } from './define.ts';

export const remindersStream = defineStream({
  name: 'reminders',
  description: 'reminders, one-time and recurring, 500 per call (GET /reminders)',
  group: 'other',
  schema: v1ReminderSchema,
  read: {
    kind: 'sweep',
    request: () => ({ path: '/reminders', query: { page_size: V1_SEARCH_PAGE }, paginator: 'v1-token', recordsKey: 'reminders' }),
    softDelete: { table: 'reminders' },
  },
  transform: perRecord((r, raw) => v1ReminderRows(r, raw)),
});
