import { sql } from 'kysely';
import type { AnyDb } from './helpers.ts';

/*
 * AI-notetaker notes and their transcripts (issue 13).
 * - `transcripts.note_id` is derived from `notes.transcript_id` at the end of every run
 *   (src/load/write/derive-transcript-notes.ts): an index on `notes.transcript_id` keeps that a probe per transcript.
 * - Only `/v2/notes` carries `transcriptId`, and its update feed (`notes_updates`) used to start at the
 *   first sync's "now", so notes written before never got one. Forgetting the feed's mark makes the next
 *   run read every note once through `/v2/notes` (root notes / 100 calls), then follow the feed as before.
 * Frozen once released: later changes go in a new migration.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('notes_transcript_id_idx').on('notes').column('transcript_id').execute();
  await sql`delete from sync_state where stream = 'notes_updates'`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('notes_transcript_id_idx').ifExists().execute();
}
