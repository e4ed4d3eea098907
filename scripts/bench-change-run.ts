/**
 * `npm run bench -- --part change [--scale medium] [--share 0.01] [--of tracked|all] [--db sqlite|postgres]`:
 * a full sync, then `share` of the change-tracked field values changed through the store's write path
 * (bench-change.ts), then an incremental sync; target: its calls at most `--max-ratio` (3%) of the full's.
 */
import { startSimulator, type ContractName, type Scale } from '@relsync/simulator';
import { changeFieldValues } from './bench-change.ts';
import { benchConfig, freshWarehouse, report, syncOnce, type Dialect } from './bench-support.ts';

export async function runChangePart(
  scale: Scale,
  contracts: readonly ContractName[],
  dialect: Dialect,
  opts: { share: number; maxRatio: number; of: 'all' | 'tracked' },
): Promise<void> {
  for (const contract of contracts) {
    const sim = await startSimulator({ scale, seed: 1, rateLimitPerMin: 1_000_000, monthlyLimit: null, contract });
    const wh = freshWarehouse(dialect, `change-${contract}`);
    try {
      const config = benchConfig(sim, wh.databaseUrl);
      const full = await syncOnce(config, sim.apiKey, 'full');
      const change = changeFieldValues(sim.store, opts.share, opts.of);
      const inc = await syncOnce(config, sim.apiKey, 'incremental');
      const ratio = inc.calls / full.calls;
      console.log(
        `changed ${change.changed} field values on ${change.entities} records: ${((change.changed / change.tracked) * 100).toFixed(2)}% of the ${change.tracked} change-tracked values, ${((change.changed / change.total) * 100).toFixed(2)}% of all ${change.total}`,
      );
      console.log(
        `  full ${full.calls} calls, ${full.rows} rows, ${full.seconds.toFixed(1)} s; incremental ${inc.calls} calls, ${inc.rows} rows, ${inc.seconds.toFixed(1)} s`,
      );
      report(
        `incremental / full calls, ${contract}, ${scale}, ${dialect}`,
        `${(ratio * 100).toFixed(2)}%`,
        `≤ ${(opts.maxRatio * 100).toFixed(0)}%`,
        ratio <= opts.maxRatio,
      );
      console.log(`  incremental calls by endpoint: ${JSON.stringify(inc.byEndpoint)}`);
    } finally {
      await wh.dispose();
      await sim.close();
    }
  }
}
