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
