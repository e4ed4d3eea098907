import { emptyBatch, type ReplaceSetOf, type RowBatch } from '../load/schema/row-batch.ts';
import type { V2Transcript, V2TranscriptFragment } from '../extract/schemas/index.ts';
import { addUpsert, rawJson, replaceSet } from './rows.ts';
import { normalizeTimestamp, offsetToMs } from './timestamps.ts';

/** Transcripts (AI notetaker) → `transcripts` rows + `transcript_fragments` (replaced per transcript). */

/**
 * A transcript's whole fragment list, in order (`idx` 0..n-1). Only call it with ALL fragments (every
 * page of `/v2/transcripts/{id}/fragments`): a partial list would delete the rest.
 */
export function transcriptFragmentsReplace(transcriptId: number, fragments: readonly V2TranscriptFragment[]): ReplaceSetOf<'transcript_fragments'> {
  return replaceSet(
    'transcript_fragments',
    ['transcript_id'],
    [{ transcript_id: transcriptId }],
    fragments.map((f, idx) => ({
      transcript_id: transcriptId,
      idx,
      speaker: typeof f.speaker === 'string' ? f.speaker : (f.speaker?.name ?? null),
      content: f.content,
      start_ms: offsetToMs(f.startTimestamp),
      end_ms: offsetToMs(f.endTimestamp),
    })),
  );
}

/**
 * `/v2/transcripts` item or single read. `fragmentsPreview` (single read only) replaces the fragments
 * when it is complete (`totalCount` ≤ its length); otherwise the caller pages the fragments endpoint
 * and uses `transcriptFragmentsReplace`. The meeting is `meeting.id`, else the AI note's interaction
 * when that is a meeting; the language is `languageCode` (SDK) or `language`. `note_id` is not written
 * here: it is derived from the notes that name the transcript (load/write/derive-transcript-notes.ts); a `note`
 * member (in no document this code follows) stays in `_raw`.
 */
export function transcriptRows(t: V2Transcript, raw?: unknown): RowBatch {
  const b = emptyBatch();
  const interaction = t.note?.interaction;
  const noteMeeting = interaction && (interaction.type ?? 'meeting') === 'meeting' ? interaction.id : null;
  addUpsert(b, 'transcripts', {
    id: t.id,
    title: t.title ?? null,
    meeting_id: t.meeting?.id ?? noteMeeting,
    language: t.languageCode ?? t.language ?? null,
    created_at: normalizeTimestamp(t.createdAt ?? null),
    fragments_count: t.fragmentsCount ?? null,
    _raw: rawJson(raw, t),
  });
  const preview = t.fragmentsPreview;
  if (preview?.data) {
    const complete = typeof preview.totalCount !== 'number' || preview.totalCount <= preview.data.length;
    if (complete) b.replace.push(transcriptFragmentsReplace(t.id, preview.data));
  }
  return b;
}
