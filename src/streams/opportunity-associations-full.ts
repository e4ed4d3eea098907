import { v1OpportunitySchema } from '../extract/schemas/index.ts';
import { opportunitiesAtCap } from '../planner/ids.ts';
import { v1OpportunityAssociations } from '../transform/index.ts';
import { perRecord } from './common.ts';
import { defineStream } from './define.ts';

export const opportunityAssociationsFullStream = defineStream({
  name: 'opportunity_associations_full',
  description: 'full association lists of opportunities with 100+ links (GET /opportunities/{id})',
  group: 'entities',
  needs: ['opportunity_associations'],
  schema: v1OpportunitySchema,
  read: {
    kind: 'ids',
    ids: opportunitiesAtCap,
    batchSize: 1,
    request: (ids) => ({ path: `/opportunities/${ids[0]}`, paginator: 'single', endpoint: 'GET /opportunities/{id}' }),
  },
  transform: perRecord((o) => v1OpportunityAssociations(o)),
});
