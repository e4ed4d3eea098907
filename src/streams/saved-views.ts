import { V2_PAGE } from '../extract/limits.ts';
import { v2SavedViewSchema, type V2SavedView } from '../extract/schemas/index.ts';
import { listPartitions, type ListParams } from '../planner/partitions.ts';
import { savedViewRows } from '../transform/index.ts';
import { perRecord } from './common.ts';
import { defineStream } from './define.ts';

export const savedViewsStream = defineStream<V2SavedView, ListParams>({
  name: 'saved_views',
  description: 'saved views, per list (GET /v2/lists/{id}/saved-views)',
  group: 'other',
  needs: ['lists'],
  schema: v2SavedViewSchema,
  read: {
    kind: 'sweep',
    partitions: (ctx) => listPartitions(ctx),
    request: (p) => ({
      path: `/v2/lists/${p.params.listId}/saved-views`,
      query: { limit: V2_PAGE },
      paginator: 'v2',
      endpoint: 'GET /v2/lists/{id}/saved-views',
    }),
    softDelete: { table: 'saved_views', scope: (p) => ({ list_id: p.params.listId }) },
  },
  transform: perRecord((v, raw, page) => savedViewRows(v, page.partition.params.listId, raw)),
});
