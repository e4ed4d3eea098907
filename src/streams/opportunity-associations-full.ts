import { v1OpportunitySchema } from '../extract/schemas/index.ts';
import { opportunityLinkReads } from '../planner/associations.ts';
import { v1OpportunityAssociations } from '../transform/index.ts';
import { confirmByIds, perRecord } from './common.ts';
import { defineStream } from './define.ts';

/**
 * One older single read per opportunity whose set no cheaper source gave whole: the search lacked the
 * arrays and the list entry had no complete association fields, or a read gave a set cut at the cap of
 * 100 (both leave an `opportunity_links` mark; the read consumes it). Runs after the list entries, which settle the marks they cover.
 */
export const opportunityAssociationsFullStream = defineStream({
  name: 'opportunity_associations_full',
  description: 'association lists of opportunities no cheaper read gave whole (GET /opportunities/{id})',
  group: 'entities',
  needs: ['opportunity_associations', 'opportunities'],
  after: ['list_entries'],
  schema: v1OpportunitySchema,
  read: {
    kind: 'ids',
    ids: opportunityLinkReads,
    batchSize: 1,
    consumes: 'opportunity_links',
    markedBy: 'opportunity_associations',
    goneFrom: 'opportunities',
    confirmGone: (ids) => confirmByIds('/v2/opportunities', 'GET /v2/opportunities?ids', ids),
    request: (ids) => ({ path: `/opportunities/${ids[0]}`, paginator: 'single', endpoint: 'GET /opportunities/{id}' }),
  },
  transform: perRecord((o) => v1OpportunityAssociations(o)),
});
