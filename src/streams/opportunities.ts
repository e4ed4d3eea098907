import { V2_PAGE } from '../extract/limits.ts';
import { v2OpportunitySchema } from '../extract/schemas/index.ts';
import { joinOpportunity } from '../transform/index.ts';
import { perRecord } from './common.ts';
import { defineStream } from './define.ts';

/**
 * `/v2` opportunity records are often partial (id, name, listId); list entries fill in the rest and own
 * `_raw` (their record carries the same opportunity, and more). When this stream wrote `_raw` too, the
 * column held whichever read came last: after a crash and resume the opportunities on list-entry pages
 * read before the crash kept this stream's partial record, so the warehouse differed from an
 * uninterrupted run's. This stream keeps the row alive (`_synced_at`, soft deletes) and its name and list.
 */
export const opportunitiesStream = defineStream({
  name: 'opportunities',
  description: 'opportunities, possibly partial (GET /v2/opportunities)',
  group: 'entities',
  schema: v2OpportunitySchema,
  read: { kind: 'sweep', request: () => ({ path: '/v2/opportunities', query: { limit: V2_PAGE }, paginator: 'v2' }), softDelete: { table: 'opportunities' } },
  transform: perRecord((o) => {
    const b = joinOpportunity({ v2: o });
    for (const row of b.upserts.opportunities ?? []) delete row._raw;
    return b;
  }),
});
