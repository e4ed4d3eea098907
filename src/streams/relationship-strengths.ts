import { v1RelationshipStrengthSchema } from '../extract/schemas/index.ts';
import { liveEntityIds } from '../planner/entity-ids.ts';
import { relationshipStrengthRows } from '../transform/index.ts';
import { perRecord } from './common.ts';
import { defineStream } from './define.ts';

/** One call per person: off unless `relationshipStrengths` is set. */
export const relationshipStrengthsStream = defineStream({
  name: 'relationship_strengths',
  description: 'relationship strengths, per external person (GET /relationships-strengths); opt-in',
  group: 'other',
  enabled: (config) => config.relationshipStrengths,
  needs: ['persons'],
  schema: v1RelationshipStrengthSchema,
  read: {
    kind: 'ids',
    ids: (ctx) => liveEntityIds(ctx, 'persons'),
    batchSize: 1,
    request: (ids) => ({ path: '/relationships-strengths', query: { external_id: ids[0] ?? 0 }, paginator: 'v1-array' }),
  },
  transform: perRecord((r, raw) => relationshipStrengthRows(r, raw)),
});
