import { V1_SEARCH_PAGE, ASSOCIATION_CAP } from '../extract/limits.ts';
import { v1OpportunitySchema, type V1Opportunity } from '../extract/schemas/index.ts';
import { emptyBatch, type RowBatch } from '../load/batch.ts';
import { addAssociation } from '../transform/index.ts';
import { perRecord } from './common.ts';
import { defineStream } from './define.ts';

/**
 * Search results cut association arrays at 100; such an array is only added to (never replaces the
 * set) until the single read of `opportunity_associations_full` supplies the whole list.
 */
function searchItemAssociations(o: V1Opportunity): RowBatch {
  const b = emptyBatch();
  const persons = o.person_ids ?? null;
  const companies = o.organization_ids ?? null;
  addAssociation(b, 'opportunity_persons', 'opportunity_id', o.id, 'person_id', persons, (persons?.length ?? 0) >= ASSOCIATION_CAP);
  addAssociation(b, 'opportunity_companies', 'opportunity_id', o.id, 'company_id', companies, (companies?.length ?? 0) >= ASSOCIATION_CAP);
  return b;
}

/** Opportunity↔person and ↔company links: the older search carries both arrays for 500 records a call. */
export const opportunityAssociationsStream = defineStream({
  name: 'opportunity_associations',
  description: 'opportunity persons and companies, 500 per call (GET /opportunities)',
  group: 'entities',
  schema: v1OpportunitySchema,
  read: { kind: 'sweep', request: () => ({ path: '/opportunities', query: { page_size: V1_SEARCH_PAGE }, paginator: 'v1-token', recordsKey: 'opportunities' }) },
  transform: perRecord((o) => searchItemAssociations(o)),
});
