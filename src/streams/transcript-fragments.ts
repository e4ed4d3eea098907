import { V2_PAGE } from '../extract/limits.ts';
import { v2TranscriptFragmentSchema } from '../extract/schemas/index.ts';
import { emptyBatch } from '../load/schema/row-batch.ts';
import { transcriptFragmentIds } from '../planner/fragment-ids.ts';
import { transcriptFragmentsReplace } from '../transform/index.ts';
import { onlyId } from './common.ts';
import { defineStream } from './define.ts';

/**
 * Fragments are only served per transcript; every page of one transcript is replaced as a whole. A pass
 * reads only the transcripts whose fragments may have changed (planner/fragment-ids.ts; `sync --full` every
 * one), and remembers when it read each.
 */
export const transcriptFragmentsStream = defineStream({
  name: 'transcript_fragments',
  description: 'transcript fragments, per transcript (GET /v2/transcripts/{id}/fragments)',
  group: 'other',
  needs: ['transcripts'],
  schema: v2TranscriptFragmentSchema,
  read: {
    kind: 'ids',
    ids: (ctx) => transcriptFragmentIds(ctx, ctx.full ? null : new Date((ctx.now?.() ?? new Date()).getTime() - ctx.config.sweeps.cold)),
    remembers: 'transcript_fragments',
    batchSize: 1,
    request: (ids) => ({
      path: `/v2/transcripts/${ids[0]}/fragments`,
      query: { limit: V2_PAGE },
      paginator: 'v2',
      endpoint: 'GET /v2/transcripts/{id}/fragments',
    }),
  },
  transform: (fragments, _raws, page) => {
    const rows = emptyBatch();
    rows.replace.push(transcriptFragmentsReplace(onlyId(page), fragments));
    return { rows };
  },
});
