import { V2_PAGE } from '../extract/limits.ts';
import { v2MeetingSchema, type V2Meeting } from '../extract/schemas/index.ts';
import { v2MeetingRows } from '../transform/index.ts';
import { perRecord } from './common.ts';
import { defineStream, type NoParams } from './define.ts';
import { updatedSinceFeed } from './feed.ts';

export const meetingsStream = defineStream({
  name: 'meetings',
  description: 'meetings (GET /v2/meetings)',
  group: 'other',
  schema: v2MeetingSchema,
  read: {
    kind: 'sweep',
    request: () => ({ path: '/v2/meetings', query: { limit: V2_PAGE }, paginator: 'v2' }),
    between: updatedSinceFeed<V2Meeting, NoParams>('/v2/meetings'),
    softDelete: { table: 'interactions', scope: () => ({ kind: 'meeting' }) },
  },
  transform: perRecord((r, raw) => v2MeetingRows(r, raw)),
});
