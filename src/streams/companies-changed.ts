import { V2_IDS_BATCH, V2_PAGE } from '../extract/limits.ts';
import { v2CompanySchema } from '../extract/schemas/index.ts';
import { v2CompanyRows } from '../transform/index.ts';
import { ENTITY_FIELD_TYPES, perRecord } from './common.ts';
import { defineStream } from './define.ts';
import { entityReReads } from '../planner/entity-rereads.ts';

/**
 * Targeted re-reads of what the change log (or a hint, or a row naming a company the warehouse lacks)
 * marked, and with relevance tiers the hot companies due their re-read (planner/entity-rereads.ts). They run
 * after the sweep of their collection (which, when it runs, clears the marks it covers and writes every row
 * afresh), so a record is never read twice in one run.
 */
export const companiesChangedStream = defineStream({
  name: 'companies_changed',
  description:
    'companies the change log, a hint or a row naming an unknown one marked, and the hot tier due its re-read, 100 per call (GET /v2/companies?ids=…)',
  group: 'metadata',
  after: ['field_value_changes', 'field_value_changes_v1', 'companies'],
  schema: v2CompanySchema,
  read: {
    kind: 'ids',
    ids: (ctx) => entityReReads(ctx, 'company'),
    batchSize: V2_IDS_BATCH,
    consumes: 'company',
    // A company the lookup leaves out may be deleted: companies_unseen asks (one that lost its list entry or
    // deal with the deletion is no longer hot, so no set read of its tier would tell).
    unseen: 'company_unseen',
    request: (ids) => ({
      path: '/v2/companies',
      query: { ids: [...ids], fieldTypes: [...ENTITY_FIELD_TYPES], limit: V2_PAGE },
      paginator: 'v2',
      endpoint: 'GET /v2/companies?ids',
    }),
  },
  transform: perRecord((c, raw) => v2CompanyRows(c, raw, { fieldsRequested: true })),
});
