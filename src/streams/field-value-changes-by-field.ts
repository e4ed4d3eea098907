import { V2_PAGE } from '../extract/limits.ts';
import { v2FieldValueChangeSchema, type V2FieldValueChange } from '../extract/schemas/index.ts';
import { fieldBatchFilter, trackedFieldBatches, type FieldBatchParams } from '../planner/field-batches.ts';
import { defineStream } from './define.ts';
import { changeLogRows } from './field-value-changes.ts';
import { feedMark, sinceFilter } from './feed.ts';

/**
 * The `/v2` change log filtered to batches of change-tracked fields, for a service that refuses the
 * org-wide listing (the seed: "global listing requires a field identifier filter"). One partition per
 * batch, as many fields per call as the filter syntax and the URL length allow (planner/field-batches.ts),
 * each batch with its own high-water mark. Used only when `field_value_changes` is refused.
 */
export const fieldValueChangesByFieldStream = defineStream<V2FieldValueChange, FieldBatchParams>({
  name: 'field_value_changes_by_field',
  description: 'field value change log by batches of tracked fields, when the org-wide listing is refused (GET /v2/field-value-changes?filter=field.id=…|…)',
  group: 'other',
  source: { capability: 'change_log', rank: 1 },
  minApiVersion: '2026-07-15',
  needs: ['fields', 'fields_v1'],
  schema: v2FieldValueChangeSchema,
  read: {
    kind: 'feed',
    ordered: true,
    partitions: (ctx) => trackedFieldBatches(ctx),
    request: (hw, p) => {
      const since = sinceFilter('changedAt', hw)?.slice('changedAt>='.length);
      return {
        path: '/v2/field-value-changes',
        query: { limit: V2_PAGE, filter: fieldBatchFilter(p.params.fieldIds, since) },
        paginator: 'v2',
        endpoint: 'GET /v2/field-value-changes?filter=field.id',
      };
    },
    position: (c) => feedMark(c.changedAt, c.id),
  },
  transform: (changes, raws, page) => changeLogRows(changes, raws, page),
});
