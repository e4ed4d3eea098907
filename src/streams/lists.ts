import { V2_PAGE } from '../extract/limits.ts';
import { v2ListSchema } from '../extract/schemas/index.ts';
import { v2ListRows } from '../transform/index.ts';
import { perRecord } from './common.ts';
import { defineStream } from './define.ts';

export const listsStream = defineStream({
  name: 'lists',
  description: 'lists (GET /v2/lists)',
  group: 'metadata',
  schema: v2ListSchema,
  read: { kind: 'sweep', request: () => ({ path: '/v2/lists', query: { limit: V2_PAGE }, paginator: 'v2' }), softDelete: { table: 'lists' } },
  transform: perRecord((l, raw) => v2ListRows(l, raw)),
});
