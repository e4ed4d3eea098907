import { v1PersonSchema, v2PersonSchema } from '../schemas/index.ts';
import { v1PersonAssociations, v2PersonRows } from '../../transform/index.ts';
import { defineStream } from '../stream.ts';
import { ENTITY_FIELD_TYPES, ownersAtCap, perRecord } from './common.ts';
import { sweepWhenCheaper } from './targeted.ts';

export const personsStream = defineStream({
  name: 'persons',
  description: 'persons with enriched, global and relationship-intelligence fields (GET /v2/persons)',
  group: 'entities',
  request: () => ({ path: '/v2/persons', query: { limit: 100, fieldTypes: [...ENTITY_FIELD_TYPES] }, paginator: 'v2' }),
  schema: v2PersonSchema,
  transform: perRecord((p, raw) => v2PersonRows(p, raw, { fieldsRequested: true })),
  softDelete: { table: 'persons' },
  clearsDirty: { kind: 'person' },
  sweepWhen: sweepWhenCheaper('person', 'persons'),
  dependsOn: ['field_value_changes', 'field_value_changes_v1'],
});

/** Persons whose company list reached the cap of 100: one older single read each. */
export const personCompaniesFullStream = defineStream({
  name: 'person_companies_full',
  description: 'full company lists of persons with 100+ companies (GET /persons/{id})',
  group: 'entities',
  dependsOn: ['companies', 'persons'],
  request: () => ({ path: '/persons', paginator: 'single' }),
  byIds: {
    ids: (ctx) => ownersAtCap(ctx, 'company_persons', 'person_id'),
    batchSize: 1,
    request: (ids) => ({ path: `/persons/${ids[0]}`, paginator: 'single', endpoint: 'GET /persons/{id}' }),
  },
  schema: v1PersonSchema,
  transform: perRecord((p) => v1PersonAssociations(p)),
});
