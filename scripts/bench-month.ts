/**
 * `npm run bench -- --part month [--scale medium] [--days 30] [--focus uniform,interactions]`: a simulated
 * month of hourly runs under a 100,000-call month, measuring freshness (issues 18, 34). The simulator and relsync
 * share a simulated clock that a run moves on at 900 calls a minute (bench-clock.ts; no real rate limit: 30 days
 * take minutes). Two warehouses follow the same tenant in the same run: relevance tiers (`tiers.enabled: true`,
 * the default) and the design before them (`false`), each run at the same simulated hour after the same changes
 * (bench-month-changes.ts). For each change, staleness is the simulated time from the change to the end of the
 * run after which the warehouse shows it (bench-month-shown.ts).
 */
import { openDatabase, type Db } from '../src/load/db.ts';
import { silentLogger } from '../src/log.ts';
import { executeSync } from '../src/runner/execute.ts';
import { planReport } from '../src/budget/plan-report.ts';
import { startSimulator, GEN_END_MS, mulberry32, type Scale } from '@relsync/simulator';
import type { Config } from '../src/config/schema.ts';
import {
  ALL_KINDS,
  CHANGE_KINDS,
  PERSON_KINDS,
  DAILY_PER_1000,
  changeWriter,
  hotRecords,
  shown,
  withoutSuperseded,
  type Change,
  type ChangeKind,
  type CompanyKind,
} from './bench-month-changes.ts';
import { PacedClock } from './bench-clock.ts';
import { foldReads } from './bench-month-shown.ts';
import { missedBy, relevantChange, truthReasons, type Truth, type TruthReason } from './bench-month-truth.ts';
import { benchConfig, freshWarehouse, report } from './bench-support.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const BUDGET = 100_000;
/** Share of the changes that land on hot companies when they follow the interactions. */
const FOCUSED_SHARE = 0.8;
/** A month at medium takes hours on a loaded machine: the tables so far are printed this often (simulated days). */
const REPORT_EVERY_DAYS = 3;

interface Design {
  label: 'tiers' | 'no tiers';
  config: Config;
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
}

