import type { Config } from '../config/schema.ts';
import type { AffinityClient } from '../extract/http/client.ts';
import { monthlyBudgetOf, planBudget } from './month-plan.ts';
import { countedCosts, type CountedStream } from './counted-costs.ts';
import { meanIntervalMs } from '../planner/schedule-interval.ts';
import type { AnyStream } from '../streams/define.ts';
import { ALL_STREAMS } from '../streams/registry.ts';
import { countService } from './count-service.ts';
import { sweepInterval } from './sweep-period.ts';
import { adviceFor } from './plan-report.ts';
import type { PlanReport } from './plan-types.ts';
import { skipReason } from '../planner/selection.ts';

export type { CountedPlan } from './plan-types.ts';

/**
 * The streams a first sync would run, as the plan prices them: of several sources of one capability only
 * the first (a refusal, which would bring the next, is not known before the first sync).
 */
export function countedStreams(streams: readonly AnyStream[], config: Config): CountedStream[] {
  const eligible = streams.filter((s) => skipReason(s, config) === null);
  const out: CountedStream[] = [];
  for (const s of eligible) {
    const slot = s.source;
    if (slot && eligible.some((o) => o.source?.capability === slot.capability && o.source.rank < slot.rank)) continue;
    const read = s.read;
    const period = sweepInterval(config, s.name, s.group);
    if (read.kind === 'feed') out.push({ name: s.name, kind: 'feed', periodMs: 0 });
    else if (read.kind === 'ids' && read.consumes?.endsWith('_links')) out.push({ name: s.name, kind: 'link-reads', periodMs: period });
    else if (read.kind === 'ids' && read.consumes) out.push({ name: s.name, kind: 'change-marks', periodMs: 0 });
    else {
      out.push({ name: s.name, kind: 'periodic', periodMs: period });
      if (read.kind === 'sweep' && read.between) out.push({ name: s.name, kind: 'between', periodMs: 0 });
    }
  }
  return out;
}

/** `relsync plan` before the first sync: the month priced from at most `cap` counting calls. */
export async function countedPlanReport(client: AffinityClient, config: Config, cap: number): Promise<PlanReport> {
  const counting = await countService(client, cap);
  const { costs, firstSync } = countedCosts(countedStreams(ALL_STREAMS, config), counting.counts);
  const budget = monthlyBudgetOf(config.monthlyBudget, client.budget.snapshot().orgLimit ?? null, config.monthlyReserve);
  const plan = planBudget(costs, meanIntervalMs(config.schedule), budget);
  const notCounted = [...new Set(costs.filter((c) => c.basis === 'not counted').map((c) => c.name))];
  return { plan, unpriced: [], advice: adviceFor(plan), counted: { ...counting, firstSync, notCounted } };
}
