import { V1_SEARCH_PAGE } from '../extract/limits.ts';
import { v1NoteSchema } from '../extract/schemas/index.ts';
import { v1NoteRows } from '../transform/index.ts';
import { perRecord } from './common.ts';
import { defineStream } from './define.ts';

/**
 * Notes through the older listing: 500 a call, replies included, and the attached persons, companies
 * and opportunities on every note. `/v2/notes` would cost 100 a call plus a call per note with replies.
 */
export const notesStream = defineStream({
  name: 'notes',
  description: 'notes with replies and attachments, 500 per call (GET /notes)',
  group: 'other',
  schema: v1NoteSchema,
  read: {
    kind: 'sweep',
    request: () => ({ path: '/notes', query: { page_size: V1_SEARCH_PAGE }, paginator: 'v1-token', recordsKey: 'notes' }),
    softDelete: { table: 'notes' },
  },
  transform: perRecord((n, raw) => v1NoteRows(n, raw)),
});
