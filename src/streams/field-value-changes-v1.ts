import { v1FieldValueChangeSchema } from '../extract/schemas/index.ts';
import { trackedFieldPartitions, type TrackedFieldParams } from '../planner/partitions.ts';
import { normalizeTimestamp, v1FieldValueChangeRows } from '../transform/index.ts';
import { changeMark } from './change-marks.ts';
import { perRecordMarked } from './common.ts';
import { defineStream } from './define.ts';
import type { V1FieldValueChange } from '../extract/schemas/index.ts';

/**
 * The change log's last source: one older call per change-tracked field, filtered here by the field's
 * own high-water mark. Used when the `/v2` listings are refused, or below API version 2026-07-15.
 */
export const fieldValueChangesV1Stream = defineStream<V1FieldValueChange, TrackedFieldParams>({
  name: 'field_value_changes_v1',
  description: 'field value changes per tracked field, when the /v2 change log is refused or too new (GET /field-value-changes)',
  group: 'other',
  source: { capability: 'change_log', rank: 2 },
  needs: ['fields', 'fields_v1'],
  schema: v1FieldValueChangeSchema,
  read: {
    kind: 'feed',
    ordered: false,
    partitions: trackedFieldPartitions,
    request: (_hw, p) => ({ path: '/field-value-changes', query: { field_id: p.params.v1Id }, paginator: 'v1-array', endpoint: 'GET /field-value-changes' }),
    position: (c) => {
      const at = normalizeTimestamp(c.changed_at);
      return at ? { at, id: c.id } : null;
    },
  },
  transform: perRecordMarked((c, raw, page) => {
    const { entityType, valueType, listId } = page.partition.params;
    const m = changeMark(entityType, c.entity_id, c.list_entry_id, listId);
    return { rows: v1FieldValueChangeRows(c, { entityType, valueType, listId }, raw), marks: m ? [m] : [] };
  }),
});
