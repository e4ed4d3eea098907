import { V2_PAGE } from '../extract/limits.ts';
import { v2EmailSchema, type V2Email } from '../extract/schemas/index.ts';
import { v2EmailRows } from '../transform/index.ts';
import { perRecord } from './common.ts';
import { defineStream, type NoParams } from './define.ts';
import { updatedSinceFeed } from './feed.ts';

/** Interactions change by creation and update: swept when due, followed by updated time in between. */
export const emailsStream = defineStream({
  name: 'emails',
  description: 'emails (GET /v2/emails)',
  group: 'other',
  schema: v2EmailSchema,
  read: {
    kind: 'sweep',
    request: () => ({ path: '/v2/emails', query: { limit: V2_PAGE }, paginator: 'v2' }),
    between: updatedSinceFeed<V2Email, NoParams>('/v2/emails'),
    softDelete: { table: 'interactions', scope: () => ({ kind: 'email' }) },
  },
  transform: perRecord((r, raw) => v2EmailRows(r, raw)),
});
