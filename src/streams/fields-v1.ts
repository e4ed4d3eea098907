import { v1FieldSchema } from '../extract/schemas/index.ts';
import { v1FieldRows } from '../transform/index.ts';
import { perRecord } from './common.ts';
import { defineStream } from './define.ts';

/** v1 `/fields`: track_changes, allows_multiple and every dropdown option, in one call. */
export const fieldsV1Stream = defineStream({
  name: 'fields_v1',
  description: 'change tracking and dropdown options (GET /fields, one call)',
  group: 'metadata',
  schema: v1FieldSchema,
  read: { kind: 'sweep', request: () => ({ path: '/fields', paginator: 'v1-array' }) },
  transform: perRecord((f, raw) => v1FieldRows(f, raw)),
});
