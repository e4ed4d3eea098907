import { v1PersonSchema } from '../extract/schemas/index.ts';
import { ownersAtCap } from '../planner/ids.ts';
import { v1PersonAssociations } from '../transform/index.ts';
import { perRecord } from './common.ts';
import { defineStream } from './define.ts';

/** Persons whose company list reached the cap of 100: one older single read each. */
export const personCompaniesFullStream = defineStream({
  name: 'person_companies_full',
  description: 'full company lists of persons with 100+ companies (GET /persons/{id})',
  group: 'entities',
  needs: ['companies'],
  after: ['persons'],
  schema: v1PersonSchema,
  read: {
    kind: 'ids',
    ids: (ctx) => ownersAtCap(ctx, 'company_persons', 'person_id'),
    batchSize: 1,
    request: (ids) => ({ path: `/persons/${ids[0]}`, paginator: 'single', endpoint: 'GET /persons/{id}' }),
  },
  transform: perRecord((p) => v1PersonAssociations(p)),
});
