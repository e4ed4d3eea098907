import { sql } from 'kysely';
import type { PlanContext } from './context.ts';

export type EntityTable = 'persons' | 'companies' | 'opportunities';

/** Ids of live persons, companies or opportunities, ascending: one older per-entity call each. */
export async function liveEntityIds(ctx: PlanContext, table: EntityTable): Promise<number[]> {
  const rows = await sql<{ id: number }>`select id from ${sql.table(table)} where _deleted_at is null order by id`.execute(ctx.db.kysely);
  return rows.rows.map((r) => Number(r.id));
}
