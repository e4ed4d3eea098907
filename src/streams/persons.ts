import { v2PersonSchema } from '../extract/schemas/index.ts';
import { sweepWhenCheaper } from '../planner/cheaper.ts';
import { v2PersonRows } from '../transform/index.ts';
import { ENTITY_FIELD_TYPES, perRecord } from './common.ts';
import { defineStream } from './define.ts';

export const personsStream = defineStream({
  name: 'persons',
  description: 'persons with enriched, global and relationship-intelligence fields (GET /v2/persons)',
  group: 'entities',
  after: ['field_value_changes', 'field_value_changes_v1'],
  schema: v2PersonSchema,
  read: {
    kind: 'sweep',
    request: () => ({ path: '/v2/persons', query: { limit: 100, fieldTypes: [...ENTITY_FIELD_TYPES] }, paginator: 'v2' }),
    sweepWhen: sweepWhenCheaper('person', 'persons'),
    softDelete: { table: 'persons' },
    clearsDirty: { kind: 'person' },
  },
  transform: perRecord((p, raw) => v2PersonRows(p, raw, { fieldsRequested: true })),
});
