import { V2_IDS_BATCH } from '../extract/limits.ts';
import { v2CompanySchema } from '../extract/schemas/index.ts';
import { markedIds } from '../planner/ids.ts';
import { v2CompanyRows } from '../transform/index.ts';
import { ENTITY_FIELD_TYPES, perRecord } from './common.ts';
import { defineStream } from './define.ts';

/**
 * Targeted re-reads of what the change log marked. They run after the sweep of their collection (which,
 * when it runs, clears the marks it covers), so a record is never read twice in one run.
 */
export const companiesChangedStream = defineStream({
  name: 'companies_changed',
  description: 'companies named by the change log, 100 per call (GET /v2/companies?ids=…)',
  group: 'metadata',
  after: ['field_value_changes', 'field_value_changes_v1', 'companies'],
  schema: v2CompanySchema,
  read: {
    kind: 'ids',
    ids: (ctx) => markedIds(ctx, 'company'),
    batchSize: V2_IDS_BATCH,
    consumes: 'company',
    request: (ids) => ({
      path: '/v2/companies',
      query: { ids: [...ids], fieldTypes: [...ENTITY_FIELD_TYPES], limit: 100 },
      paginator: 'v2',
      endpoint: 'GET /v2/companies?ids',
    }),
  },
  transform: perRecord((c, raw) => v2CompanyRows(c, raw, { fieldsRequested: true })),
});
