import { V1_SEARCH_PAGE } from '../extract/limits.ts';
import { v1OpportunitySchema, type V1Opportunity } from '../extract/schemas/index.ts';
import { emptyBatch, type RowBatch } from '../load/schema/row-batch.ts';
import { addAssociation } from '../transform/index.ts';
import { perRecordMarked } from './common.ts';
import { defineStream } from './define.ts';
import { linkMark, v1AssociationState } from './link-marks.ts';

/**
 * A present array replaces the set (at the cap it is only added to, until the single read of
 * `opportunity_associations_full` supplies the whole list); an ABSENT array writes nothing.
 */
function searchItemAssociations(o: V1Opportunity): RowBatch {
  const b = emptyBatch();
  const persons = v1AssociationState(o.person_ids);
  const companies = v1AssociationState(o.organization_ids);
  addAssociation(b, 'opportunity_persons', 'opportunity_id', o.id, 'person_id', o.person_ids, persons === 'cut');
  addAssociation(b, 'opportunity_companies', 'opportunity_id', o.id, 'company_id', o.organization_ids, companies === 'cut');
  return b;
}

/**
 * Opportunity↔person and ↔company links from the older search, 500 opportunities a call, where its items
 * carry `person_ids` / `organization_ids` (the reference, docs/contract.md §6.3). Where they do not (the seed lists
 * them only on `GET /opportunities/{id}`), each item leaves an `opportunity_links` mark: the list entries
 * settle it when their association fields are complete, else `opportunity_associations_full` reads it.
 */
export const opportunityAssociationsStream = defineStream({
  name: 'opportunity_associations',
  description: 'opportunity persons and companies, 500 per call (GET /opportunities)',
  group: 'entities',
  schema: v1OpportunitySchema,
  read: {
    kind: 'sweep',
    request: () => ({ path: '/opportunities', query: { page_size: V1_SEARCH_PAGE }, paginator: 'v1-token', recordsKey: 'opportunities' }),
  },
  transform: perRecordMarked((o) => ({
    rows: searchItemAssociations(o),
    marks: [linkMark('opportunity_links', o.id, [v1AssociationState(o.person_ids), v1AssociationState(o.organization_ids)])],
  })),
});
