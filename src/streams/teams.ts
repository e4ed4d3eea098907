import { V2_PAGE } from '../extract/limits.ts';
import { v2TeamSchema } from '../extract/schemas/index.ts';
import { v2TeamRows } from '../transform/index.ts';
import { perRecord } from './common.ts';
import { defineStream } from './define.ts';

export const teamsStream = defineStream({
  name: 'teams',
  description: 'teams (GET /v2/teams)',
  group: 'metadata',
  minApiVersion: '2026-09-17',
  schema: v2TeamSchema,
  read: { kind: 'sweep', request: () => ({ path: '/v2/teams', query: { limit: V2_PAGE }, paginator: 'v2' }), softDelete: { table: 'teams' } },
  transform: perRecord((t, raw) => v2TeamRows(t, raw)),
});
