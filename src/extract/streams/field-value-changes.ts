import { v2FieldValueChangeSchema } from '../schemas/index.ts';
import { v2FieldValueChangeRows } from '../../transform/index.ts';
import { defineStream } from '../stream.ts';
import { perRecord } from './common.ts';

/** The org-wide change history, ascending by changedAt then id. */
export const fieldValueChangesStream = defineStream({
  name: 'field_value_changes',
  description: 'field value change history (GET /v2/field-value-changes)',
  group: 'other',
  minApiVersion: '2026-07-15',
  request: () => ({ path: '/v2/field-value-changes', query: { limit: 100, orderBy: 'changedAt' }, paginator: 'v2' }),
  schema: v2FieldValueChangeSchema,
  transform: perRecord((c, raw) => v2FieldValueChangeRows(c, raw)),
});
