/**
 * How many faults the simulator injected. It keeps no count of its own, but its injector is a seeded
 * stream with exactly one draw per GET it routes (plus a coin for 500-or-503), and no draw while
 * faults are off: replaying an injector with the same seed and spec over the number of GETs served
 * while faults were on gives the exact count by kind. Valid while nothing was rate-limited and every
 * GET matched a route its API version allows (the e2e simulator's limit is far above any test's).
 */
import { FaultInjector, FAULT_KINDS, type FaultKind, type FaultSpec, type RunningSimulator } from '@relsync/simulator';

/** GETs the simulator routed (those that draw a fault), for the difference across a faulty stretch. */
export function routedGets(sim: RunningSimulator): number {
  let n = 0;
  for (const [key, count] of sim.stats.byEndpoint) if (key.startsWith('GET /')) n += count;
  return n;
}

export function replayFaults(spec: FaultSpec, seed: number, gets: number): Record<FaultKind, number> {
  const out = Object.fromEntries(FAULT_KINDS.map((k) => [k, 0])) as Record<FaultKind, number>;
  const injector = new FaultInjector(spec, seed);
  for (let i = 0; i < gets; i++) {
    const k = injector.draw();
    if (k === null) continue;
    out[k] += 1;
    if (k === '5xx') injector.coin();
  }
  return out;
}
