/**
 * The month bench's report: staleness per kind and truth tier (censored), recall against the simulator's
 * truth, the month's calls and `relsync plan`'s month, printed beside their targets (bench-month.ts runs it).
 */
import { type Db } from '../src/load/db.ts';
import { planReport } from '../src/budget/plan-report.ts';
import { type ContractName, type Scale } from '@relsync/simulator';
import type { Config } from '../src/config/schema.ts';
import { ALL_KINDS, CHANGE_KINDS, type Change, type CompanyKind } from './bench-month-changes.ts';
import { missedBy, type TruthReason } from './bench-month-truth.ts';
import { report } from './bench-support.ts';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const BUDGET = 100_000;
/** Share of the changes that land on hot companies when they follow the interactions. */
export const FOCUSED_SHARE = 0.8;
/** A month at medium takes hours on a loaded machine: the tables so far are printed this often (simulated days). */
export const REPORT_EVERY_DAYS = 3;

export interface Design {
  label: 'tiers' | 'no tiers' | 'webhooks';
  config: Config;
  /** The design's own account (the service's monthly limit is per account). */
  apiKey: string;
  db: Db;
  /** Calls after day 1 (the steady state). */
  calls: number;
  firstSync: number;
  /** Calls of the first day's hourly runs, after the first sync. */
  firstDay: number;
  pending: Change[];
  seen: Array<Change & { staleness: number }>;
  /** Changes a later change made impossible to see before any run showed them (bench-month-changes.ts). */
  superseded: number;
  predicted: number | null;
  /**
   * The plan's stretched tier periods, the staleness bound each tier's passes hold: from the plan after day 1,
   * then from the plan of each report's moment (a growing hot tier stretches the cold period under the budget).
   */
  periods: { hot: number; cold: number } | null;
  /** Per stream: calls spent after day 1, and the plan's month after day 1 (where plan and spend part). */
  spentBy: Map<string, number>;
  predictedBy: Map<string, number>;
  /** Per stream, the calls of each of the last 24 hourly runs (the day the plan of the moment is held to). */
  lastDay: Array<Record<string, number>>;
  /** When its last run ended on the paced clock: a run that overran its hour delays the next one. */
  freeAt: number;
  /** When this warehouse's runs last requested each link set, from the simulator's request log (bench-month-shown.ts). */
  readAt: Map<string, number>;
  /** When the service's monthly limit first stopped one of its runs (null: never). */
  refusedAt: number | null;
}

