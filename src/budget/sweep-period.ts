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
  if (group === 'metadata') return config.sweeps.metadata;
  return group === 'entities' ? config.sweeps.entities : config.sweeps.other;
}
