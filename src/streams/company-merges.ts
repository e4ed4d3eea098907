import { V2_PAGE } from '../extract/limits.ts';
import { v2CompanyMergeSchema } from '../extract/schemas/index.ts';
import { companyMergeRows } from '../transform/index.ts';
import { perRecord } from './common.ts';
import { defineStream } from './define.ts';
import { withMergeOp } from './merge-op.ts';

/** Completed merges re-key the duplicate's rows to the survivor, after every stream that writes them. */
export const companyMergesStream = defineStream({
  name: 'company_merges',
  description: 'company merges (GET /v2/company-merges)',
  group: 'metadata',
  after: ['companies', 'list_entries', 'company_persons_full', 'opportunity_associations_full'],
  schema: v2CompanyMergeSchema,
  read: { kind: 'sweep', request: () => ({ path: '/v2/company-merges', query: { limit: V2_PAGE }, paginator: 'v2' }) },
  transform: perRecord((m, raw) => withMergeOp(companyMergeRows(m, raw), m, 'company', m.duplicateCompanyId, m.primaryCompanyId)),
});
