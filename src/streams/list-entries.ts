import { v2ListEntryWithEntitySchema, type V2ListEntryWithEntity } from '../extract/schemas/index.ts';
import { listSweepCheaper } from '../planner/cheaper.ts';
import { listPartitions, type ListParams } from '../planner/partitions.ts';
import { v2ListEntryRows } from '../transform/index.ts';
import { perRecord } from './common.ts';
import { defineStream } from './define.ts';

/**
 * Each list's entries with that list's field values. Opportunity entries are the fullest read of an
 * opportunity (row data and list fields), joined into `opportunities` by the transform.
 */
export const listEntriesStream = defineStream<V2ListEntryWithEntity, ListParams>({
  name: 'list_entries',
  description: 'list entries with list field values, per list (GET /v2/lists/{id}/list-entries)',
  group: 'entities',
  needs: ['lists'],
  after: ['field_value_changes', 'field_value_changes_v1'],
  schema: v2ListEntryWithEntitySchema,
  read: {
    kind: 'sweep',
    partitions: (ctx) => listPartitions(ctx),
    request: (p) => ({
      path: `/v2/lists/${p.params.listId}/list-entries`,
      query: { limit: 100, fieldTypes: p.params.listType === 'opportunity' ? ['list', 'global', 'enriched', 'relationship-intelligence'] : ['list'] },
      paginator: 'v2',
      endpoint: 'GET /v2/lists/{id}/list-entries',
    }),
    sweepWhen: (ctx, p) => listSweepCheaper(ctx, p.params.listId),
    softDelete: { table: 'list_entries', scope: (p) => ({ list_id: p.params.listId }) },
    clearsDirty: { kind: 'list_entry', listOf: (p) => p.params.listId },
  },
  transform: perRecord((e, raw) => v2ListEntryRows(e, raw, { fieldsRequested: true })),
});
