/**
 * Which older single-record reads complete the association tables. A read that carried a record without
 * its association member left a `*_links` mark (state/dirty.ts): absent is never empty, so such a record's
 * set is unknown until a read that carries it. The marks are the memory of what each source lacked: later
 * runs plan from them, never by probing the service again.
 */
import { liveDirtyCount } from '../state/dirty.ts';
import type { PlanContext } from './context.ts';
import { unionIds, type IdChunks } from './id-chunks.ts';
import { liveMarkedIds, ownersAtCap } from './ids.ts';

/** Opportunities whose sets need `GET /opportunities/{id}`: at the cap, or unknown (the search lacked the arrays). */
export function opportunityLinkReads(ctx: PlanContext): IdChunks {
  return unionIds(
    ownersAtCap(ctx, 'opportunity_persons', 'opportunity_id'),
    ownersAtCap(ctx, 'opportunity_companies', 'opportunity_id'),
    liveMarkedIds(ctx, 'opportunity_links'),
  );
}

export type LinkSide = 'company' | 'person';

/**
 * company↔person pairs: each pair is known once EITHER its company's or its person's set is known. So when
 * every live company (or every live person) came with a complete set from `/v2`, nothing more is read;
 * otherwise the side with fewer unknown sets is read whole (`GET /organizations/{id}` or `GET /persons/{id}`,
 * one call each), which makes every pair known at the lowest count. Ties read companies.
 */
export async function companyPersonSide(ctx: PlanContext): Promise<LinkSide | null> {
  const [companies, persons] = await Promise.all([liveDirtyCount(ctx.db.kysely, 'company_links'), liveDirtyCount(ctx.db.kysely, 'person_links')]);
  if (companies === 0 || persons === 0) return null;
  return companies <= persons ? 'company' : 'person';
}

/**
 * The ids one side's single-read stream reads: its owners at the cap, plus every unknown set when it is the
 * side chosen. The side is chosen once, when the read starts: the read consumes the marks it counts.
 */
export async function companyPersonReads(ctx: PlanContext, side: LinkSide): Promise<IdChunks> {
  const atCap = ownersAtCap(ctx, 'company_persons', side === 'company' ? 'company_id' : 'person_id');
  if ((await companyPersonSide(ctx)) !== side) return atCap;
  return unionIds(atCap, liveMarkedIds(ctx, side === 'company' ? 'company_links' : 'person_links'));
}
