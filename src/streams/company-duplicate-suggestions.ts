import { V2_PAGE } from '../extract/limits.ts';
import { v2CompanySuggestionSchema } from '../extract/schemas/index.ts';
import { companySuggestionRows } from '../transform/index.ts';
import { perRecord } from './common.ts';
import { defineStream } from './define.ts';

/** Pairs of companies the service suggests merging (beta); swept weekly with the other collections. */
export const companyDuplicateSuggestionsStream = defineStream({
  name: 'company_duplicate_suggestions',
  description: 'suggested duplicate companies (GET /v2/duplicates/company-suggestions)',
  group: 'other',
  minApiVersion: '2026-07-15',
  optional: true,
  schema: v2CompanySuggestionSchema,
  read: {
    kind: 'sweep',
    request: () => ({ path: '/v2/duplicates/company-suggestions', query: { limit: V2_PAGE }, paginator: 'v2' }),
    softDelete: { table: 'duplicate_suggestions', scope: () => ({ entity_type: 'company' }) },
  },
  transform: perRecord((s, raw) => companySuggestionRows(s, raw)),
});