const pct = (xs: number[], p: number) => (xs.length === 0 ? NaN : [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!);
const h = (ms: number) => (Number.isNaN(ms) ? '-' : `${(ms / HOUR).toFixed(1)}h`);

/**
 * Staleness of the changes `f` selects, censored: a change still unseen at `end` counts at its age then (a
 * lower bound of its staleness), never dropped, so an unseen change raises the p95 as it would once seen.
 */
function ages(d: Design, end: number, f: (c: Change) => boolean): { all: number[]; unseen: number } {
  const unseen = d.pending.filter(f);
  return { all: [...d.seen.filter(f).map((c) => c.staleness), ...unseen.map((c) => end - c.at)], unseen: unseen.length };
}

/** The month a new user's first month holds: the first sync, the first day's runs, and the steady days scaled to the other 29. */
function firstMonth(d: Design, days: number): number {
  return d.firstSync + d.firstDay + (d.calls / Math.max(1, days - 1)) * 29;
}

/** Relsync's hot classification against the simulator's truth: the share of relevant companies (persons) it counts hot. */
interface Recall {
  relevant: number;
  hot: number;
  /** The lowest daily recall so far, and the day's. */
  min: number;
  last: number;
  /** Today's relevant companies relsync counts cold, by the truth's reasons (a company may have several). */
  missed: Record<string, number>;
}

/** One day's recall: the relevant records `hot` holds, and the misses by the truth's reasons. */
function dayRecall(r: Recall, why: Map<number, Set<TruthReason>>, hot: ReadonlySet<number>): void {
  const relevant = new Set(why.keys());
  const hits = [...relevant].filter((id) => hot.has(id)).length;
  Object.assign(r, { relevant: relevant.size, hot: hits, last: relevant.size === 0 ? 1 : hits / relevant.size, missed: missedBy(relevant, hot, why) });
  r.min = Math.min(r.min, r.last);
}

/**
 * The plan of the moment against the last day's spend, a month each: the plan at hour 24 is held to a month in
 * which the hot tier grows, while each run budgets by the plan of its moment (budget/run-budget.ts).
 */
async function planNow(d: Design, clock: number): Promise<void> {
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

/** The streams where the plan's month and the month spent part most (spent scaled to 30 days). */
function planGaps(d: Design, days: number): void {
  const names = new Set([...d.spentBy.keys(), ...d.predictedBy.keys()]);
  const gaps = [...names].map((n) => ({ n, plan: d.predictedBy.get(n) ?? 0, spent: ((d.spentBy.get(n) ?? 0) * 30) / Math.max(1, days - 1) }));
  gaps.sort((a, b) => Math.abs(b.plan - b.spent) - Math.abs(a.plan - a.spent));
  console.log(
    `    plan vs spent, a month: ${gaps
      .slice(0, 6)
      .map((g) => `${g.n} ${Math.round(g.plan)} vs ${Math.round(g.spent)}`)
      .join('; ')}`,
  );
}

/** Rows by the simulator's truth (relevant or not) and kind; then by relsync's own tier, for comparison. */
const GROUPS: Array<[string, (c: Change) => boolean]> = [
  ...([true, false] as const).flatMap((r) =>
    ALL_KINDS.map((k): [string, (c: Change) => boolean] => [`${r ? 'relevant' : 'other'} ${k}`, (c) => c.relevant === r && c.kind === k]),
  ),
  ...(['hot', 'cold'] as const).map((t): [string, (c: Change) => boolean] => [`relsync ${t}, all`, (c) => c.tier === t]),
];

function table(d: Design, end: number, days: number): void {
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

interface MonthArgs {
  scale: Scale;
  focus: 'uniform' | 'interactions';
  rate: number;
  /** Simulated days run so far. */
  days: number;
}

/** Both designs' tables and the targets, for the days run so far (printed every few days, then at the end). */
function summarize(designs: Design[], clock: number, [recall, personRecall]: [Recall, Recall], { scale, focus, rate, days }: MonthArgs): void {
  console.log(
    `month at ${scale}, changes ${focus} (rate ×${rate}), ${days} days of hourly runs, budget ${BUDGET} (staleness: simulated hours from change to warehouse)`,
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
    report(`relevant records (the simulator's truth), ${k}: p95 staleness, unseen counted`, both(p95, h), '<= 24h', p95(t) <= DAY);
  }
  const changeRecall = (d: Design) => {
    const rel = [...d.seen, ...d.pending].filter((c) => c.relevant === true && CHANGE_KINDS.includes(c.kind as CompanyKind));
    return rel.length === 0 ? NaN : rel.filter((c) => c.tier === 'hot').length / rel.length;
  };
  const percent = (x: number) => (Number.isNaN(x) ? '-' : `${(x * 100).toFixed(1)}%`);
  report(
    "recall of relsync's hot tier against the truth (relevant companies it counts hot)",
    `${percent(recall.last)} today (${recall.hot} of ${recall.relevant}; counted cold by reason: ${JSON.stringify(recall.missed)}), lowest day ${percent(recall.min)}; of the changes on relevant companies ${percent(changeRecall(t))}`,
    '>= 95%',
    recall.min >= 0.95,
  );
  report(
    "recall of relsync's hot tier against the truth, persons",
    `${percent(personRecall.last)} today (${personRecall.hot} of ${personRecall.relevant}; counted cold by reason: ${JSON.stringify(personRecall.missed)}), lowest day ${percent(personRecall.min)}`,
    '>= 95%',
    personRecall.min >= 0.95,
  );
  const coldMax = (d: Design) => Math.max(0, ...ages(d, clock, (c) => c.relevant !== true).all);
  report('other records (not relevant by the truth): max staleness, unseen at their age', both(coldMax, h), '<= 30 days', coldMax(t) <= 30 * DAY);
  // A month cannot show a cold bound longer than itself: the stretched cold period of the latest plan is the bound.
  if (t.periods) report("cold tier period, the plan's (the bound a month cannot show)", h(t.periods.cold), '<= 30 days', t.periods.cold <= 30 * DAY);
  const fieldMax = Math.max(0, ...t.seen.filter((c) => c.kind === 'field').map((c) => c.staleness));
  report('field values, both tiers: max staleness', h(fieldMax), '<= 1 run (1h)', fieldMax <= HOUR && !t.pending.some((c) => c.kind === 'field'));
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
  if (t.predicted !== null) {
    const off = Math.abs(t.predicted - month) / month;
    report("plan's month vs spent", `${t.predicted} vs ${Math.round(month)}: ${(off * 100).toFixed(1)}% off`, 'within 10%', off <= 0.1);
  }
}

async function runMonth(scale: Scale, days: number, focus: 'uniform' | 'interactions', rate: number): Promise<void> {
  let clock = GEN_END_MS;
  const sim = await startSimulator({ scale, seed: 1, rateLimitPerMin: 1_000_000, monthlyLimit: null, contract: 'reference' });
  const paced = new PacedClock(sim.stats, clock);
  sim.store.clock = () => paced.now();
  // The simulator's record of each request: which link sets a design's run read (drained after each run).
  sim.stats.log = [];
  const whs = [freshWarehouse('sqlite', 'month-tiers'), freshWarehouse('sqlite', 'month-flat')];
  const designs: Design[] = [];
  try {
    for (const [i, label] of (['tiers', 'no tiers'] as const).entries()) {
      const config = benchConfig(sim, whs[i]!.databaseUrl, { schedule: '0 * * * *', monthlyBudget: BUDGET, tiers: { enabled: label === 'tiers' } });
      designs.push({
        label,
        config,
        db: await openDatabase(config.databaseUrl),
        calls: 0,
        firstSync: 0,
        firstDay: 0,
        pending: [],
        seen: [],
        superseded: 0,
        predicted: null,
        periods: null,
        spentBy: new Map(),
        predictedBy: new Map(),
        lastDay: [],
        readAt: new Map(),
        freeAt: clock,
      });
    }
    const run = async (d: Design, mode: 'full' | 'incremental') => {
      paced.set(Math.max(clock, d.freeAt));
      const { summary } = await executeSync({
        config: d.config,
        log: silentLogger(),
        apiKey: sim.apiKey,
        mode,
        command: 'bench month',
        tty: false,
        now: () => new Date(paced.now()),
      });
      d.freeAt = paced.now();
      if (summary.status !== 'succeeded') throw new Error(`${d.label} ${mode} run ${summary.status}: ${JSON.stringify(summary.errors)}`);
      foldReads(d.readAt, sim.stats.log?.splice(0) ?? []);
      if (clock > GEN_END_MS + DAY) for (const [name, s] of Object.entries(summary.streams)) d.spentBy.set(name, (d.spentBy.get(name) ?? 0) + s.calls);
      d.lastDay = [...d.lastDay.slice(-23), Object.fromEntries(Object.entries(summary.streams).map(([name, s]) => [name, s.calls]))];
      return summary.callsTotal;
    };
    // The first sync as a new user runs it: `relsync sync` on an empty warehouse, then hourly runs.
    for (const d of designs) {
      const t0 = Date.now();
      d.firstSync = await run(d, 'incremental');
      const took = (d.freeAt - clock) / 60_000;
      console.log(
        `  ${d.label}: first sync ${d.firstSync} calls, ${took.toFixed(1)} simulated minutes at 900 a minute, ${((Date.now() - t0) / 1000).toFixed(0)} s wall`,
      );
    }
    const rand = mulberry32(18);
    const writer = changeWriter(sim.store, rand);
    const owed = Object.fromEntries(ALL_KINDS.map((k) => [k, 0])) as Record<ChangeKind, number>;
    const perHour = (k: ChangeKind) => (rate * DAILY_PER_1000[k] * sim.store.companies.size) / 1000 / 24;
    const window = designs[0]!.config.tiers.hotWindow;
    const truthOf = (side: 'company' | 'person') => truthReasons(sim.store, side, clock, window);
    const truthNow = (): Truth => ({ companies: new Set(truthOf('company').keys()), persons: new Set(truthOf('person').keys()) });
    let hot = { companies: [] as number[], persons: new Set<number>() };
    const recall: Recall = { relevant: 0, hot: 0, min: 1, last: NaN, missed: {} };
    const personRecall: Recall = { relevant: 0, hot: 0, min: 1, last: NaN, missed: {} };
    const started = Date.now();
    for (let hour = 1; hour <= days * 24; hour++) {
      if ((hour - 1) % 24 === 0) {
        // Relsync's tiers of the day, and how much of the truth (the simulator's data alone) they count hot.
        hot = {
          companies: await hotRecords(designs[0]!.db, 'company', clock, window),
          persons: new Set(await hotRecords(designs[0]!.db, 'person', clock, window)),
        };
        dayRecall(recall, truthOf('company'), new Set(hot.companies));
        dayRecall(personRecall, truthOf('person'), hot.persons);
      }
      const hotSet = new Set(hot.companies);
      const all = [...sim.store.companies.keys()];
      // The changes of the hour are written at its start (writes make no requests: the clock stays).
      paced.set(clock);
      const before = truthNow();
      const made: Change[] = [];
      for (const kind of ALL_KINDS) {
        owed[kind] += perHour(kind);
        for (; owed[kind] >= 1; owed[kind] -= 1) {
          const pool = focus === 'interactions' && rand() < FOCUSED_SHARE && hot.companies.length > 0 ? hot.companies : all;
          const id = pool[Math.floor(rand() * pool.length)]!;
          const c = writer.apply(kind, id, clock, hotSet.has(id) ? 'hot' : 'cold');
          if (!c) continue;
          if (PERSON_KINDS.has(c.kind) && c.kind !== 'person_new' && c.kind !== 'person_from_email') c.tier = hot.persons.has(c.person ?? -1) ? 'hot' : 'cold';
          made.push(c);
          for (const d of designs) {
            const left = withoutSuperseded(d.pending, c);
            d.pending = [...left.pending, c];
            d.superseded += left.dropped;
          }
        }
      }
      const after = truthNow();
      for (const c of made) c.relevant = relevantChange(c, before, after);
      clock += HOUR;
      for (const d of designs) {
        const calls = await run(d, 'incremental');
        if (hour > 24) d.calls += calls;
        else d.firstDay += calls;
        const got = await shown(d.db, d.pending, d.readAt);
        for (const c of got) d.seen.push({ ...c, staleness: d.freeAt - c.at });
        d.pending = d.pending.filter((c) => !got.has(c));
        // After a day of history, the plan's month (the rest of the month is measured against it).
        if (hour === 24) {
          const planned = await planReport(d.db, d.config, () => new Date(clock));
          const streams = planned.plan.streams;
          const line = (t: 'hot' | 'cold') => planned.tiers?.lines.find((l) => l.tier === t)?.periodMs ?? NaN;
          d.periods = planned.tiers ? { hot: line('hot'), cold: line('cold') } : null;
          d.predicted = Math.round(streams.reduce((n, s) => n + s.perMonth, 0));
          for (const st of streams) d.predictedBy.set(st.name, (d.predictedBy.get(st.name) ?? 0) + st.perMonth);
        }
      }
      if (hour % (REPORT_EVERY_DAYS * 24) === 0 || hour === days * 24) for (const d of designs) if (d.periods) await planNow(d, clock);
      if (hour % (REPORT_EVERY_DAYS * 24) === 0 && hour < days * 24) summarize(designs, clock, [recall, personRecall], { scale, focus, rate, days: hour / 24 });
      if (hour % 24 === 0)
        console.log(
          `  day ${hour / 24}: ${designs.map((d) => `${d.label} ${d.calls} calls, ${d.pending.length} unseen`).join('; ')} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
        );
    }
    summarize(designs, clock, [recall, personRecall], { scale, focus, rate, days });
  } finally {
    for (const d of designs) await d.db.close();
    for (const w of whs) await w.dispose();
    await sim.close();
  }
}

/** `rate` multiplies the daily change rate (a small tenant sees few changes a month: too few for a p95). */
export async function runMonthPart(scale: Scale, days: number, focuses: ReadonlyArray<'uniform' | 'interactions' | 'first-sync'>, rate = 1): Promise<void> {
  for (const focus of focuses) {
    if (focus === 'first-sync') await (await import('./bench-month-first.ts')).runFirstSync(scale, days);
    else await runMonth(scale, days, focus, rate);
  }
}
