/**
 * `transcripts.note_id` derived from `notes.transcript_id` (load/write/derive-transcript-notes.ts), on both dialects:
 * the lowest live note naming the transcript, null when none does, and only changed rows are written.
 */
import { expect, it } from 'vitest';
import { applyBatch } from '../../src/load/write/apply-batch.ts';
import { emptyBatch, addRows } from '../../src/load/schema/row-batch.ts';
import { linkTranscriptNotes } from '../../src/load/write/derive-transcript-notes.ts';
import { forEachDialect, useMigratedDb } from '../helpers/dialects.ts';

const T1 = '2024-04-01T07:00:00.000Z';

forEachDialect('load: transcript notes', (dialect) => {
  const db = useMigratedDb(dialect);

  async function links(): Promise<Array<[number, number | null]>> {
    const rows = await db().kysely.selectFrom('transcripts').select(['id', 'note_id']).orderBy('id').execute();
    return rows.map((r) => [r.id, r.note_id]);
  }

  it('links each transcript to the lowest live note naming it, and unlinks it when none does', async () => {
    const k = db().kysely;
    const b = emptyBatch();
    addRows(b, 'transcripts', [{ id: 1 }, { id: 2 }, { id: 3 }]);
    addRows(b, 'notes', [
      { id: 30, type: 'ai-notetaker', transcript_id: 1 },
      { id: 20, type: 'ai-notetaker', transcript_id: 1 },
      { id: 40, type: 'ai-notetaker', transcript_id: 2 },
      { id: 50, type: 'entities', transcript_id: null },
    ]);
    await k.transaction().execute((trx) => applyBatch(trx, db().dialect, b, T1));
    expect(await linkTranscriptNotes(db())).toBe(2);
    expect(await links()).toEqual([
      [1, 20],
      [2, 40],
      [3, null],
    ]);
    // Nothing changed: nothing is written.
    expect(await linkTranscriptNotes(db())).toBe(0);

    // Note 20 is deleted upstream, note 40 now names no transcript (the service said null).
    await k.updateTable('notes').set({ _deleted_at: T1 }).where('id', '=', 20).execute();
    await k.updateTable('notes').set({ transcript_id: null }).where('id', '=', 40).execute();
    expect(await linkTranscriptNotes(db())).toBe(2);
    expect(await links()).toEqual([
      [1, 30],
      [2, null],
      [3, null],
    ]);
  });
});
