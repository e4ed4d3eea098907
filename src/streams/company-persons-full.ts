import { v1OrganizationSchema } from '../extract/schemas/index.ts';
import { ownersAtCap } from '../planner/ids.ts';
import { v1OrganizationAssociations } from '../transform/index.ts';
import { perRecord } from './common.ts';
import { defineStream } from './define.ts';

/** Companies whose person list reached the cap of 100: one older single read each for the full list. */
export const companyPersonsFullStream = defineStream({
  name: 'company_persons_full',
  description: 'full person lists of companies with 100+ persons (GET /organizations/{id})',
  group: 'entities',
  needs: ['companies'],
  after: ['persons'],
  schema: v1OrganizationSchema,
  read: {
    kind: 'ids',
    ids: (ctx) => ownersAtCap(ctx, 'company_persons', 'company_id'),
    batchSize: 1,
    request: (ids) => ({ path: `/organizations/${ids[0]}`, paginator: 'single', endpoint: 'GET /organizations/{id}' }),
  },
  transform: perRecord((o) => v1OrganizationAssociations(o)),
});
