import type { Config } from '../config/schema.ts';
import type { Db } from '../load/db.ts';
import type { Logger } from '../log.ts';
import { monthlyBudgetOf, planBudget, runsPerMonth, type BudgetPlan, type StreamCost } from './month-plan.ts';
import { pagesPerRun } from '../planner/pass-share.ts';
import { hintRunCost, lastHeaderLimit, streamCosts, type PricedStream } from './costs.ts';
import { hintShareCalls } from './hint-share.ts';
import { affordablePerMonth, callsThisMonth, nextMonthStartMs } from './month-to-date.ts';
import { meanIntervalMs } from '../planner/schedule-interval.ts';
import { linkTierCosts, type LinkTiers } from './tier-costs.ts';
import type { LinkSide } from '../planner/associations.ts';
import type { TierCaps } from '../planner/tier-reads.ts';
import type { AnyStream } from '../streams/define.ts';
import { sweepInterval } from './sweep-period.ts';

/** The month plan's line for webhook hint runs (`relsync plan` prints it with the streams). */
export const HINT_RUNS_COST = 'webhook hint runs';

/** How many pages of periodic work a stream may still read in this run. */
export interface PageAllowance {
  allow(): boolean;
  take(): void;
  /** Pages of the pass one run reads (its share). */
  readonly cap: number;
  /** The pass's period after the budget stretched it: a pass begins no more often (run-stream.ts). */
  readonly periodMs: number;
}

export interface RunBudget {
  plan: BudgetPlan;
  /** Each tier's stretched period: the company↔person reads of this run take their share of each (planner/tier-reads.ts). */
  tierCaps: TierCaps;
  /** Null for every-run work and for a stream with no complete pass yet (its first pass is read at once). */
  allowanceFor(name: string): PageAllowance | null;
}

/** The company↔person single reads scheduled by relevance tier (planner/tier-reads.ts), and their side. */
function tieredSide(s: AnyStream, config: Config): 'company' | 'person' | null {
  if (!config.tiers.enabled || s.read.kind !== 'ids' || !s.read.ranked) return null;
  return s.read.consumes === 'company_links' ? 'company' : s.read.consumes === 'person_links' ? 'person' : null;
}

/** Entity sweeps (and the link reads they mark) are hot work with tiers on: they stretch last. */
function hotTier(s: AnyStream, config: Config): { tier?: 'hot' } {
  return config.tiers.enabled && s.group === 'entities' ? { tier: 'hot' } : {};
}

/**
 * With tiers on, the link reads no tier ranks (one call a record: the opportunities' single reads where the
 * search lacks their sets) and the sweeps that mark them keep a share of the month of their own (month-plan.ts).
 */
function heldToShare(streams: readonly AnyStream[], config: Config): Set<string> {
  const held = new Set<string>();
  if (!config.tiers.enabled) return held;
  for (const s of streams) {
    const read = s.read;
    if (read.kind !== 'ids' || !read.consumes?.endsWith('_links') || tieredSide(s, config) !== null) continue;
    held.add(s.name);
    if (read.markedBy) held.add(read.markedBy);
  }
  return held;
}

/**
 * Every stream priced as every-run or periodic work; a sweep with a between-sweeps feed is both. Entity
 * sweeps are hot work (they catch the renames and deletes of hot records); tiered link reads are priced
 * apart (linkTierCosts).
 */
