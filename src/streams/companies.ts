import { v2CompanySchema } from '../extract/schemas/index.ts';
import { sweepWhenCheaper } from '../planner/cheaper.ts';
import { v2CompanyRows } from '../transform/index.ts';
import { ENTITY_FIELD_TYPES, perRecord } from './common.ts';
import { defineStream } from './define.ts';

/**
 * Companies with their entity-level field values. The `persons` association field rides along in the
 * same pages (type global), so company↔person links cost no extra call unless cut at 100.
 */
export const companiesStream = defineStream({
  name: 'companies',
  description: 'companies with enriched, global and relationship-intelligence fields (GET /v2/companies)',
  group: 'entities',
  after: ['field_value_changes', 'field_value_changes_v1'],
  schema: v2CompanySchema,
  read: {
    kind: 'sweep',
    request: () => ({ path: '/v2/companies', query: { limit: 100, fieldTypes: [...ENTITY_FIELD_TYPES] }, paginator: 'v2' }),
    sweepWhen: sweepWhenCheaper('company', 'companies'),
    softDelete: { table: 'companies' },
    clearsDirty: { kind: 'company' },
  },
  transform: perRecord((c, raw) => v2CompanyRows(c, raw, { fieldsRequested: true })),
});
