import { describe, expect, it } from 'vitest';
import { planBudget } from '../../src/budget/month-plan.ts';
import { countedCosts, type CountedStream, type ServiceCounts } from '../../src/budget/counted-costs.ts';
import { formatPlan } from '../../src/cli/format/plan-text.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const STREAMS: CountedStream[] = [
  { name: 'companies', kind: 'periodic', periodMs: DAY },
  { name: 'persons', kind: 'periodic', periodMs: DAY },
  { name: 'list_entries', kind: 'periodic', periodMs: DAY },
  { name: 'company_persons_full', kind: 'link-reads', periodMs: DAY },
  { name: 'person_companies_full', kind: 'link-reads', periodMs: DAY },
  { name: 'opportunity_associations_full', kind: 'link-reads', periodMs: DAY },
  { name: 'transcript_fragments', kind: 'periodic', periodMs: 7 * DAY },
  { name: 'field_value_changes', kind: 'feed', periodMs: 0 },
  { name: 'emails', kind: 'between', periodMs: 0 },
  { name: 'companies_changed', kind: 'change-marks', periodMs: 0 },
];

const exact = (n: number) => ({ n, exact: true });
const COUNTS: ServiceCounts = {
  lists: [
    { id: 1, kind: 'opportunity', size: exact(300) },
    { id: 2, kind: 'company', size: exact(101) },
  ],
  companies: exact(498),
  persons: exact(999),
  opportunities: exact(300),
  notes: null,
  opportunitySearchArrays: false,
};

const byName = (costs: ReturnType<typeof countedCosts>['costs'], name: string, kind = 'periodic') => costs.find((c) => c.name === name && c.kind === kind);

describe('plan before the first sync: prices from counts', () => {
  it('prices passes from exact counts, the smaller association side once, and every opportunity without search arrays', () => {
    const { costs, firstSync } = countedCosts(STREAMS, COUNTS);
    expect(byName(costs, 'companies')).toEqual({ name: 'companies', kind: 'periodic', calls: 5, periodMs: DAY, basis: 'counted' });
    expect(byName(costs, 'persons')?.calls).toBe(10);
    // 300 entries: 3 pages; 101: 2 pages.
    expect(byName(costs, 'list_entries')).toMatchObject({ calls: 5, basis: 'counted' });
    expect(byName(costs, 'company_persons_full')).toMatchObject({ calls: 498, basis: 'counted' });
    expect(byName(costs, 'person_companies_full')).toMatchObject({ calls: 0, basis: 'counted' });
    expect(byName(costs, 'opportunity_associations_full')).toMatchObject({ calls: 300, basis: 'counted' });
    // Absent is not empty: no count, priced at the least a pass costs, and said so.
    expect(byName(costs, 'transcript_fragments')).toMatchObject({ calls: 1, basis: 'not counted' });
    expect(byName(costs, 'field_value_changes', 'every-run')).toMatchObject({ calls: 1, basis: 'at least' });
    expect(byName(costs, 'emails', 'every-run')).toMatchObject({ calls: 1, basis: 'at least' });
    expect(byName(costs, 'companies_changed', 'every-run')).toMatchObject({ calls: 0, basis: 'at least' });
    // One pass of each periodic stream and link read, one page of the feed.
    expect(firstSync).toEqual({ calls: 5 + 10 + 5 + 498 + 0 + 300 + 1 + 1, basis: 'at least' });
  });

  it('a count cut at the cap makes what rests on it "at least"; no count, "not counted"', () => {
    const counts: ServiceCounts = { ...COUNTS, companies: { n: 4_000, exact: false }, persons: null, opportunitySearchArrays: true };
    const { costs } = countedCosts(STREAMS, counts);
    expect(byName(costs, 'companies')).toMatchObject({ calls: 40, basis: 'at least' });
    expect(byName(costs, 'persons')).toMatchObject({ calls: 1, basis: 'not counted' });
    expect(byName(costs, 'company_persons_full')).toMatchObject({ calls: 1, basis: 'not counted' });
    // The search carries the arrays: only opportunities at the cap need a single read, which no count tells.
    expect(byName(costs, 'opportunity_associations_full')).toMatchObject({ calls: 0, basis: 'at least' });
  });

  it('prints what was counted, with how many calls, and each price with what it rests on', () => {
    const { costs, firstSync } = countedCosts(STREAMS, COUNTS);
    const plan = planBudget(costs, HOUR, null);
    const text = formatPlan({
      plan,
      unpriced: [],
      advice: [],
      counted: { counts: COUNTS, calls: 4, cap: 20, firstSync, notCounted: ['transcript_fragments'] },
    });
    expect(text).toContain('no completed sync in this warehouse: priced from 4 counting calls (at most 20; --count-calls)');
    expect(text).toContain('counted: lists 2, companies 498, persons 999, opportunities 300, notes not counted');
    expect(text).toContain('first full sync: at least 820 calls');
    expect(text).toMatch(/^companies\s+periodic\s+24\.0h\s+5\.0\s+0\.2\s+5\s+150 counted$/m);
    expect(text).toMatch(/^transcript_fragments\s+periodic\s+168\.0h\s.* not counted$/m);
    expect(text).toContain('total a month as configured: at least ');
    expect(text).toContain('not counted (no cheap count in either document; priced at 1 call a pass, the least a pass costs): transcript_fragments');
  });
});
