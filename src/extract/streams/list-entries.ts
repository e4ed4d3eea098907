import { v2ListEntryWithEntitySchema, v2SavedViewSchema } from '../schemas/index.ts';
import { savedViewRows, v2ListEntryRows } from '../../transform/index.ts';
import { defineStream } from '../stream.ts';
import { listPartitions, perRecord } from './common.ts';
import { listSweepCheaper } from './targeted.ts';

/**
 * Each list's entries with that list's field values. Opportunity entries are the fullest read of an
 * opportunity (row data and list fields), joined into `opportunities` by the transform.
 */
export const listEntriesStream = defineStream({
  name: 'list_entries',
  description: 'list entries with list field values, per list (GET /v2/lists/{id}/list-entries)',
  group: 'entities',
  dependsOn: ['lists', 'field_value_changes', 'field_value_changes_v1'],
  partitions: (ctx) => listPartitions(ctx),
  request: (p) => ({
    path: `/v2/lists/${p.key}/list-entries`,
    query: { limit: 100, fieldTypes: p.params.listType === 'opportunity' ? ['list', 'global', 'enriched', 'relationship-intelligence'] : ['list'] },
    paginator: 'v2',
    endpoint: 'GET /v2/lists/{id}/list-entries',
  }),
  schema: v2ListEntryWithEntitySchema,
  transform: perRecord((e, raw) => v2ListEntryRows(e, raw, { fieldsRequested: true })),
  softDelete: { table: 'list_entries', scope: (p) => ({ list_id: Number(p.key) }) },
  clearsDirty: { kind: 'list_entry', byList: true },
  sweepWhen: listSweepCheaper,
});

export const savedViewsStream = defineStream({
  name: 'saved_views',
  description: 'saved views, per list (GET /v2/lists/{id}/saved-views)',
  group: 'other',
  dependsOn: ['lists'],
  partitions: (ctx) => listPartitions(ctx),
  request: (p) => ({ path: `/v2/lists/${p.key}/saved-views`, query: { limit: 100 }, paginator: 'v2', endpoint: 'GET /v2/lists/{id}/saved-views' }),
  schema: v2SavedViewSchema,
  transform: perRecord((v, raw, p) => savedViewRows(v, Number(p.key), raw)),
  softDelete: { table: 'saved_views', scope: (p) => ({ list_id: Number(p.key) }) },
});
