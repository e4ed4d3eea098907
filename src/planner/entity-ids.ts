import { sql } from 'kysely';
import type { PlanContext } from './context.ts';
import type { IdChunks } from './id-chunks.ts';

export type EntityTable = 'persons' | 'companies' | 'opportunities';

/** Ids of live rows of an entity table, ascending, a chunk at a time (one read per id each). */
export function liveEntityIds(ctx: PlanContext, table: EntityTable | 'transcripts' | 'teams'): IdChunks {
  return async (after, limit) => {
    const rows = await sql<{ id: number }>`select id from ${sql.table(table)} where _deleted_at is null and id > ${after} order by id limit ${limit}`.execute(
      ctx.db.kysely,
    );
    return rows.rows.map((r) => Number(r.id));
  };
}
