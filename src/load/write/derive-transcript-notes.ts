/**
 * `transcripts.note_id`, derived in this one place from `notes.transcript_id`: the lowest id among the
 * live notes that name the transcript, null when none does. Only `/v2/notes` says which transcript an
 * AI-notetaker note belongs to (`transcriptId`, docs/contract.md §7.7); no transcript read names its note in any
 * document relsync follows. The two sides are read by different streams at different times (transcripts
 * weekly, notes every run through their update feed), so neither side's page can fill the link alone:
 * the runner derives it at the end of every run, after all streams (runner/run-sync.ts). Only rows whose
 * link changed are written; `notes.transcript_id` is indexed for it (migration 012).
 */
import { sql } from 'kysely';
import type { Db } from '../db.ts';

/** Set every transcript's `note_id` from the notes; returns the number of transcripts changed. */
export async function linkTranscriptNotes(db: Db): Promise<number> {
  const named = sql<number | null>`(select min(n.id) from notes n where n.transcript_id = transcripts.id and n._deleted_at is null)`;
  const r = await db.kysely
    .updateTable('transcripts')
    .set({ note_id: named })
    .where(sql<boolean>`note_id is distinct from ${named}`)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
