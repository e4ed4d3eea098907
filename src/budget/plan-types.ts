/**
 * What `relsync plan` reports, priced from runs (plan-report.ts) or, before the first sync, from counting
 * calls (plan-counted.ts). The shapes live apart so the two pricings share them without importing each other.
 */
import type { TierSummary } from '../state/tier-lines.ts';
import type { CountingResult } from './count-service.ts';
import type { Basis } from './counted-costs.ts';
import type { HintShare } from './hint-share.ts';
import type { BudgetPlan } from './month-plan.ts';

/** Before the first sync: what the counting found and what each price rests on. */
export interface CountedPlan extends CountingResult {
  /** One pass of everything and one page of every feed; `at least` when any part was not counted. */
  firstSync: { calls: number; basis: Basis };
  /** Streams no count bears on, priced at the least they can cost. */
  notCounted: string[];
}

export interface PlanReport {
  plan: BudgetPlan;
  /** Periodic streams with no complete pass in the history: priced at one call until the first sync. */
  unpriced: string[];
  advice: string[];
  /** Before the first sync: priced from counting calls instead of runs (plan-counted.ts). */
  counted?: CountedPlan;
  /** Relevance tiers of the company↔person single reads (absent when no side is read one by one). */
  tiers?: TierSummary;
  /** Webhook hint runs' share of the month and what they spent of it (absent before the first sync). */
  hints?: HintShare;
}