export const pct = (xs: number[], p: number) =>
  xs.length === 0 ? NaN : [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
export const h = (ms: number) => (Number.isNaN(ms) ? '-' : `${(ms / HOUR).toFixed(1)}h`);

/**
 * Staleness of the changes `f` selects, censored: a change still unseen at `end` counts at its age then (a
 * lower bound of its staleness), never dropped, so an unseen change raises the p95 as it would once seen.
 */
export function ages(d: Design, end: number, f: (c: Change) => boolean): { all: number[]; unseen: number } {
  const unseen = d.pending.filter(f);
  return { all: [...d.seen.filter(f).map((c) => c.staleness), ...unseen.map((c) => end - c.at)], unseen: unseen.length };
}

/** The month a new user's first month holds: the first sync, the first day's runs, and the steady days scaled to the other 29. */
export function firstMonth(d: Design, days: number): number {
  return d.firstSync + d.firstDay + (d.calls / Math.max(1, days - 1)) * 29;
}

/** Relsync's hot classification against the simulator's truth: the share of relevant companies (persons) it counts hot. */
export interface Recall {
  relevant: number;
  hot: number;
  /** Today's hot tier, whole: what of it is not relevant by the truth is read at the hot period for nothing. */
  counted: number;
  /** The lowest daily recall so far, and the day's. */
  min: number;
  last: number;
  /** Today's relevant companies relsync counts cold, by the truth's reasons (a company may have several). */
  missed: Record<string, number>;
}

/** One day's recall: the relevant records `hot` holds, and the misses by the truth's reasons. */
export function dayRecall(r: Recall, why: Map<number, Set<TruthReason>>, hot: ReadonlySet<number>): void {
  const relevant = new Set(why.keys());
  const hits = [...relevant].filter((id) => hot.has(id)).length;
  Object.assign(r, {
    relevant: relevant.size,
    hot: hits,
    counted: hot.size,
    last: relevant.size === 0 ? 1 : hits / relevant.size,
    missed: missedBy(relevant, hot, why),
  });
  r.min = Math.min(r.min, r.last);
}

/**
 * The plan of the moment against the last day's spend, a month each: the plan at hour 24 is held to a month in
 * which the hot tier grows, while each run budgets by the plan of its moment (budget/run-budget.ts).
 */
export async function planNow(d: Design, clock: number): Promise<void> {
  const { plan, tiers } = await planReport(d.db, d.config, () => new Date(clock));
  const day = (name?: string) => d.lastDay.reduce((n, r) => n + (name === undefined ? Object.values(r).reduce((a, b) => a + b, 0) : (r[name] ?? 0)), 0) * 30;
  const priced = (name?: string) => Math.round(plan.streams.filter((s) => name === undefined || s.name === name).reduce((n, s) => n + s.perMonth, 0));
  const hot = tiers?.lines.find((l) => l.tier === 'hot');
  const cold = tiers?.lines.find((l) => l.tier === 'cold');
  if (hot && cold) d.periods = { hot: hot.periodMs, cold: cold.periodMs };
  console.log(
    `    ${d.label}: plan now vs the last day's spend, a month: company_persons_full ${priced('company_persons_full')} vs ${day('company_persons_full')}; all ${priced()} vs ${day()}; hot tier ${hot?.records ?? '-'} records; periods hot ${h(hot?.periodMs ?? NaN)} / cold ${h(cold?.periodMs ?? NaN)}`,
  );
}

/** The streams where the plan's month and the month spent part most (spent scaled to 30 days), then the costliest. */
export function planGaps(d: Design, days: number): void {
  const names = new Set([...d.spentBy.keys(), ...d.predictedBy.keys()]);
  const gaps = [...names].map((n) => ({ n, plan: d.predictedBy.get(n) ?? 0, spent: ((d.spentBy.get(n) ?? 0) * 30) / Math.max(1, days - 1) }));
  gaps.sort((a, b) => Math.abs(b.plan - b.spent) - Math.abs(a.plan - a.spent));
  console.log(
    `    plan vs spent, a month: ${gaps
      .slice(0, 6)
      .map((g) => `${g.n} ${Math.round(g.plan)} vs ${Math.round(g.spent)}`)
      .join('; ')}`,
  );
  // Where the month goes: what a contract or a design costs more is read here.
  const spent = [...gaps].sort((a, b) => b.spent - a.spent).slice(0, 8);
  console.log(`    spent, a month, the most: ${spent.map((g) => `${g.n} ${Math.round(g.spent)}`).join('; ')}`);
}

/** Rows by the simulator's truth (relevant or not) and kind; then by relsync's own tier, for comparison. */
export const GROUPS: Array<[string, (c: Change) => boolean]> = [
  ...([true, false] as const).flatMap((r) =>
    ALL_KINDS.map((k): [string, (c: Change) => boolean] => [`${r ? 'relevant' : 'other'} ${k}`, (c) => c.relevant === r && c.kind === k]),
  ),
  ...(['link_add', 'link_remove'] as const).map((k): [string, (c: Change) => boolean] => [
    `relevant ${k}, person end only`,
    (c) => c.kind === k && c.personEnd === true,
  ]),
  ...(['hot', 'cold'] as const).map((t): [string, (c: Change) => boolean] => [`relsync ${t}, all`, (c) => c.tier === t]),
];

export function table(d: Design, end: number, days: number): void {
  console.log(
    `  ${d.label}: steady ${d.calls} calls after day 1, first sync ${d.firstSync}, day 1 ${d.firstDay}; first month ${Math.round(firstMonth(d, days))}${d.predicted === null ? '' : `, plan predicted ${d.predicted}`}${d.periods ? `, tier periods hot ${h(d.periods.hot)} / cold ${h(d.periods.cold)}` : ''}; ${d.superseded} changes superseded before shown (not counted)`,
  );
  console.log(
    `    ${'truth / change'.padEnd(32)} ${'n'.padStart(5)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'max'.padStart(8)} unseen (censored: unseen count at their age)`,
  );
  for (const [name, f] of GROUPS) {
    const { all, unseen } = ages(d, end, f);
    if (all.length === 0) continue;
    console.log(
      `    ${name.padEnd(32)} ${String(all.length).padStart(5)} ${h(pct(all, 50)).padStart(8)} ${h(pct(all, 95)).padStart(8)} ${h(Math.max(...all)).padStart(8)} ${unseen}`,
    );
  }
}

export interface MonthArgs {
  scale: Scale;
  focus: 'uniform' | 'interactions';
  contract: ContractName;
  rate: number;
  /** Simulated days run so far. */
  days: number;
  /** When the first sync began (the first of a month). */
  start: number;
}

/** Both designs' tables and the targets, for the days run so far (printed every few days, then at the end). */
export function summarize(
  designs: Design[],
  clock: number,
  [recall, personRecall]: [Recall, Recall],
  { scale, focus, contract, rate, days, start }: MonthArgs,
): void {
  console.log(
    `month at ${scale}, the ${contract} contract, changes ${focus} (rate ×${rate}), ${days} days of hourly runs, budget ${BUDGET} (staleness: simulated hours from change to warehouse)`,
  );
  for (const d of designs) {
    table(d, clock, days);
    if (d.predicted !== null) planGaps(d, days);
  }
  const [t, base] = designs as [Design, Design];
  const month = (t.calls * 30) / Math.max(1, days - 1);
  // Each figure for relsync with tiers, and beside it the no-tier baseline of the same run.
  const both = (f: (d: Design) => number, show: (x: number) => string) => `${show(f(t))} (no tiers ${show(f(base))})`;
  for (const k of ALL_KINDS) {
    const p95 = (d: Design) => pct(ages(d, clock, (c) => c.relevant === true && c.kind === k).all, 95);
    if (Number.isNaN(p95(t))) continue;
    // A link relevant by either end; beside it, those whose company is relevant (its set is the one the tiers read).
    const byCompany = (d: Design) => pct(ages(d, clock, (c) => c.relevant === true && c.kind === k && c.personEnd !== true).all, 95);
    const split = k === 'link_add' || k === 'link_remove' ? `; company end relevant ${both(byCompany, h)}` : '';
    report(`relevant records (the simulator's truth), ${k}: p95 staleness, unseen counted`, `${both(p95, h)}${split}`, '<= 24h', p95(t) <= DAY);
  }
  const changeRecall = (d: Design) => {
    const rel = [...d.seen, ...d.pending].filter((c) => c.relevant === true && CHANGE_KINDS.includes(c.kind as CompanyKind));
    return rel.length === 0 ? NaN : rel.filter((c) => c.tier === 'hot').length / rel.length;
  };
  const percent = (x: number) => (Number.isNaN(x) ? '-' : `${(x * 100).toFixed(1)}%`);
  report(
    "recall of relsync's hot tier against the truth (relevant companies it counts hot)",
    `${percent(recall.last)} today (${recall.hot} of ${recall.relevant}; counted cold by reason: ${JSON.stringify(recall.missed)}), lowest day ${percent(recall.min)}; of the changes on relevant companies ${percent(changeRecall(t))}; the hot tier today ${recall.counted}, ${percent(recall.hot / recall.counted)} of it relevant`,
    '>= 95%',
    recall.min >= 0.95,
  );
  report(
    "recall of relsync's hot tier against the truth, persons",
    `${percent(personRecall.last)} today (${personRecall.hot} of ${personRecall.relevant}; counted cold by reason: ${JSON.stringify(personRecall.missed)}), lowest day ${percent(personRecall.min)}; the hot tier today ${personRecall.counted}, ${percent(personRecall.hot / personRecall.counted)} of it relevant`,
    '>= 95%',
    personRecall.min >= 0.95,
  );
  const coldMax = (d: Design) => Math.max(0, ...ages(d, clock, (c) => c.relevant !== true).all);
  report('other records (not relevant by the truth): max staleness, unseen at their age', both(coldMax, h), '<= 30 days', coldMax(t) <= 30 * DAY);
  // A month cannot show a cold bound longer than itself: the stretched cold period of the latest plan is the bound.
  if (t.periods) report("cold tier period, the plan's (the bound a month cannot show)", h(t.periods.cold), '<= 30 days', t.periods.cold <= 30 * DAY);
  const fieldMax = Math.max(0, ...t.seen.filter((c) => c.kind === 'field').map((c) => c.staleness));
  // Staleness runs to the end of the run that showed the change, and a run takes simulated time (the paced clock).
  const nextRun = HOUR + 5 * 60_000;
  report(
    'field values, both tiers: max staleness',
    h(fieldMax),
    '<= the next run (1h + its length, 5 min at most)',
    fieldMax <= nextRun && !t.pending.some((c) => c.kind === 'field'),
  );
  report(
    'month calls (days 2..end scaled to 30 days)',
    both(
      (d) => (d.calls * 30) / Math.max(1, days - 1),
      (x) => String(Math.round(x)),
    ),
    `<= ${BUDGET}`,
    month <= BUDGET,
  );
  report(
    'the first month (first sync + day 1 + the steady days scaled to the other 29)',
    both(
      (d) => firstMonth(d, days),
      (x) => String(Math.round(x)),
    ),
    `<= ${BUDGET}`,
    firstMonth(t, days) <= BUDGET,
  );
  // Each design has an account of its own, held by the simulator to the budget (the service's monthly limit).
  const refused = (d: Design) => (d.refusedAt === null ? 'never' : `after ${h(d.refusedAt - start)}`);
  report("the service's monthly limit stopped a run", `${refused(t)} (no tiers ${refused(base)})`, 'never', t.refusedAt === null);
  if (t.predicted !== null) {
    const off = Math.abs(t.predicted - month) / month;
    report("plan's month vs spent", `${t.predicted} vs ${Math.round(month)}: ${(off * 100).toFixed(1)}% off`, 'within 10%', off <= 0.1);
  }
}
