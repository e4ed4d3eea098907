import { v1ListSchema, v2ListSchema } from '../schemas/index.ts';
import { single, v1ListRows, v2ListRows } from '../../transform/index.ts';
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

/**
 * The older bare-array listing adds each list's size in ONE call (no per-list reads). It only adds
 * `size`: `/v2/lists` owns the row (every other column and `_raw`). When both wrote whole rows from
 * concurrent streams, `_raw` held whichever record landed last, so two identical syncs left different
 * warehouses; running after `lists` and writing `size` alone keeps the row deterministic.
 */
export const listsV1Stream = defineStream({
  name: 'lists_v1',
  description: 'list sizes (GET /lists, one call)',
  group: 'metadata',
  dependsOn: ['lists'],
  request: () => ({ path: '/lists', paginator: 'v1-array' }),
  schema: v1ListSchema,
  transform: perRecord((l) => {
    const row = v1ListRows(l).upserts.lists?.[0];
    return single('lists', { id: l.id, ...(row?.size !== undefined ? { size: row.size } : {}) });
  }),
});
