import { v2NoteSchema, type V2Note } from '../extract/schemas/index.ts';
import { v2NoteRows, v2NoteTranscriptRows } from '../transform/index.ts';
import { perRecord } from './common.ts';
import { defineStream, type NoParams } from './define.ts';
import { updatedSinceFeed } from './feed.ts';

/**
 * Notes are swept (weekly by default) through the older listing, which serves 500 a call with replies
 * and attachments; between sweeps this feed picks up what was created or edited since the last run
 * through `/v2`'s updated-time filter. The previews carry the attached persons, companies and
 * opportunities (complete ones replace the set).
 *
 * With no mark (the first sync) the feed reads every note once, from the beginning: only `/v2/notes`
 * carries an AI-notetaker note's `transcriptId` (docs/contract.md §7.7, §1 "2026-09-17"), the older listing does
 * not, and the whole listing (root notes / 100 calls) is cheaper than reading the AI notes one by one
 * (a call each) once more than one note in a hundred is one. That read sets only `transcript_id` on the
 * notes the sweep wrote (an update, never a new row); a note created between the two reads is loaded by
 * the next sweep without it. Replies are not listed by `/v2/notes`: theirs stay unknown (null).
 */
export const notesUpdatesStream = defineStream({
  name: 'notes_updates',
  description: 'notes created or edited since the last run (GET /v2/notes?filter=updatedAt>=…)',
  group: 'other',
  needs: ['notes'],
  // The service may refuse the filter (neither document describes one on /v2/reminders): then notes is swept every `sweeps.feedless`.
  source: { capability: 'notes_updates', rank: 0, sweeps: 'notes' },
  schema: v2NoteSchema,
  read: {
    kind: 'feed',
    ...updatedSinceFeed<V2Note, NoParams>('/v2/notes', { includes: ['personsPreview', 'companiesPreview', 'opportunitiesPreview'] }),
  },
  // The first read only adds transcript ids to the notes the sweep (run before it, `needs`) wrote whole.
  transform: perRecord((n, raw, page) => (page.initialRead ? v2NoteTranscriptRows(n) : v2NoteRows(n, raw))),
});
