import { V2_PAGE } from '../extract/limits.ts';
import { v2PersonSuggestionSchema } from '../extract/schemas/index.ts';
import { personSuggestionRows } from '../transform/index.ts';
import { perRecord } from './common.ts';
import { defineStream } from './define.ts';

/** Pairs of persons the service suggests merging (beta); swept weekly with the other collections. */
export const personDuplicateSuggestionsStream = defineStream({
  name: 'person_duplicate_suggestions',
  description: 'suggested duplicate persons (GET /v2/duplicates/person-suggestions)',
  group: 'other',
  minApiVersion: '2026-07-15',
  optional: true,
  schema: v2PersonSuggestionSchema,
  read: {
    kind: 'sweep',
    request: () => ({ path: '/v2/duplicates/person-suggestions', query: { limit: V2_PAGE }, paginator: 'v2' }),
    softDelete: { table: 'duplicate_suggestions', scope: () => ({ entity_type: 'person' }) },
  },
  transform: perRecord((s, raw) => personSuggestionRows(s, raw)),
});
