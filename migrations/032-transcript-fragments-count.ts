import { sql } from 'kysely';
import { columnTypes, type AnyDb } from './helpers.ts';

/**
 * How many fragments the `/v2/transcripts` listing says each transcript has (`fragments_count`, null when
 * the listing carries none), and when each transcript's fragments were last read (`sync_read_whole`, kind
 * `transcript_fragments`): the fragments stream re-reads only transcripts that are new, whose count
 * differs from the fragments held, that the listing gives no count for, or read longer ago than the cold
 * period (planner/fragment-ids.ts). An existing warehouse read every transcript's fragments it holds rows
 * for within its last pass, so the newest of those rows stands in for the read time; a transcript without
 * fragment rows is read once more. Frozen once released: later changes go in a new migration.
 */
export async function up(db: AnyDb): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('transcripts').addColumn('fragments_count', t.int).execute();
  await sql`insert into sync_read_whole (kind, id, read_at)
    select 'transcript_fragments', transcript_id, max(_synced_at) from transcript_fragments group by transcript_id`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`delete from sync_read_whole where kind = 'transcript_fragments'`.execute(db);
  await db.schema.alterTable('transcripts').dropColumn('fragments_count').execute();
}
