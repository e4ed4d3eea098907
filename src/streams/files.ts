import { V1_SEARCH_PAGE } from '../extract/limits.ts';
import { v1EntityFileSchema } from '../extract/schemas/index.ts';
import { v1EntityFileRows } from '../transform/index.ts';
import { perRecord } from './common.ts';
import { defineStream } from './define.ts';

export const filesStream = defineStream({
  name: 'files',
  description: 'files of persons, companies and opportunities, 500 per call (GET /entity-files)',
  group: 'other',
  schema: v1EntityFileSchema,
  read: { kind: 'sweep', request: () => ({ path: '/entity-files', query: { page_size: V1_SEARCH_PAGE }, paginator: 'v1-token', recordsKey: 'entity_files' }), softDelete: { table: 'files' } },
  transform: perRecord((f, raw) => v1EntityFileRows(f, raw)),
});
