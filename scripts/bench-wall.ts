/**
 * `npm run bench -- --part wall [--scale small] [--latency 30] [--contract reference,seed] [--db sqlite,postgres]`:
 * wall time of `sync --full` against a simulator limited to 900 calls a minute with `--latency` ms per
 * answer, against the rate floor calls ÷ rate, and the 429s the simulator sent. A run of fewer calls than
 * one minute's allowance says nothing about pacing, so `--scale wall` (the default) is a tenant of 2,500
 * companies, 5,000 persons, 4 lists and 600 opportunities: several minutes of calls, not the 26 min of medium.
 */
import { startSimulator, type ContractName, type Scale, type ScaleCounts } from '@relsync/simulator';
import { benchConfig, freshWarehouse, report, syncOnce, type Dialect } from './bench-support.ts';

export const WALL_RATE_PER_MIN = 900;
/** Issue 11: wall time at most this factor of calls ÷ rate, with zero 429s. */
export const WALL_TARGET_RATIO = 1.15;
const WALL_SCALE: ScaleCounts = { companies: 2_500, persons: 5_000, lists: 4, opportunities: 600 };

export async function runWallPart(scale: Scale | 'wall', contracts: readonly ContractName[], dialects: readonly Dialect[], latencyMs: number): Promise<void> {
  for (const dialect of dialects) {
    for (const contract of contracts) {
      const sim = await startSimulator({
        scale: scale === 'wall' ? WALL_SCALE : scale,
        seed: 1,
        rateLimitPerMin: WALL_RATE_PER_MIN,
        latencyMs,
        monthlyLimit: null,
        contract,
      });
      const wh = freshWarehouse(dialect, `wall-${contract}`);
      try {
        const full = await syncOnce(benchConfig(sim, wh.databaseUrl), sim.apiKey, 'full');
        const floor = (full.calls / WALL_RATE_PER_MIN) * 60;
        const ratio = full.seconds / floor;
        report(
          `full sync at ${WALL_RATE_PER_MIN}/min, ${latencyMs} ms latency, ${contract}, ${scale}, ${dialect}`,
          `${full.seconds.toFixed(1)} s for ${full.calls} calls (floor ${floor.toFixed(1)} s) = ×${ratio.toFixed(3)}, ${sim.stats.rateLimited} 429s`,
          `≤ ×${WALL_TARGET_RATIO}, 0 429s`,
          ratio <= WALL_TARGET_RATIO && sim.stats.rateLimited === 0,
        );
      } finally {
        await wh.dispose();
        await sim.close();
      }
    }
  }
}
