import { v1ListSchema } from '../extract/schemas/index.ts';
import { single, v1ListRows } from '../transform/index.ts';
import { perRecord } from './common.ts';
import { defineStream } from './define.ts';

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
  after: ['lists'],
  schema: v1ListSchema,
  read: { kind: 'sweep', request: () => ({ path: '/lists', paginator: 'v1-array' }) },
  transform: perRecord((l) => {
    const row = v1ListRows(l).upserts.lists?.[0];
    return single('lists', { id: l.id, ...(row?.size !== undefined ? { size: row.size } : {}) });
  }),
});
