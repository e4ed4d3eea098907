import { v1PersonSchema } from '../extract/schemas/index.ts';
import { companyPersonReads, companyPersonTiered } from '../planner/associations.ts';
import { v1PersonRead } from '../transform/index.ts';
import { confirmByIds, perRecord } from './common.ts';
import { defineStream } from './define.ts';

/** company↔person from the person side (`organization_ids`, whole), when persons are the cheaper side; see company-persons-full.ts. */
export const personCompaniesFullStream = defineStream({
  name: 'person_companies_full',
  description: 'company lists of persons no cheaper read gave whole (GET /persons/{id})',
  group: 'entities',
  needs: ['companies', 'persons'],
  // A record a hint run looks up first (a created one) is live before its own set is read.
  after: ['persons_changed'],
  schema: v1PersonSchema,
  read: {
    kind: 'ids',
    ids: (ctx) => companyPersonReads(ctx, 'person'),
    ranked: async (ctx) =>
      ctx.config.tiers.enabled
        ? companyPersonTiered(ctx, 'person', { now: ctx.now?.() ?? new Date(), hotWindowMs: ctx.config.tiers.hotWindow, caps: ctx.tierCaps ?? null })
        : null,
    batchSize: 1,
    consumes: 'person_links',
    markedBy: 'persons',
    goneFrom: 'persons',
    confirmGone: (ids) => confirmByIds('/v2/persons', 'GET /v2/persons?ids', ids),
    request: (ids) => ({ path: `/persons/${ids[0]}`, paginator: 'single', endpoint: 'GET /persons/{id}' }),
  },
  transform: perRecord((p) => v1PersonRead(p)),
});
