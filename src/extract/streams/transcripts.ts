import { emptyBatch } from '../../load/batch.ts';
import { v2TranscriptFragmentSchema, v2TranscriptSchema, type V2TranscriptFragment } from '../schemas/index.ts';
import { transcriptFragmentsReplace, transcriptRows } from '../../transform/index.ts';
import { defineStream } from '../stream.ts';
import { batchId, liveIds, perRecord } from './common.ts';

export const transcriptsStream = defineStream({
  name: 'transcripts',
  description: 'meeting transcripts (GET /v2/transcripts)',
  group: 'other',
  request: () => ({ path: '/v2/transcripts', query: { limit: 100 }, paginator: 'v2' }),
  schema: v2TranscriptSchema,
  transform: perRecord((t, raw) => transcriptRows(t, raw)),
  softDelete: { table: 'transcripts' },
});

/** Fragments are only served per transcript; every page of one transcript is replaced as a whole. */
export const transcriptFragmentsStream = defineStream({
  name: 'transcript_fragments',
  description: 'transcript fragments, per transcript (GET /v2/transcripts/{id}/fragments)',
  group: 'other',
  dependsOn: ['transcripts'],
  request: () => ({ path: '/v2/transcripts', paginator: 'v2' }),
  byIds: {
    ids: (ctx) => liveIds(ctx, 'transcripts'),
    batchSize: 1,
    request: (ids) => ({ path: `/v2/transcripts/${ids[0]}/fragments`, query: { limit: 100 }, paginator: 'v2', endpoint: 'GET /v2/transcripts/{id}/fragments' }),
  },
  schema: v2TranscriptFragmentSchema,
  transform: (records, _raws, p) => {
    const b = emptyBatch();
    b.replace.push(transcriptFragmentsReplace(batchId(p), records as readonly V2TranscriptFragment[]));
    return b;
  },
});
