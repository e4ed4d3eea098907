/** `relsync plan` as text: the numbers are budget/plan-report.ts (`PlanReport`). */
import type { BudgetPlan } from '../../budget/month-plan.ts';
import type { CountedPlan } from '../../budget/plan-counted.ts';
import type { PlanReport } from '../../budget/plan-report.ts';
import { hintShareWords } from '../../webhooks/status.ts';
import { tierWords } from './tier-words.ts';

const HOURS = 3_600_000;

const n = (x: number) => Math.round(x).toLocaleString('en-US');

/** Before the first sync: what was counted, with how many calls, and what the first sync will cost. */
function countedLines(c: CountedPlan): string[] {
  const count = (name: string, x: { n: number; exact: boolean } | null) => `${name} ${x === null ? 'not counted' : `${x.exact ? '' : 'at least '}${n(x.n)}`}`;
  const { counts } = c;
  return [
    `no completed sync in this warehouse: priced from ${c.calls} counting calls (at most ${c.cap}; --count-calls)`,
    `counted: ${[
      count('lists', { n: counts.lists.length, exact: true }),
      count('companies', counts.companies),
      count('persons', counts.persons),
      count('opportunities', counts.opportunities),
      count('notes', counts.notes),
    ].join(', ')}`,
    `first full sync: ${c.firstSync.basis === 'counted' ? 'about' : 'at least'} ${n(c.firstSync.calls)} calls`,
    '',
  ];
}

/** Work held to its own share stretches alone (month-plan.ts `ownShare`); then cold (and untiered) periods, then hot ones. */
function stretchWords(plan: BudgetPlan): string {
  const cold = Number.isFinite(plan.stretch) ? `×${plan.stretch.toFixed(2)}` : 'to never';
  const held = plan.streams.filter((s) => s.ownShare && s.kind === 'periodic' && s.calls > 0).map((s) => s.name);
  const own =
    plan.ownStretch > 1 && held.length > 0
      ? `; ${held.join(', ')} held to their share of ${n(plan.ownShareCalls ?? 0)} calls a month (tiers.singleReadSharePercent): stretched ×${plan.ownStretch.toFixed(2)}`
      : '';
  if (own && plan.stretch === 1 && plan.hotStretch === 1) return `other periods kept${own}`;
  if (plan.hotPerMonth === 0) return `periods stretched ${cold}${own}`;
  const tiers =
    plan.hotStretch > 1 ? `hot periods stretched ×${plan.hotStretch.toFixed(2)}, cold ones ${cold}` : `cold periods stretched ${cold}, hot periods kept`;
  return `${tiers}${own}`;
}

export function formatPlan(r: PlanReport): string {
  const { plan } = r;
  const lines = [
    ...(r.counted ? countedLines(r.counted) : []),
    `schedule: a run every ${(plan.runIntervalMs / 60_000).toFixed(0)} min, ${n(plan.runsPerMonth)} runs a month`,
    '',
  ];
  const basis = (s: { basis?: string }) => (r.counted ? ` ${s.basis ?? ''}` : '');
  lines.push(
    `${'stream'.padEnd(34)} ${'kind'.padEnd(9)} ${'period'.padStart(8)} ${'calls'.padStart(8)} ${'per run'.padStart(8)} ${'per day'.padStart(8)} ${'per month'.padStart(10)}${basis({ basis: 'price' })}`,
  );
  for (const s of [...plan.streams].sort((a, b) => b.perMonth - a.perMonth)) {
    if (s.perMonth === 0 && s.calls === 0) continue;
    const period = s.kind === 'every-run' ? 'run' : Number.isFinite(s.effectivePeriodMs) ? `${(s.effectivePeriodMs / HOURS).toFixed(1)}h` : 'never';
    lines.push(
      `${s.name.padEnd(34)} ${s.kind.padEnd(9)} ${period.padStart(8)} ${s.calls.toFixed(1).padStart(8)} ${s.perRun.toFixed(1).padStart(8)} ${n(s.perDay).padStart(8)} ${n(s.perMonth).padStart(10)}${basis(s)}`,
    );
  }
  const atLeast = r.counted && plan.streams.some((s) => s.basis !== 'counted') ? 'at least ' : '';
  lines.push(
    '',
    `total a month as configured: ${atLeast}${n(plan.totalPerMonth)} calls (every run ${n(plan.everyRunPerMonth)}, periodic ${n(plan.periodicPerMonth)})`,
  );
  lines.push(
    plan.monthlyBudget === null
      ? "monthly budget: unknown (set monthlyBudget, or run a sync so the service's headers report the limit)"
      : `monthly budget: ${n(plan.monthlyBudget)} calls: ${plan.fits ? 'fits' : `does NOT fit; ${stretchWords(plan)}`}; a run spends at most ${n(plan.perRunShare ?? 0)}`,
  );
  const afford = plan.affordablePerMonth;
  if (afford !== null && plan.monthlyBudget !== null && afford < plan.monthlyBudget)
    lines.push(`this calendar month so far spent ahead of the budget: the rest of it affords ${n(afford)} calls a month, and the plan fits into that`);
  if (r.hints) lines.push(`webhook ${hintShareWords(r.hints)}`);
  if (r.tiers) lines.push('', ...tierWords(r.tiers, false));
  if (r.unpriced.length > 0) lines.push(`not priced yet (no complete pass in this warehouse; counted as 1 call): ${r.unpriced.join(', ')}`);
  if (r.counted?.notCounted.length)
    lines.push(`not counted (no cheap count in either document; priced at 1 call a pass, the least a pass costs): ${r.counted.notCounted.join(', ')}`);
  if (r.counted) lines.push('every-run work is priced idle (1 call a feed, nothing for change re-reads); after a sync, `relsync plan` prices from the runs');
  for (const a of r.advice) lines.push(`- ${a}`);
  return `${lines.join('\n')}\n`;
}
