import { V2_PAGE } from '../extract/limits.ts';
import { v2ListEntryWithEntitySchema, type V2ListEntryWithEntity } from '../extract/schemas/index.ts';
import { listSweepCheaper } from '../planner/cheaper.ts';
import { listPartitions, type ListParams } from '../planner/partitions.ts';
import type { DirtyMark } from '../state/dirty.ts';
import { COMPANIES_FIELD, PERSONS_FIELD, v2AssociationState, v2ListEntryRows } from '../transform/index.ts';
import { perRecordMarked } from './common.ts';
import { defineStream } from './define.ts';

/**
 * An opportunity entry whose `persons` and `companies` fields are both present and under the cap gave
 * the whole sets (the transform replaced them): it settles the `opportunity_links` mark the search left,
 * so no single read is spent on it. A field cut at the cap marks the opportunity unknown (the transform
 * only added to its set), whatever the search said: the single read completes it. Absent fields set no
 * mark: the search decides what it lacked.
 */
function settledLinks(e: V2ListEntryWithEntity): DirtyMark[] {
  if (e.type !== 'opportunity') return [];
  const fields = e.entity.fields;
  const states = [v2AssociationState(fields, PERSONS_FIELD), v2AssociationState(fields, COMPANIES_FIELD)];
  if (states.includes('cut')) return [{ kind: 'opportunity_links', id: e.entity.id }];
  return states.every((s) => s === 'complete') ? [{ kind: 'opportunity_links', id: e.entity.id, settled: true }] : [];
}

/**
 * Each list's entries with that list's field values. Opportunity entries are the fullest read of an
 * opportunity (row data and list fields), joined into `opportunities` by the transform.
 */
export const listEntriesStream = defineStream<V2ListEntryWithEntity, ListParams>({
  name: 'list_entries',
  description: 'list entries with list field values, per list (GET /v2/lists/{id}/list-entries)',
  group: 'entities',
  needs: ['lists'],
  after: ['field_value_changes', 'field_value_changes_v1', 'opportunity_associations'],
  schema: v2ListEntryWithEntitySchema,
  read: {
    kind: 'sweep',
    partitions: (ctx) => listPartitions(ctx),
    request: (p) => ({
      path: `/v2/lists/${p.params.listId}/list-entries`,
      query: { limit: V2_PAGE, fieldTypes: p.params.listType === 'opportunity' ? ['list', 'global', 'enriched', 'relationship-intelligence'] : ['list'] },
      paginator: 'v2',
      endpoint: 'GET /v2/lists/{id}/list-entries',
    }),
    sweepWhen: (ctx, p) => listSweepCheaper(ctx, p.params.listId),
    softDelete: { table: 'list_entries', scope: (p) => ({ list_id: p.params.listId }) },
    clearsDirty: { kind: 'list_entry', listOf: (p) => p.params.listId },
  },
  transform: perRecordMarked((e, raw) => ({ rows: v2ListEntryRows(e, raw, { fieldsRequested: true }), marks: settledLinks(e) })),
});
