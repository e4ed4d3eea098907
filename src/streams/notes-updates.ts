import { v2NoteSchema, type V2Note } from '../extract/schemas/index.ts';
import { v2NoteRows } from '../transform/index.ts';
import { perRecord } from './common.ts';
import { defineStream, type NoParams } from './define.ts';
import { updatedSinceFeed } from './feed.ts';

/**
 * Notes are swept (weekly by default) through the older listing, which serves 500 a call with replies
 * and attachments; between sweeps this feed picks up what was created or edited since the last run
 * through `/v2`'s updated-time filter. With no mark it starts at "now": the sweep holds the history.
 * The previews carry the attached persons, companies and opportunities (complete ones replace the set).
 */
export const notesUpdatesStream = defineStream({
  name: 'notes_updates',
  description: 'notes created or edited since the last run (GET /v2/notes?filter=updatedAt>=…)',
  group: 'other',
  needs: ['notes'],
  // The service may refuse the filter (neither document describes one on /v2/reminders): then notes is swept every run.
  source: { capability: 'notes_updates', rank: 0, sweeps: 'notes' },
  schema: v2NoteSchema,
  read: {
    kind: 'feed',
    ...updatedSinceFeed<V2Note, NoParams>('/v2/notes', { startAtNow: true, includes: ['personsPreview', 'companiesPreview', 'opportunitiesPreview'] }),
  },
  transform: perRecord((n, raw) => v2NoteRows(n, raw)),
});