export function pricedStreams(
  streams: readonly AnyStream[],
  config: Config,
  sweptWithoutFeed: (name: string) => string | null,
  tierSide: LinkSide | null = null,
): PricedStream[] {
  const out: PricedStream[] = [];
  const held = heldToShare(streams, config);
  for (const s of streams) {
    const read = s.read;
    const side = tieredSide(s, config);
    const own = held.has(s.name) ? { ownShare: true } : {};
    // While companies are the tiers' side, the person side reads only the persons who talked and whose set
    // was never read (associations.ts): a few new ones a run, priced as every-run work from recent runs.
    if (side === 'person' && tierSide === 'company') out.push({ name: s.name, everyRun: true, periodMs: 0, marksOnly: true });
    if (side) continue;
    // Link reads follow the sweep that marks them (the opportunities' search marks every opportunity whose
    // sets it lacks): priced at that sweep's period and tier, so both stretch by the same factor.
    if (read.kind === 'ids' && read.consumes?.endsWith('_links')) {
      const marker = streams.find((m) => m.name === read.markedBy) ?? s;
      const periodMs = sweepInterval(config, marker.name, marker.group, sweptWithoutFeed(marker.name) !== null);
      out.push({ name: s.name, everyRun: true, linkReads: true, periodMs, ...hotTier(marker, config), ...own });
      continue;
    }
    if (read.kind === 'ids' && read.remembers) {
      out.push({
        name: s.name,
        everyRun: false,
        periodMs: sweepInterval(config, s.name, s.group),
        unchanged: { kind: read.remembers, periodMs: config.sweeps.cold },
      });
      continue;
    }
    const everyRun = read.kind === 'feed' || (read.kind === 'ids' && read.consumes !== undefined);
    const hot = everyRun ? {} : hotTier(s, config);
    const marksOnly = read.kind === 'ids' && read.consumes !== undefined ? { marksOnly: true } : {};
    out.push({
      name: s.name,
      everyRun,
      periodMs: everyRun ? 0 : sweepInterval(config, s.name, s.group, sweptWithoutFeed(s.name) !== null),
      ...hot,
      ...marksOnly,
      ...(everyRun ? {} : own),
    });
    if (!everyRun && read.kind === 'sweep' && read.between) out.push({ name: s.name, everyRun: true, periodMs: 0, between: true });
  }
  return out;
}

/** The tiered link reads' costs (at most one side is read). */
async function tierCosts(db: Db, config: Config, streams: readonly AnyStream[], now: Date): Promise<LinkTiers | null> {
  for (const s of streams) {
    const side = tieredSide(s, config);
    if (!side) continue;
    const priced = await linkTierCosts({ db }, s.name, side, {
      hotMs: config.sweeps.hot,
      coldMs: config.sweeps.cold,
      hotWindowMs: config.tiers.hotWindow,
      now,
    });
    if (priced) return priced;
  }
  return null;
}

/**
 * The run's budget plan from the warehouse's history and config, with the relevance tiers of the link reads,
 * and the calls this calendar month so far (null without a budget), which the run's paced share reads too.
 */
export async function budgetPlan(
  db: Db,
  config: Config,
  streams: readonly AnyStream[],
  sweptWithoutFeed: (name: string) => string | null,
  now: Date = new Date(),
): Promise<{ plan: BudgetPlan; unknown: string[]; tiers: LinkTiers | null; spentThisMonth: number | null }> {
  const tiers = await tierCosts(db, config, streams, now);
  const { costs, unknown } = await streamCosts({ db }, pricedStreams(streams, config, sweptWithoutFeed, tiers?.side ?? null));
  const budget = monthlyBudgetOf(config.monthlyBudget, await lastHeaderLimit({ db }), config.monthlyReserve);
  const interval = meanIntervalMs(config.schedule);
  // Hint runs are every-run work of their own: priced a month at a time, spread over the scheduled runs, and
  // never above their share of the month (budget/hint-share.ts), which they cannot spend past.
  const hintsPerMonth = Math.min(await hintRunCost({ db }, now), hintShareCalls(budget, config.webhookMonthlySharePercent) ?? Infinity);
  const hints: StreamCost[] =
    hintsPerMonth > 0 ? [{ name: HINT_RUNS_COST, kind: 'every-run', calls: hintsPerMonth / runsPerMonth(interval), periodMs: 0 }] : [];
  const ownShare = config.tiers.enabled ? config.tiers.singleReadSharePercent / 100 : null;
  // Month-to-date: the plan fits the work into what the rest of the calendar month affords.
  const spentThisMonth = budget === null ? null : await callsThisMonth(db, now);
  const affordable = budget === null || spentThisMonth === null ? null : affordablePerMonth(budget, spentThisMonth, now);
  const plan = planBudget([...costs, ...hints, ...(tiers?.costs ?? [])], interval, budget, { ownShare, affordable });
  return { plan, unknown, tiers, spentThisMonth };
}

