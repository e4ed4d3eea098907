import { V2_PAGE } from '../extract/limits.ts';
import { v2FileSchema } from '../extract/schemas/index.ts';
import { v2FileRows } from '../transform/index.ts';
import { perRecord } from './common.ts';
import { defineStream } from './define.ts';

/**
 * Files through `/v2/files` (the seed, docs/contract.md §S7: "beta; from 2026-09-17"), 100 per call. The older
 * `/entity-files` lists one person's, company's or opportunity's files per call under the seed (docs/contract.md
 * §S7), so it is this capability's fallback, and only when configured (`filesPerEntity`).
 */
export const filesStream = defineStream({
  name: 'files',
  description: 'files of persons, companies and opportunities, 100 per call (GET /v2/files, from 2026-09-17)',
  group: 'other',
  source: { capability: 'files', rank: 0 },
  minApiVersion: '2026-09-17',
  schema: v2FileSchema,
  read: { kind: 'sweep', request: () => ({ path: '/v2/files', query: { limit: V2_PAGE }, paginator: 'v2' }), softDelete: { table: 'files' } },
  transform: perRecord((f, raw) => v2FileRows(f, raw)),
});
