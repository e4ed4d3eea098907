import type { Config } from '../config/schema.ts';
import type { StreamRunStats } from '../state/runs.ts';
import type { PlanContext } from './context.ts';

interface Needing {
  name: string;
  needs?: readonly string[];
}

/**
 * Streams a selection reads from (partitions, ids) that have never completed in this warehouse: run
 * them first, or the selection would read an empty table and report success doing nothing.
 * Returns the names to add, in no particular order (the runner orders by dependency).
 */
export async function unmetNeeds(ctx: PlanContext, all: readonly Needing[], selected: readonly Needing[]): Promise<string[]> {
  const byName = new Map(all.map((s) => [s.name, s]));
  const done = new Set(
    (await ctx.db.kysely.selectFrom('sync_state').select('stream').where('last_success_at', 'is not', null).distinct().execute()).map((r) => r.stream),
  );
  const chosen = new Set(selected.map((s) => s.name));
  const added = new Set<string>();
  const visit = (s: Needing): void => {
    for (const need of s.needs ?? []) {
      const dep = byName.get(need);
      if (!dep || chosen.has(need) || added.has(need) || done.has(need)) continue;
      added.add(need);
      visit(dep);
    }
  };
  selected.forEach(visit);
  return [...added];
}

/** What says whether a stream runs under a config at all: its switch and the API version it needs (streams/define.ts). */
interface Gated {
  enabled?(config: Config): boolean;
  minApiVersion?: string;
}

/** API versions are dated strings (`2024-01-01`): they order as text. */
function compareVersions(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Why a stream does not run at all under this config (a code, state/runs.ts), or null. The runner skips
 * such a stream and the budget does not price it, so both ask here.
 */
export function skipReason(def: Gated, config: Config): Pick<StreamRunStats, 'mode' | 'needsApiVersion'> | null {
  if (def.enabled && !def.enabled(config)) return { mode: 'disabled' };
  if (def.minApiVersion && compareVersions(config.apiVersion, def.minApiVersion) < 0) return { mode: 'needs-api-version', needsApiVersion: def.minApiVersion };
  return null;
}
