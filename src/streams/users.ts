import { V2_PAGE } from '../extract/limits.ts';
import { v2UserSchema } from '../extract/schemas/index.ts';
import { v2UserRows } from '../transform/index.ts';
import { perRecord } from './common.ts';
import { defineStream } from './define.ts';

export const usersStream = defineStream({
  name: 'users',
  description: 'users of the organisation (GET /v2/users)',
  group: 'metadata',
  schema: v2UserSchema,
  read: { kind: 'sweep', request: () => ({ path: '/v2/users', query: { limit: V2_PAGE }, paginator: 'v2' }), softDelete: { table: 'users' } },
  transform: perRecord((u, raw) => v2UserRows(u, raw)),
});
