import { v2ListEntryWithEntitySchema, type V2ListEntryWithEntity } from '../extract/schemas/index.ts';
import { dirtyListPartitions } from '../planner/partitions.ts';
import { markedIds } from '../planner/ids.ts';
import { v2ListEntryRows } from '../transform/index.ts';
import { perRecord } from './common.ts';
import { defineStream } from './define.ts';

/** Changed list entries, one read each, for lists where that beats a sweep (see planner/cheaper.ts). */
export const listEntriesChangedStream = defineStream<V2ListEntryWithEntity, { listId: number }>({
  name: 'list_entries_changed',
  description: 'list entries named by the change log (GET /v2/lists/{id}/list-entries/{entryId})',
  group: 'metadata',
  after: ['field_value_changes', 'field_value_changes_v1', 'list_entries'],
  schema: v2ListEntryWithEntitySchema,
  read: {
    kind: 'ids',
    partitions: dirtyListPartitions,
    ids: (ctx, p) => markedIds(ctx, 'list_entry', p.params.listId),
    batchSize: 1,
    consumes: 'list_entry',
    request: (ids, p) => ({
      path: `/v2/lists/${p.params.listId}/list-entries/${ids[0]}`,
      query: { fieldTypes: ['list'] },
      paginator: 'single',
      endpoint: 'GET /v2/lists/{id}/list-entries/{id}',
    }),
  },
  transform: perRecord((e, raw) => v2ListEntryRows(e, raw, { fieldsRequested: true })),
});
