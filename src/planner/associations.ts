/**
 * Which older single-record reads complete the association tables. A read that carried a record without
 * its association member left a `*_links` mark (state/dirty.ts): absent is never empty, so such a record's
 * set is unknown until a read that carries it. The marks are the memory of what each source lacked: later
 * runs plan from them, never by probing the service again.
 */
import { liveDirtyCount } from '../state/dirty.ts';
import type { PlanContext } from './context.ts';
import { fixedIds, type IdChunks } from './id-chunks.ts';
import { talkerReads, tieredLinkReads, type TierReadInput } from './tier-reads.ts';
import { liveMarkedIds } from './ids.ts';

/**
 * Opportunities whose sets need `GET /opportunities/{id}`: those marked unknown, because the read that
 * carried them lacked the arrays or gave them cut at the cap (link-marks.ts, list-entries.ts). A set of 100
 * or more rows is not re-read for its size alone: the single read that wrote it consumed its mark, and only
 * a later read that cuts it again marks it again. (Counting rows at the cap re-read such sets on every run,
 * idle ones included.)
 */
export function opportunityLinkReads(ctx: PlanContext): IdChunks {
  return liveMarkedIds(ctx, 'opportunity_links');
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
 * The ids one side's single-read stream reads: every unknown (absent or cut) set of that side when it is the
 * side chosen, else none. The side is chosen once, when the read starts: the read consumes the marks it counts.
 * A hint run reads the sets its hints marked on either side (webhooks/apply-hints.ts: a record's own set).
 */
export async function companyPersonReads(ctx: PlanContext, side: LinkSide): Promise<IdChunks> {
  if (ctx.hintedSince === undefined && (await companyPersonSide(ctx)) !== side) return fixedIds([]);
  return liveMarkedIds(ctx, side === 'company' ? 'company_links' : 'person_links');
}

/**
 * One side's single reads in tier order (planner/tier-reads.ts): none unless it is the side chosen. Under
 * caps (an incremental run), when companies are the side, the person side reads the persons who talked
 * within the hot window and whose own set was never read whole (talkerReads): once each, so the companies
 * they belong to, cold ones included, are hot by their interactions before their own sets come round.
 */
export async function companyPersonTiered(ctx: PlanContext, side: LinkSide, input: TierReadInput): Promise<Float64Array> {
  const chosen = await companyPersonSide(ctx);
  // No marks left on one side: the tiers' rolling refresh goes on with the side read before (tier-reads.ts).
  const read = chosen ?? (input.caps ? await refreshSide(ctx) : null);
  if (read === side) return tieredLinkReads(ctx.db.kysely, side, input);
  if (read === 'company' && side === 'person' && input.caps) return talkerReads(ctx.db.kysely, input.now, input.hotWindowMs);
  return new Float64Array(0);
}

/**
 * The side of the tiers' rolling refresh: the one with more sets read whole (ties: companies); null when
 * none was. Not the side read last: the talkers a company-side run reads on the person side (a few a day)
 * would flip it. Both streams agree on it.
 */
export async function refreshSide(ctx: PlanContext): Promise<LinkSide | null> {
  const rows = await ctx.db.kysely
    .selectFrom('sync_read_whole')
    .select(['kind', (eb) => eb.fn.countAll().as('n')])
    .where('kind', 'in', ['company_links', 'person_links'])
    .groupBy('kind')
    .execute();
  const count = (kind: string) => Number(rows.find((r) => r.kind === kind)?.n ?? 0);
  const [company, person] = [count('company_links'), count('person_links')];
  if (company === 0 && person === 0) return null;
  return person > company ? 'person' : 'company';
}
