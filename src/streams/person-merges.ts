import { V2_PAGE } from '../extract/limits.ts';
import { v2PersonMergeSchema } from '../extract/schemas/index.ts';
import { personMergeRows } from '../transform/index.ts';
import { perRecord } from './common.ts';
import { defineStream } from './define.ts';
import { withMergeOp } from './merge-op.ts';

/** Completed merges re-key the duplicate's rows to the survivor, after every stream that writes them. */
export const personMergesStream = defineStream({
  name: 'person_merges',
  description: 'person merges (GET /v2/person-merges)',
  group: 'metadata',
  after: ['persons', 'list_entries', 'person_companies_full', 'opportunity_associations_full'],
  schema: v2PersonMergeSchema,
  read: { kind: 'sweep', request: () => ({ path: '/v2/person-merges', query: { limit: V2_PAGE }, paginator: 'v2' }) },
  transform: perRecord((m, raw) => withMergeOp(personMergeRows(m, raw), m, 'person', m.duplicatePersonId, m.primaryPersonId)),
});
