import { emptyBatch, type RowBatch } from '../../load/batch.ts';
import { v1OpportunitySchema, v2OpportunitySchema, type V1Opportunity } from '../schemas/index.ts';
import { addAssociation, joinOpportunity, v1OpportunityAssociations } from '../../transform/index.ts';
import { defineStream } from '../stream.ts';
import { ASSOCIATION_CAP, V1_SEARCH_PAGE } from '../planner.ts';
import { ownersAtCap, perRecord } from './common.ts';

/**
 * `/v2` opportunity records are often partial (id, name, listId); list entries fill in the rest and own
 * `_raw` (their record carries the same opportunity, and more). When this stream wrote `_raw` too, the
 * column held whichever read came last: after a crash and resume the opportunities on list-entry pages
 * read before the crash kept this stream's partial record, so the warehouse differed from an
 * uninterrupted run's. This stream keeps the row alive (`_synced_at`, soft deletes) and its name and list.
 */
export const opportunitiesStream = defineStream({
  name: 'opportunities',
  description: 'opportunities, possibly partial (GET /v2/opportunities)',
  group: 'entities',
  request: () => ({ path: '/v2/opportunities', query: { limit: 100 }, paginator: 'v2' }),
  schema: v2OpportunitySchema,
  transform: perRecord((o) => {
    const b = joinOpportunity({ v2: o });
    for (const row of b.upserts.opportunities ?? []) delete row._raw;
    return b;
  }),
  softDelete: { table: 'opportunities' },
});

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
  request: () => ({ path: '/opportunities', query: { page_size: V1_SEARCH_PAGE }, paginator: 'v1-token', recordsKey: 'opportunities' }),
  schema: v1OpportunitySchema,
  transform: perRecord((o) => searchItemAssociations(o)),
});

async function opportunitiesAtCap(ctx: Parameters<typeof ownersAtCap>[0]): Promise<number[]> {
  const [persons, companies] = await Promise.all([
    ownersAtCap(ctx, 'opportunity_persons', 'opportunity_id'),
    ownersAtCap(ctx, 'opportunity_companies', 'opportunity_id'),
  ]);
  return [...new Set([...persons, ...companies])];
}

export const opportunityAssociationsFullStream = defineStream({
  name: 'opportunity_associations_full',
  description: 'full association lists of opportunities with 100+ links (GET /opportunities/{id})',
  group: 'entities',
  dependsOn: ['opportunity_associations'],
  request: () => ({ path: '/opportunities', paginator: 'single' }),
  byIds: {
    ids: opportunitiesAtCap,
    batchSize: 1,
    request: (ids) => ({ path: `/opportunities/${ids[0]}`, paginator: 'single', endpoint: 'GET /opportunities/{id}' }),
  },
  schema: v1OpportunitySchema,
  transform: perRecord((o) => v1OpportunityAssociations(o)),
});