/** Each tier's period after stretching (at least one run apart). */
export function tierCapsOf(plan: BudgetPlan, config: Config): TierCaps {
  const run = plan.runIntervalMs;
  return {
    hotPeriodMs: Math.max(config.sweeps.hot, run) * plan.hotStretch,
    coldPeriodMs: Math.max(config.sweeps.cold, run) * plan.stretch,
    runIntervalMs: run,
    neverReadAtOnce: plan.monthlyBudget === null,
  };
}

/**
 * The most one run may spend on periodic work: the plan's even share of the month, and no more than what the
 * calendar month has left (the budget less what this warehouse's runs spent since it began, first sync and
 * hint runs included) over the runs left in it. A first sync early in a month spends a large part of it: the
 * runs after it pace the rest instead of running the month dry (every-run work is never held back).
 */
export function pacedShare(plan: BudgetPlan, spentThisMonth: number | null, now: Date): number | null {
  if (plan.monthlyBudget === null || plan.perRunShare === null || spentThisMonth === null) return null;
  const left = plan.monthlyBudget - spentThisMonth;
  const runsLeft = Math.max(1, (nextMonthStartMs(now) - now.getTime()) / Math.max(1, plan.runIntervalMs));
  return Math.min(plan.perRunShare, Math.max(0, left / runsLeft));
}

/**
 * Caps for an incremental run: each periodic stream reads its share of a pass (pagesPerRun over the
 * stretched period), and no periodic page starts once the run has spent its share of the monthly budget.
 * Every-run work is never capped. When the configured periods do not fit, this says so once, with numbers.
 */
export async function runBudget(
  db: Db,
  config: Config,
  streams: readonly AnyStream[],
  sweptWithoutFeed: (name: string) => string | null,
  callsSoFar: () => number,
  log: Logger,
  now: Date = new Date(),
): Promise<RunBudget> {
  const { plan, unknown, spentThisMonth } = await budgetPlan(db, config, streams, sweptWithoutFeed, now);
  if (!plan.fits) {
    log.warn(
      {
        monthlyBudget: plan.monthlyBudget,
        plannedPerMonth: Math.round(plan.totalPerMonth),
        everyRunPerMonth: Math.round(plan.everyRunPerMonth),
        periodicPerMonth: Math.round(plan.periodicPerMonth),
        stretch: Number(plan.stretch.toFixed(2)),
        hotStretch: Number(plan.hotStretch.toFixed(2)),
        ownStretch: Number(plan.ownStretch.toFixed(2)),
      },
      'the configured sweep periods do not fit the monthly budget: periods stretched by this factor (see relsync plan)',
    );
  }
  const share = pacedShare(plan, spentThisMonth, now);
  // Link reads are never capped: their periodic part follows the sweeps that mark them, which are. Nor is
  // a read of what may have changed: what it reads is what is due, and a capped pass held new records back.
  const uncapped = new Set([
    ...unknown,
    ...streams.filter((s) => s.read.kind === 'ids' && (s.read.consumes !== undefined || s.read.remembers !== undefined)).map((s) => s.name),
  ]);
  const allowances = new Map<string, PageAllowance>();
  for (const s of plan.streams) {
    if (s.kind !== 'periodic' || uncapped.has(s.name)) continue;
    const cap = pagesPerRun(s.calls, s.effectivePeriodMs, plan.runIntervalMs);
    let taken = 0;
    allowances.set(s.name, {
      cap,
      periodMs: s.effectivePeriodMs,
      allow: () => taken < cap && (share === null || callsSoFar() < share),
      take: () => void (taken += 1),
    });
  }
  return { plan, tierCaps: tierCapsOf(plan, config), allowanceFor: (name) => allowances.get(name) ?? null };
}
