import { V2_PAGE } from '../extract/limits.ts';
import { v2TeamMemberSchema } from '../extract/schemas/index.ts';
import { liveEntityIds } from '../planner/entity-ids.ts';
import { teamMembersRows } from '../transform/index.ts';
import { onlyId } from './common.ts';
import { defineStream } from './define.ts';

/** Members are only served per team; one team's pages are read, then its set is replaced whole. */
export const teamMembersStream = defineStream({
  name: 'team_members',
  description: 'team members, per team (GET /v2/teams/{id}/members)',
  group: 'metadata',
  minApiVersion: '2026-09-17',
  needs: ['teams'],
  schema: v2TeamMemberSchema,
  read: {
    kind: 'ids',
    ids: (ctx) => liveEntityIds(ctx, 'teams'),
    batchSize: 1,
    request: (ids) => ({ path: `/v2/teams/${ids[0]}/members`, query: { limit: V2_PAGE }, paginator: 'v2', endpoint: 'GET /v2/teams/{id}/members' }),
  },
  transform: (members, _raws, page) => ({ rows: teamMembersRows(onlyId(page), members) }),
});
