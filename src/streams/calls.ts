import { V2_PAGE } from '../extract/limits.ts';
import { v2CallSchema, type V2Call } from '../extract/schemas/index.ts';
import { v2CallRows } from '../transform/index.ts';
import { perRecord } from './common.ts';
import { defineStream, type NoParams } from './define.ts';
import { updatedSinceFeed } from './feed.ts';

export const callsStream = defineStream({
  name: 'calls',
  description: 'calls (GET /v2/calls)',
  group: 'other',
  schema: v2CallSchema,
  read: {
    kind: 'sweep',
    request: () => ({ path: '/v2/calls', query: { limit: V2_PAGE }, paginator: 'v2' }),
    between: updatedSinceFeed<V2Call, NoParams>('/v2/calls'),
    softDelete: { table: 'interactions', scope: () => ({ kind: 'call' }) },
  },
  transform: perRecord((r, raw) => v2CallRows(r, raw)),
});
