import { V2_IDS_BATCH, V2_PAGE } from '../extract/limits.ts';
import { v2PersonSchema } from '../extract/schemas/index.ts';
import { v2PersonRows } from '../transform/index.ts';
import { ENTITY_FIELD_TYPES, perRecord } from './common.ts';
import { defineStream } from './define.ts';
import { entityReReads } from '../planner/entity-rereads.ts';

/** Persons marked for a re-read, and the hot tier due its re-read, 100 per `ids` lookup (see companies-changed.ts). */
export const personsChangedStream = defineStream({
  name: 'persons_changed',
  description: 'persons the change log, a hint or a row naming an unknown one marked, and the hot tier due its re-read, 100 per call (GET /v2/persons?ids=…)',
  group: 'metadata',
  after: ['field_value_changes', 'field_value_changes_v1', 'persons'],
  schema: v2PersonSchema,
  read: {
    kind: 'ids',
    ids: (ctx) => entityReReads(ctx, 'person'),
    batchSize: V2_IDS_BATCH,
    consumes: 'person',
    // A hot person the lookup leaves out may be deleted: persons_unseen asks (a person's set is rarely the side
    // read one by one, so no tier's single read would tell; companies_changed has companies_unseen likewise).
    unseen: 'person_unseen',
    request: (ids) => ({
      path: '/v2/persons',
      query: { ids: [...ids], fieldTypes: [...ENTITY_FIELD_TYPES], limit: V2_PAGE },
      paginator: 'v2',
      endpoint: 'GET /v2/persons?ids',
    }),
  },
  transform: perRecord((p, raw) => v2PersonRows(p, raw, { fieldsRequested: true })),
});
