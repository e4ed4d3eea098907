/**
 * Link reads are priced at the period of the sweep whose passes mark them (`markedBy`), not their own group's:
 * an override of that sweep, or its feed refused (swept more often), moves their price with it. With tiers on,
 * those no tier ranks keep a share of the month of their own, and so does their sweep (month-plan.ts).
 */
import { describe, expect, it } from 'vitest';
import { pricedStreams } from '../../src/budget/run-budget.ts';
import { configSchema } from '../../src/config/schema.ts';
import { opportunityAssociationsFullStream } from '../../src/streams/opportunity-associations-full.ts';
import { opportunityAssociationsStream } from '../../src/streams/opportunity-associations.ts';
import { companiesStream } from '../../src/streams/companies.ts';
import { companyPersonsFullStream } from '../../src/streams/company-persons-full.ts';

const DAY = 86_400_000;
const streams = [opportunityAssociationsStream, opportunityAssociationsFullStream];
const config = (extra: Record<string, unknown>) => configSchema.parse({ apiKey: 'k', databaseUrl: 'sqlite::memory:', ...extra });
const readsOf = (priced: ReturnType<typeof pricedStreams>) => priced.find((s) => s.name === 'opportunity_associations_full' && s.linkReads);

describe('link reads priced at the sweep that marks them', () => {
  it('take an override of the opportunities search, and its hot tier', () => {
    const priced = pricedStreams(streams, config({ sweeps: { overrides: { opportunity_associations: '7d' } } }), () => null);
    expect(readsOf(priced)).toEqual({ name: 'opportunity_associations_full', everyRun: true, linkReads: true, periodMs: 7 * DAY, tier: 'hot', ownShare: true });
  });

  it('take the search period on sweeps.feedless when its feed is refused, and no tier without tiers', () => {
    const refused = (name: string) => (name === 'opportunity_associations' ? 'opportunities_updates' : null);
    const priced = pricedStreams(streams, config({ tiers: { enabled: false }, sweeps: { feedless: '6h' } }), refused);
    expect(readsOf(priced)).toEqual({ name: 'opportunity_associations_full', everyRun: true, linkReads: true, periodMs: DAY / 4 });
  });

  it('without their sweep among the streams, their own group period', () => {
    expect(readsOf(pricedStreams([opportunityAssociationsFullStream], config({}), () => null))?.periodMs).toBe(DAY);
  });

  it('with tiers on, the unranked reads and their sweep keep a share of their own; the tiered ones and their sweep do not', () => {
    const priced = pricedStreams([...streams, companiesStream, companyPersonsFullStream], config({}), () => null);
    const held = priced.filter((s) => s.ownShare).map((s) => s.name);
    expect(held.sort()).toEqual(['opportunity_associations', 'opportunity_associations_full']);
    const off = pricedStreams([...streams, companiesStream, companyPersonsFullStream], config({ tiers: { enabled: false } }), () => null);
    expect(off.filter((s) => s.ownShare)).toEqual([]);
  });
});
