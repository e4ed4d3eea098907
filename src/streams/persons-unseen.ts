import { v1PersonSchema } from '../extract/schemas/index.ts';
import { liveMarkedIds } from '../planner/ids.ts';
import { v1PersonRead } from '../transform/index.ts';
import { confirmByIds, perRecord } from './common.ts';
import { defineStream } from './define.ts';

/**
 * Persons a lookup by id left out (persons_changed, IdsRead.unseen), each read alone: silence from a batch
 * lookup proves nothing, a 404 a run apart does (runner/read-ids.ts), and the person is soft-deleted with that
 * page. So a hot person's deletion shows within the hot period (its re-read by id leaves it out), not at the
 * persons sweep of the cold tier. One that answers (a record the `/v2` lookup could not serve yet) has its
 * names and company↔person set written, as by person_companies_full.
 */
export const personsUnseenStream = defineStream({
  name: 'persons_unseen',
  description: 'persons a lookup by id left out, read alone to tell a deletion (GET /persons/{id})',
  group: 'metadata',
  needs: ['companies', 'persons'],
  after: ['persons_changed'],
  schema: v1PersonSchema,
  read: {
    kind: 'ids',
    ids: (ctx) => liveMarkedIds(ctx, 'person_unseen'),
    batchSize: 1,
    consumes: 'person_unseen',
    goneFrom: 'persons',
    confirmGone: (ids) => confirmByIds('/v2/persons', 'GET /v2/persons?ids', ids),
    request: (ids) => ({ path: `/persons/${ids[0]}`, paginator: 'single', endpoint: 'GET /persons/{id}' }),
  },
  transform: perRecord((p) => v1PersonRead(p)),
});
