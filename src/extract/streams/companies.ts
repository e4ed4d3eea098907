import { v1OrganizationSchema, v2CompanySchema } from '../schemas/index.ts';
import { v1OrganizationAssociations, v2CompanyRows } from '../../transform/index.ts';
import { defineStream } from '../stream.ts';
import { ENTITY_FIELD_TYPES, ownersAtCap, perRecord } from './common.ts';
import { sweepWhenCheaper } from './targeted.ts';

/**
 * Companies with their entity-level field values. The `persons` association field rides along in the
 * same pages (type global), so company↔person links cost no extra call unless cut at 100.
 */
export const companiesStream = defineStream({
  name: 'companies',
  description: 'companies with enriched, global and relationship-intelligence fields (GET /v2/companies)',
  group: 'entities',
  request: () => ({ path: '/v2/companies', query: { limit: 100, fieldTypes: [...ENTITY_FIELD_TYPES] }, paginator: 'v2' }),
  schema: v2CompanySchema,
  transform: perRecord((c, raw) => v2CompanyRows(c, raw, { fieldsRequested: true })),
  softDelete: { table: 'companies' },
  clearsDirty: { kind: 'company' },
  sweepWhen: sweepWhenCheaper('company', 'companies'),
  dependsOn: ['field_value_changes', 'field_value_changes_v1'],
});

/** Companies whose person list reached the cap of 100: one older single read each for the full list. */
export const companyPersonsFullStream = defineStream({
  name: 'company_persons_full',
  description: 'full person lists of companies with 100+ persons (GET /organizations/{id})',
  group: 'entities',
  dependsOn: ['companies', 'persons'],
  request: () => ({ path: '/organizations', paginator: 'single' }),
  byIds: {
    ids: (ctx) => ownersAtCap(ctx, 'company_persons', 'company_id'),
    batchSize: 1,
    request: (ids) => ({ path: `/organizations/${ids[0]}`, paginator: 'single', endpoint: 'GET /organizations/{id}' }),
  },
  schema: v1OrganizationSchema,
  transform: perRecord((o) => v1OrganizationAssociations(o)),
});
