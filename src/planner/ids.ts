import { sql } from 'kysely';
import { ASSOCIATION_CAP } from '../extract/limits.ts';
import type { PlanContext } from './context.ts';

/** Ids of live rows of an entity table, ascending. */
export async function liveIds(ctx: PlanContext, table: 'transcripts' | 'teams' | 'persons'): Promise<number[]> {
  const rows = await sql<{ id: number }>`select id from ${sql.table(table)} where _deleted_at is null order by id`.execute(ctx.db.kysely);
  return rows.rows.map((r) => Number(r.id));
}

/**
 * Owners whose association set reached the service's cap of 100, so the bulk read may have cut it
 * short: these need a single-record read for the full list.
 */
export async function ownersAtCap(
  ctx: PlanContext,
  table: 'company_persons' | 'opportunity_persons' | 'opportunity_companies',
  ownerColumn: 'company_id' | 'person_id' | 'opportunity_id',
): Promise<number[]> {
  const rows = await sql<{
    id: number;
  }>`select ${sql.ref(ownerColumn)} as id from ${sql.table(table)} group by ${sql.ref(ownerColumn)} having count(*) >= ${ASSOCIATION_CAP} order by 1`.execute(
    ctx.db.kysely,
  );
  return rows.rows.map((r) => Number(r.id));
}

/** Opportunities with either association array at the cap. */
export async function opportunitiesAtCap(ctx: PlanContext): Promise<number[]> {
  const [persons, companies] = await Promise.all([
    ownersAtCap(ctx, 'opportunity_persons', 'opportunity_id'),
    ownersAtCap(ctx, 'opportunity_companies', 'opportunity_id'),
  ]);
  return [...new Set([...persons, ...companies])].sort((a, b) => a - b);
}
