import { V2_PAGE } from '../extract/limits.ts';
import { v2TranscriptSchema } from '../extract/schemas/index.ts';
import { transcriptRows } from '../transform/index.ts';
import { perRecord } from './common.ts';
import { defineStream } from './define.ts';

export const transcriptsStream = defineStream({
  name: 'transcripts',
  description: 'meeting transcripts (GET /v2/transcripts)',
  group: 'other',
  schema: v2TranscriptSchema,
  read: { kind: 'sweep', request: () => ({ path: '/v2/transcripts', query: { limit: V2_PAGE }, paginator: 'v2' }), softDelete: { table: 'transcripts' } },
  transform: perRecord((t, raw) => transcriptRows(t, raw)),
});
