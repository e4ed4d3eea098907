import { v1OrganizationSchema } from '../extract/schemas/index.ts';
import { companyPersonReads, companyPersonTiered } from '../planner/associations.ts';
import { v1OrganizationRead } from '../transform/index.ts';
import { confirmByIds, perRecord } from './common.ts';
import { defineStream } from './define.ts';

/**
 * company↔person from the company side: one older single read per company (`person_ids`, whole) when
 * companies are the side with fewer unknown sets (planner/associations.ts).
 */
export const companyPersonsFullStream = defineStream({
  name: 'company_persons_full',
  description: 'person lists of companies no cheaper read gave whole (GET /organizations/{id})',
  group: 'entities',
  needs: ['companies', 'persons'],
  // A record a hint run looks up first (a created one) is live before its own set is read.
  after: ['companies_changed'],
  schema: v1OrganizationSchema,
  read: {
    kind: 'ids',
    ids: (ctx) => companyPersonReads(ctx, 'company'),
    ranked: async (ctx) =>
      ctx.config.tiers.enabled
        ? companyPersonTiered(ctx, 'company', { now: ctx.now?.() ?? new Date(), hotWindowMs: ctx.config.tiers.hotWindow, caps: ctx.tierCaps ?? null })
        : null,
    batchSize: 1,
    consumes: 'company_links',
    markedBy: 'companies',
    goneFrom: 'companies',
    confirmGone: (ids) => confirmByIds('/v2/companies', 'GET /v2/companies?ids', ids),
    request: (ids) => ({ path: `/organizations/${ids[0]}`, paginator: 'single', endpoint: 'GET /organizations/{id}' }),
  },
  transform: perRecord((o) => v1OrganizationRead(o)),
});
