/** How often each stream's full pass is due: what the budget prices and the runner reads (config `sweeps`). */
import type { Config } from '../config/schema.ts';
import type { SweepGroup } from '../streams/define.ts';

/**
 * A sweep's period: its override, else its group's. `withoutFeed`: the update feed that spares its sweeps
 * is refused, so it is swept every `sweeps.feedless` when that is shorter.
 */
export function sweepInterval(config: Config, name: string, group: SweepGroup, withoutFeed = false): number {
  const own = ownInterval(config, name, group);
  return withoutFeed ? Math.min(own, config.sweeps.feedless) : own;
}

function ownInterval(config: Config, name: string, group: SweepGroup): number {
  const override = config.sweeps.overrides[name];
  if (override !== undefined) return override;
  switch (group) {
    case 'metadata':
      return config.sweeps.metadata;
    case 'entities':
      return config.sweeps.entities;
    // Hot records are re-read by id every hot period (planner/hot-refresh.ts): the whole sweep is the cold
    // tier's. A deletion shows when a pass begun after it completes; a pass begins a period after the last
    // began and is spread over period ÷ 1.25, so a sweep every cold period would show one up to 1.8 cold
    // periods late (54 days). Begun every half period, a cold deletion shows within 0.9 of it, a rename half.
    case 'tiered':
      return config.tiers.enabled ? config.sweeps.cold / 2 : config.sweeps.entities;
    case 'other':
      return config.sweeps.other;
  }
}
