/**
 * `npm run bench -- --part month [--scale medium] [--days 30] [--focus uniform,interactions] [--contract reference,seed] [--webhooks --drop 0.1]`: a simulated
 * month of hourly runs under a 100,000-call month, measuring freshness (issues 18, 34). The simulator and relsync
 * share a simulated clock that a run moves on at 900 calls a minute (bench-clock.ts; no real rate limit: 30 days
 * take minutes). Two warehouses follow the same tenant in the same run: relevance tiers (`tiers.enabled: true`,
 * the default) and the design before them (`false`), each run at the same simulated hour after the same changes
 * (bench-month-changes.ts), each change at a random instant of its hour; `--webhooks` adds a third, tiers on, that
 * also receives the changes' webhook deliveries (bench-month-hooks.ts). For each change, staleness is the simulated
 * time from the change to the end of the run after which the warehouse shows it (bench-month-shown.ts).
 */
import { openDatabase } from '../src/load/db.ts';
import { silentLogger } from '../src/log.ts';
import { executeSync } from '../src/runner/execute.ts';
import { BudgetExhaustedError } from '../src/extract/http/errors.ts';
import { planReport } from '../src/budget/plan-report.ts';
import { startSimulator, GEN_END_MS, mulberry32, type ContractName, type Scale } from '@relsync/simulator';
import {
  ALL_KINDS,
  PERSON_KINDS,
  DAILY_PER_1000,
  changeWriter,
  hotRecords,
  hourChanges,
  shown,
  withoutSuperseded,
  type Change,
  type ChangeKind,
} from './bench-month-changes.ts';
import { PacedClock } from './bench-clock.ts';
import { HooksDesign, hooksConfigExtra, hooksSummary } from './bench-month-hooks.ts';
import { checkCompletion, completionLine, startCompletion, touch, type Completion } from './bench-month-complete.ts';
import { foldReads } from './bench-month-shown.ts';
import { personEndOnly, relevantChange, truthReasons, type Truth } from './bench-month-truth.ts';
import { benchConfig, freshWarehouse } from './bench-support.ts';
import { dumpChanges } from './bench-month-dump.ts';

import { BUDGET, DAY, FOCUSED_SHARE, HOUR, REPORT_EVERY_DAYS, dayRecall, planNow, summarize, type Design, type Recall } from './bench-month-report.ts';
interface MonthOptions {
  focus: 'uniform' | 'interactions';
  /** Which document the simulator follows where they differ (the seed is the stingier, contract.ts). */
  contract: ContractName;
  rate: number;
  dump?: string;
  /** With webhooks: the share of deliveries the simulator drops; null runs the two designs without. */
  drop: number | null;
}

