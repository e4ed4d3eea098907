import { V2_PAGE } from '../extract/limits.ts';
import { v2CompanySchema } from '../extract/schemas/index.ts';
import { sweepWhenCheaper } from '../planner/cheaper.ts';
import { PERSONS_FIELD, v2AssociationState, v2CompanyRows } from '../transform/index.ts';
import { ENTITY_FIELD_TYPES, perRecordMarked } from './common.ts';
import { defineStream } from './define.ts';
import { linkMark } from './link-marks.ts';

/**
 * Companies with their entity-level field values. Where `/v2` carries a `persons` association field on
 * companies, company↔person links ride along at no extra call; neither the reference (the field is a
 * list field, never a company field) nor the seed (no `/v2` association reads at all) does, so a company
 * without the member gets a `company_links` mark and planner/associations.ts plans the single reads.
 */
export const companiesStream = defineStream({
  name: 'companies',
  description: 'companies with enriched, global and relationship-intelligence fields (GET /v2/companies)',
  group: 'tiered',
  after: ['field_value_changes', 'field_value_changes_v1'],
  schema: v2CompanySchema,
  read: {
    kind: 'sweep',
    request: () => ({ path: '/v2/companies', query: { limit: V2_PAGE, fieldTypes: [...ENTITY_FIELD_TYPES] }, paginator: 'v2' }),
    sweepWhen: sweepWhenCheaper('company', 'companies'),
    softDelete: { table: 'companies' },
    clearsDirty: { kind: 'company' },
  },
  transform: perRecordMarked((c, raw) => ({
    rows: v2CompanyRows(c, raw, { fieldsRequested: true }),
    marks: [linkMark('company_links', c.id, [v2AssociationState(c.fields, PERSONS_FIELD)])],
  })),
});
