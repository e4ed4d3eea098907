import { describe, expect, it } from 'vitest';
import { planBudget, type StreamCost } from '../../src/budget/month-plan.ts';
import { formatPlan } from '../../src/cli/format/plan-text.ts';
import { adviceFor } from '../../src/budget/plan-report.ts';

const HOUR = 3_600_000;
// Hourly runs: 720 a month. Every run reads the change log (2 calls); companies cost 200 calls a pass, once a day.
const COSTS: StreamCost[] = [
  { name: 'field_value_changes', kind: 'every-run', calls: 2, periodMs: 0 },
  { name: 'companies', kind: 'periodic', calls: 200, periodMs: 24 * HOUR },
];

function lineOf(text: string, stream: string): string[] {
  const line = text.split('\n').find((l) => l.startsWith(`${stream} `));
  if (!line) throw new Error(`no line for ${stream} in:\n${text}`);
  return line.trim().split(/\s+/);
}

describe('relsync plan report', () => {
  it('prints per run, per day and per month for known costs that fit', () => {
    const plan = planBudget(COSTS, HOUR, 100_000);
    const text = formatPlan({ plan, unpriced: [], advice: adviceFor(plan) });
    // name, kind, period, calls, per run, per day, per month
    expect(lineOf(text, 'field_value_changes')).toEqual(['field_value_changes', 'every-run', 'run', '2.0', '2.0', '48', '1,440']);
    expect(lineOf(text, 'companies')).toEqual(['companies', 'periodic', '24.0h', '200.0', '8.3', '200', '6,000']);
    expect(text).toContain('schedule: a run every 60 min, 720 runs a month');
    expect(text).toContain('total a month as configured: 7,440 calls (every run 1,440, periodic 6,000)');
    expect(text).toContain('monthly budget: 100,000 calls: fits; a run spends at most 139');
    expect(text).not.toMatch(/^- /m);
  });

  it('stretches the periods and says what to change when the month does not fit', () => {
    // 3,440 leaves 2,000 for the 6,000 periodic calls: every period ×3, so companies every 72 h.
    const plan = planBudget(COSTS, HOUR, 3_440);
    const advice = adviceFor(plan);
    const text = formatPlan({ plan, unpriced: ['persons'], advice });
    expect(text).toContain('monthly budget: 3,440 calls: does NOT fit; periods stretched ×3.00');
    expect(lineOf(text, 'companies')).toEqual(['companies', 'periodic', '72.0h', '200.0', '2.8', '67', '2,000']);
    expect(advice).toEqual([
      'set longer periods (sweeps.entities / sweeps.other / sweeps.overrides); relsync stretches them itself to: companies 72h',
      'or raise monthlyBudget to at least 7440',
      'or run less often: every-run work costs 1440 of the 3440 calls a month',
    ]);
    expect(text).toContain('not priced yet (no complete pass in this warehouse; counted as 1 call): persons');
  });

  it('advises fewer runs when every-run work alone exceeds the budget', () => {
    const plan = planBudget(COSTS, HOUR, 1_000);
    expect(plan.stretch).toBe(Infinity);
    expect(adviceFor(plan)).toEqual([
      'every-run work alone (change log, feeds: 1440 calls a month) exceeds the budget: run less often (schedule) or raise monthlyBudget',
    ]);
    expect(lineOf(formatPlan({ plan, unpriced: [], advice: adviceFor(plan) }), 'companies')[2]).toBe('never');
  });

  it('names the single reads held to their share and how far they stretched', () => {
    // 200 single reads a day (6,000 a month) past their share, 20% of 10,000: ×3; the rest fits what is left.
    const costs: StreamCost[] = [
      ...COSTS.map((c) => (c.kind === 'periodic' ? { ...c, tier: 'hot' as const } : c)),
      { name: 'opportunity_associations_full', kind: 'periodic', calls: 200, periodMs: 24 * HOUR, tier: 'hot', ownShare: true },
    ];
    const plan = planBudget(costs, HOUR, 10_000, { ownShare: 0.2 });
    const text = formatPlan({ plan, unpriced: [], advice: adviceFor(plan) });
    expect(text).toContain(
      'does NOT fit; other periods kept; opportunity_associations_full held to their share of 2,000 calls a month (tiers.singleReadSharePercent): stretched ×3.00',
    );
    expect(lineOf(text, 'companies')[2]).toBe('24.0h');
    expect(lineOf(text, 'opportunity_associations_full')[2]).toBe('72.0h');
  });

  it('says when the month so far spent ahead of the budget, and plans the rest of it in what it affords', () => {
    const plan = planBudget(COSTS, HOUR, 100_000, { affordable: 4_440 });
    const text = formatPlan({ plan, unpriced: [], advice: adviceFor(plan) });
    expect(text).toContain('monthly budget: 100,000 calls: does NOT fit; periods stretched ×2.00');
    expect(text).toContain('the rest of it affords 4,440 calls a month, and the plan fits into that');
    expect(lineOf(text, 'companies')[2]).toBe('48.0h');
    expect(formatPlan({ plan: planBudget(COSTS, HOUR, 100_000), unpriced: [], advice: [] })).not.toContain('affords');
  });
});