async function runMonth(scale: Scale, days: number, { focus, contract, rate, dump, drop }: MonthOptions): Promise<void> {
  // The first sync at the start of a calendar month, the worst case for the month's budget (the data ends the day before).
  const start = Date.UTC(new Date(GEN_END_MS).getUTCFullYear(), new Date(GEN_END_MS).getUTCMonth() + 1, 1);
  let clock = start;
  const labels = drop === null ? (['tiers', 'no tiers'] as const) : (['tiers', 'no tiers', 'webhooks'] as const);
  // Each design its own account, so the service's monthly limit holds each to the budget as it would a tenant of its own.
  const accounts = labels.map((l, i) => ({ apiKey: `bench-${l.replace(' ', '-')}`, tenant: { id: 9_001 + i, name: `bench ${l}`, subdomain: `bench-${i}` } }));
  const sim = await startSimulator({ scale, seed: 1, rateLimitPerMin: 1_000_000, monthlyLimit: BUDGET, contract, accounts });
  const paced = new PacedClock(sim.stats, clock);
  sim.store.clock = () => paced.now();
  // The simulator's record of each request: which link sets a design's run read (drained after each run).
  sim.stats.log = [];
  const whs = labels.map((l) => freshWarehouse('sqlite', `month-${l.replace(' ', '-')}`));
  const designs: Design[] = [];
  let hooks: HooksDesign | null = null;
  let hour = 0;
  try {
    for (const [i, label] of labels.entries()) {
      const extra = label === 'webhooks' ? await hooksConfigExtra() : {};
      const config = benchConfig({ url: sim.url, apiKey: accounts[i]!.apiKey }, whs[i]!.databaseUrl, {
        schedule: '0 * * * *',
        monthlyBudget: BUDGET,
        tiers: { enabled: label !== 'no tiers' },
        ...extra,
      });
      designs.push({
        label,
        config,
        apiKey: accounts[i]!.apiKey,
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
        refusedAt: null,
      });
    }
    // The records relevant when the first sync begins, and when each warehouse had them all (the simulator's data),
    // checked after each scheduled run (a check reads every relevant record's rows; at large the webhook warehouse
    // makes about 50 hint runs a simulated hour).
    const completion = new Map<Design, Completion>(designs.map((d) => [d, startCompletion(sim.store, clock, d.config.tiers.hotWindow)]));
    const firstRunAt = start;
    const [, , hooked] = designs;
    if (hooked) {
      hooks = new HooksDesign(sim, hooked, paced, (calls) => {
        if (hour <= 24) hooked.firstDay += calls;
        else {
          hooked.calls += calls;
          hooked.spentBy.set('webhook hint runs', (hooked.spentBy.get('webhook hint runs') ?? 0) + calls);
        }
      });
      await hooks.start(drop ?? 0);
    }
    const run = async (d: Design, mode: 'full' | 'incremental') => {
      paced.set(Math.max(clock, d.freeAt));
      const requests = sim.stats.requests;
      const done = await executeSync({
        config: d.config,
        log: silentLogger(),
        apiKey: d.apiKey,
        mode,
        command: 'bench month',
        tty: false,
        now: () => new Date(paced.now()),
      }).catch((err: unknown) => {
        // A run the month's limit stopped is what a tenant would see (what it read is kept); anything else voids the bench.
        if (!(err instanceof BudgetExhaustedError)) throw err;
        return null;
      });
      d.freeAt = paced.now();
      if (!done) {
        d.refusedAt ??= d.freeAt;
        foldReads(d.readAt, sim.stats.log?.splice(0) ?? []);
        await checkCompletion(d.db, sim.store, completion.get(d)!, d.freeAt);
        return sim.stats.requests - requests;
      }
      const { summary } = done;
      if (summary.status !== 'succeeded') throw new Error(`${d.label} ${mode} run ${summary.status}: ${JSON.stringify(summary.errors)}`);
      foldReads(d.readAt, sim.stats.log?.splice(0) ?? []);
      await checkCompletion(d.db, sim.store, completion.get(d)!, d.freeAt);
      if (clock > start + DAY) for (const [name, s] of Object.entries(summary.streams)) d.spentBy.set(name, (d.spentBy.get(name) ?? 0) + s.calls);
      d.lastDay = [...d.lastDay.slice(-23), Object.fromEntries(Object.entries(summary.streams).map(([name, s]) => [name, s.calls]))];
      return summary.callsTotal;
    };
    // What the warehouse shows now, each change's staleness counted to the end of the run that showed it.
    const observe = async (d: Design, held?: Map<Change, number>) => {
      const got = await shown(d.db, d.pending, d.readAt);
      for (const c of got)
        if (held) held.set(c, d.freeAt);
        else d.seen.push({ ...c, staleness: d.freeAt - c.at });
      d.pending = d.pending.filter((c) => !got.has(c));
    };
    // A hint run's reads, then what the webhook warehouse shows after it (held until the hour's relevance is known).
    const heldByHints = new Map<Change, number>();
    const afterHint = async () => {
      foldReads(hooked!.readAt, sim.stats.log?.splice(0) ?? []);
      await observe(hooked!, heldByHints);
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
    const recall: Recall = { relevant: 0, hot: 0, counted: 0, min: 1, last: NaN, missed: {} };
    const personRecall: Recall = { relevant: 0, hot: 0, counted: 0, min: 1, last: NaN, missed: {} };
    const started = Date.now();
    for (hour = 1; hour <= days * 24; hour++) {
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
      const before = truthNow();
      const made: Change[] = [];
      // Each change at a random instant of the hour; the webhook warehouse's hint runs fall between them.
      for (const [kind, at] of hourChanges(owed, perHour, rand, clock)) {
        await hooks?.until(at, afterHint);
        paced.set(Math.max(at, hooked?.freeAt ?? at));
        const pool = focus === 'interactions' && rand() < FOCUSED_SHARE && hot.companies.length > 0 ? hot.companies : all;
        const id = pool[Math.floor(rand() * pool.length)]!;
        const c = writer.apply(kind, id, paced.now(), hotSet.has(id) ? 'hot' : 'cold');
        if (!c) continue;
        if (PERSON_KINDS.has(c.kind) && c.kind !== 'person_new' && c.kind !== 'person_from_email') c.tier = hot.persons.has(c.person ?? -1) ? 'hot' : 'cold';
        made.push(c);
        for (const x of completion.values()) touch(x, c);
        for (const d of designs) {
          const left = withoutSuperseded(d.pending, c);
          d.pending = [...left.pending, c];
          d.superseded += left.dropped;
        }
        const delivered = await hooks?.deliver(c);
        if (typeof delivered === 'boolean') c.delivered = delivered;
      }
      await hooks?.until(clock + HOUR, afterHint);
      const after = truthNow();
      for (const c of made) Object.assign(c, { relevant: relevantChange(c, before, after), personEnd: personEndOnly(c, before, after) });
      // What the hint runs showed before the hour's relevance was known.
      for (const [c, end] of heldByHints) hooked!.seen.push({ ...c, staleness: end - c.at });
      heldByHints.clear();
      clock += HOUR;
      for (const d of designs) {
        const calls = await run(d, 'incremental');
        if (hour > 24) d.calls += calls;
        else d.firstDay += calls;
        await observe(d);
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
      if (hour % (REPORT_EVERY_DAYS * 24) === 0 && hour < days * 24)
        summarize(designs, clock, [recall, personRecall], { scale, focus, contract, rate, days: hour / 24, start });
      if (hour % 24 === 0)
        console.log(
          `  day ${hour / 24}: ${designs.map((d) => `${d.label} ${d.calls} calls after day 1 so far, ${d.pending.length} unseen`).join('; ')} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
        );
    }
    summarize(designs, clock, [recall, personRecall], { scale, focus, contract, rate, days, start });
    if (hooks) hooksSummary(hooks, designs[0]!, clock, days);
    for (const d of designs) console.log(completionLine(d.label, completion.get(d)!, firstRunAt));
    if (dump) await dumpChanges(dump, designs, clock);
  } finally {
    await hooks?.close();
    for (const d of designs) await d.db.close();
    for (const w of whs) await w.dispose();
    await sim.close();
  }
}

/** `rate` multiplies the daily change rate (a small tenant sees few changes a month: too few for a p95); `dump` names a JSON-lines file of every change; `drop` adds the webhook design. */
export async function runMonthPart(
  scale: Scale,
  days: number,
  focuses: ReadonlyArray<'uniform' | 'interactions'>,
  contracts: readonly ContractName[],
  o: Omit<MonthOptions, 'focus' | 'contract'>,
): Promise<void> {
  for (const contract of contracts) for (const focus of focuses) await runMonth(scale, days, { ...o, focus, contract });
}
