import { V2_PAGE } from '../extract/limits.ts';
import { v2PersonSchema } from '../extract/schemas/index.ts';
import { sweepWhenCheaper } from '../planner/cheaper.ts';
import { COMPANIES_FIELD, v2AssociationState, v2PersonRows } from '../transform/index.ts';
import { ENTITY_FIELD_TYPES, perRecordMarked } from './common.ts';
import { defineStream } from './define.ts';
import { linkMark } from './link-marks.ts';

/** Persons; one without a `companies` member gets a `person_links` mark (see companies.ts). */
export const personsStream = defineStream({
  name: 'persons',
  description: 'persons with enriched, global and relationship-intelligence fields (GET /v2/persons)',
  group: 'tiered',
  after: ['field_value_changes', 'field_value_changes_v1'],
  schema: v2PersonSchema,
  read: {
    kind: 'sweep',
    request: () => ({ path: '/v2/persons', query: { limit: V2_PAGE, fieldTypes: [...ENTITY_FIELD_TYPES] }, paginator: 'v2' }),
    sweepWhen: sweepWhenCheaper('person', 'persons'),
    softDelete: { table: 'persons' },
    clearsDirty: { kind: 'person' },
  },
  transform: perRecordMarked((p, raw) => ({
    rows: v2PersonRows(p, raw, { fieldsRequested: true }),
    marks: [linkMark('person_links', p.id, [v2AssociationState(p.fields, COMPANIES_FIELD)])],
  })),
});
