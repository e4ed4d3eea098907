import { v1OrganizationSchema } from '../extract/schemas/index.ts';
import { liveMarkedIds } from '../planner/ids.ts';
import { v1OrganizationRead } from '../transform/index.ts';
import { confirmByIds, perRecord } from './common.ts';
import { defineStream } from './define.ts';

/**
 * Companies a lookup by id left out (companies_changed, IdsRead.unseen), each read alone: silence from a batch
 * lookup proves nothing, a 404 a run apart does (runner/read-ids.ts), and the company is soft-deleted with that
 * page. A hot company's own set read tells its deletion anyway; this is for one that lost its standing signal
 * with the deletion (its list entries and deal memberships go with it, runner/leaving-marks.ts), which was
 * otherwise live until the cold sweep. One that answers has its names and person set written, as by
 * company_persons_full.
 */
export const companiesUnseenStream = defineStream({
  name: 'companies_unseen',
  description: 'companies a lookup by id left out, read alone to tell a deletion (GET /organizations/{id})',
  group: 'metadata',
  needs: ['companies', 'persons'],
  after: ['companies_changed'],
  schema: v1OrganizationSchema,
  read: {
    kind: 'ids',
    ids: (ctx) => liveMarkedIds(ctx, 'company_unseen'),
    batchSize: 1,
    consumes: 'company_unseen',
    goneFrom: 'companies',
    confirmGone: (ids) => confirmByIds('/v2/companies', 'GET /v2/companies?ids', ids),
    request: (ids) => ({ path: `/organizations/${ids[0]}`, paginator: 'single', endpoint: 'GET /organizations/{id}' }),
  },
  transform: perRecord((o) => v1OrganizationRead(o)),
});
