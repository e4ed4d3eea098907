import type { Config } from '../config/schema.ts';
import { UserError } from '../errors.ts';
import type { Checkpoint } from '../state/checkpoint.ts';
import { lowerRanksOf, upstreamOf, type AnyStream } from '../streams/define.ts';

/** Order streams so every stream runs after the streams it needs or is ordered after, and a fallback source after the sources it replaces. */
export function dependencyLevels(streams: readonly AnyStream[]): AnyStream[][] {
  const byName = new Map(streams.map((s) => [s.name, s]));
  const level = new Map<string, number>();
  const visiting = new Set<string>();
  const depth = (s: AnyStream): number => {
    const known = level.get(s.name);
    if (known !== undefined) return known;
    if (visiting.has(s.name)) throw new Error(`stream dependency cycle at ${s.name}`);
    visiting.add(s.name);
    let d = 0;
    for (const dep of [...upstreamOf(s), ...lowerRanksOf(s, streams)]) {
      const parent = byName.get(dep);
      if (parent) d = Math.max(d, depth(parent) + 1);
    }
    visiting.delete(s.name);
    level.set(s.name, d);
    return d;
  };
  const levels: AnyStream[][] = [];
  for (const s of streams) (levels[depth(s)] ??= []).push(s);
  return levels.filter((l) => l.length > 0);
}

/** Pick streams by name; unknown names are an error listing the known ones (see planner/selection.ts for what they need). */
export function selectStreams(all: readonly AnyStream[], names: readonly string[] | undefined): AnyStream[] {
  if (!names || names.length === 0) return [...all];
  const known = new Map(all.map((s) => [s.name, s]));
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length > 0) {
    throw new UserError(`Unknown stream${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`, {
      hint: `Known streams: ${[...known.keys()].join(', ')}`,
    });
  }
  return names.map((n) => known.get(n)!);
}

/**
 * `sweeps.overrides` keys must name a stream that sweeps: an override of an ids or feed stream (e.g.
 * `company_persons_full`, whose reads follow the companies sweep) would be silently ignored.
 */
export function checkSweepOverrides(config: Config, all: readonly AnyStream[]): void {
  const swept = all.filter((s) => s.read.kind === 'sweep').map((s) => s.name);
  const bad = Object.keys(config.sweeps.overrides).filter((k) => !swept.includes(k));
  if (bad.length === 0) return;
  throw new UserError(`sweeps.overrides names ${bad.length > 1 ? 'streams that do' : 'a stream that does'} not sweep: ${bad.join(', ')}`, {
    hint: `Overrides set the period of a sweep; streams that sweep: ${swept.join(', ')}. Reads that follow a sweep (e.g. company_persons_full after companies) take that sweep's period.`,
  });
}

/**
 * Is a full sweep of this partition due? In progress, never completed, made due by an upgrade, or its last
 * pass began so long ago that the next run (`runIntervalMs` away; 0: no schedule) would find it older than its
 * interval. A period is the most a pass waits, not the least: due only once older than the interval, a 24 h
 * pass begun a few minutes past the hour waited for the run 25 h later, and a deal renamed after its page was
 * read showed 26–27 h later (the medium month bench). Hourly, a 24 h pass now begins every 24 h, as the month
 * plan prices it (Σ pass calls × M / max(period, I)).
 */
export function sweepDue(cp: Checkpoint, intervalMs: number, now: Date, runIntervalMs = 0, leadMs = 0): boolean {
  if (cp.sweep || cp.due) return true;
  if (!cp.lastSweepCompletedAt) return true;
  const age = now.getTime() - Date.parse(cp.lastSweepCompletedAt);
  return runIntervalMs > 0 ? age + runIntervalMs + leadMs > intervalMs : age >= intervalMs;
}

/**
 * The interval `sweepDue` holds a pass to under the budget. `sweepDue` counts from the last pass's end; a
 * stretched period counts from its beginning, the last pass's runs (`lastSweepRuns`) before its end, as the
 * plan prices it (a pass once a stretched period). Spreading its pages alone left a short pass beginning every
 * configured period, and the reads its pages mark with it (on the seed contract the opportunities' search
 * marked all 5,000 of a medium tenant's each day: 150,000 calls a month). A long pass already spread over the
 * stretched period waits only the configured period after it.
 */
export function passIntervalMs(cp: Checkpoint, intervalMs: number, stretchedMs: number | null, runIntervalMs: number): number {
  const took = cp.lastSweepRuns === null ? 0 : (cp.lastSweepRuns - 1) * runIntervalMs;
  return Math.max(intervalMs, (stretchedMs ?? 0) - took);
}

/**
 * How much sooner a pass begins because the budget will spread it over more runs than the last one took
 * (`capPages` a run): each page is then read again within the period. After a first sync read a pass whole,
 * the next, spread over 17 runs, began 24 h on and read its last pages 41 h after the first read them (the
 * medium month bench's deals renamed in the first hours showed 26–29 h later). Passes of the same length
 * begin a period apart, as before; a last pass of unknown length (a checkpoint from before relsync kept
 * it) leads by nothing.
 */
export function passLeadMs(cp: Checkpoint, capPages: number | null, runIntervalMs: number): number {
  if (capPages === null || !Number.isFinite(capPages) || cp.lastSweepPages === null || cp.lastSweepRuns === null) return 0;
  const runs = Math.ceil(cp.lastSweepPages / Math.max(1, capPages));
  return Math.max(0, runs - cp.lastSweepRuns) * runIntervalMs;
}
