import { sql } from 'kysely';
import type { PlanContext } from './context.ts';
import { liveEntityIds } from './entity-ids.ts';
import type { IdChunks } from './id-chunks.ts';

/**
 * Live transcripts whose fragments are worth a read, ascending, a chunk at a time: never read (new to
 * the warehouse), a listing count (`fragments_count`) other than the fragments held, no count in the
 * listing (absent never means unchanged: read every pass, as before counts), or read at or before
 * `readBefore` (the cold period's safety net for an edit that keeps the count). Fragments rarely change
 * once a transcript exists, so most passes read a few new transcripts instead of every one. Null
 * `readBefore` (a `sync --full`): every live transcript.
 */
export function transcriptFragmentIds(ctx: PlanContext, readBefore: Date | null): IdChunks {
  if (readBefore === null) return liveEntityIds(ctx, 'transcripts');
  const before = readBefore.toISOString();
  return async (after, limit) => {
    const rows = await sql<{ id: number | string }>`select t.id from transcripts t
      left join sync_read_whole rw on rw.kind = 'transcript_fragments' and rw.id = t.id
      where t._deleted_at is null and t.id > ${after}
        and (rw.read_at is null or t.fragments_count is null or rw.read_at <= ${before}
          or t.fragments_count <> (select count(*) from transcript_fragments f where f.transcript_id = t.id))
      order by t.id limit ${limit}`.execute(ctx.db.kysely);
    return rows.rows.map((r) => Number(r.id));
  };
}
