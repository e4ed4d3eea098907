import { v1ListSchema, v2ListSchema } from '../schemas/index.ts';
import { v1ListRows, v2ListRows } from '../../transform/index.ts';
import { defineStream } from '../stream.ts';
import { perRecord } from './common.ts';

export const listsStream = defineStream({
  name: 'lists',
  description: 'lists (GET /v2/lists)',
  group: 'metadata',
  request: () => ({ path: '/v2/lists', query: { limit: 100 }, paginator: 'v2' }),
  schema: v2ListSchema,
  transform: perRecord((l, raw) => v2ListRows(l, raw)),
  softDelete: { table: 'lists' },
});

/** The older bare-array listing adds size and owner for every list in ONE call (no per-list reads). */
export const listsV1Stream = defineStream({
  name: 'lists_v1',
  description: 'list size and owner (GET /lists, one call)',
  group: 'metadata',
  request: () => ({ path: '/lists', paginator: 'v1-array' }),
  schema: v1ListSchema,
  transform: perRecord((l, raw) => v1ListRows(l, raw)),
});
