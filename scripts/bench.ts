/**
 * `npm run bench [-- --part P] [--scale S] [--contract reference,seed] [--db sqlite|postgres]`: the call budget,
 * speed and memory of relsync, each number printed next to its target (issue 11; results in BENCHMARKS.md).
 * Parts (each runnable alone; `--part all`, the default, runs them in turn at their default scales):
 *   calls   full-sync calls against a lower bound computed from the simulator's data (bench-calls.ts)
 *   wall    wall time of a full sync at 900 calls/min with latency against calls ÷ rate, and the 429s seen
 *   idle    an idle incremental run's calls (bench-idle.ts)
 *   change  1% of the change-tracked values changed: incremental calls against the full sync's
 *   day     a simulated day of hourly runs with mutations against what `relsync plan` predicted
 *   month   a simulated month of hourly runs: staleness per relevance tier and change, against no tiers (bench-month.ts;
 *           --days 30, --focus uniform,interactions, --rate 1: a multiple of the daily change rate)
 *   loader  the loader's rows/s against a raw driver baseline on each dialect (bench-loader.ts)
 *   rss     peak RSS of a full sync at medium and large scale, measured in a child process (bench-rss.ts)
 *   views   `select *` of every analyst view in bundled SQLite, the system's SQLite, an older one and PostgreSQL (bench-views.ts)
 *   startup `relsync --version` and `relsync status` (synced small warehouse), the built bundle against tsx (bench-startup.ts; --runs 7)
 *   hooks   webhook deliveries through the receiver of a running `relsync schedule` (dist/, `npm run build` first): singles,
 *           a burst, drops, replays, forged ones, staleness on the wall clock (bench-hooks.ts; --burst 500 --singles 20 --delay 30)
 * Exits 1 when any printed target is missed.
 */
import { parseArgs } from 'node:util';
import type { Scale } from '@relsync/simulator';
import { contractsOf, type Dialect } from './bench-support.ts';

const { values } = parseArgs({
  options: {
    part: { type: 'string', default: 'all' },
    scale: { type: 'string' },
    scales: { type: 'string' },
    contract: { type: 'string', default: 'reference,seed' },
    db: { type: 'string', default: 'sqlite' },
    share: { type: 'string', default: '0.01' },
    'max-ratio': { type: 'string', default: '0.03' },
    of: { type: 'string', default: 'tracked' },
    rows: { type: 'string' },
    latency: { type: 'string' },
    runs: { type: 'string' },
    days: { type: 'string' },
    rate: { type: 'string', default: '1' },
    focus: { type: 'string', default: 'uniform,interactions' },
    webhooks: { type: 'boolean', default: false },
    drop: { type: 'string', default: '0.1' },
    burst: { type: 'string', default: '500' },
    singles: { type: 'string', default: '20' },
    delay: { type: 'string', default: '30' },
    dump: { type: 'string' },
  },
});
const contracts = contractsOf(values.contract);
const dialects = values.db.split(',') as Dialect[];
const scaleOr = (fallback: Scale): Scale => (values.scale as Scale | undefined) ?? fallback;
const parts = values.part === 'all' ? ['calls', 'idle', 'change', 'day', 'wall', 'loader', 'rss', 'startup'] : values.part.split(',');

for (const part of parts) {
  console.log(`\n== ${part} ==`);
  switch (part) {
    case 'calls':
      await (await import('./bench-calls.ts')).runCallsPart(scaleOr('medium'), contracts);
      break;
    case 'wall':
      await (await import('./bench-wall.ts')).runWallPart((values.scale as Scale | undefined) ?? 'wall', contracts, dialects, Number(values.latency ?? 30));
      break;
    case 'idle':
      await (await import('./bench-idle.ts')).runIdlePart(values.scale ? [values.scale as Scale] : ['small', 'medium'], contracts);
      break;
    case 'change':
      await (
        await import('./bench-change-run.ts')
      ).runChangePart(scaleOr('medium'), contracts, dialects[0] ?? 'sqlite', {
        share: Number(values.share),
        maxRatio: Number(values['max-ratio']),
        of: values.of === 'all' ? 'all' : 'tracked',
      });
      break;
    case 'day':
      await (await import('./bench-day.ts')).runDayPart(scaleOr('small'), contracts, Number(values.runs ?? 24));
      break;
    case 'month':
      // `--webhooks` adds a third warehouse with the webhook receiver and its hint runs (bench-month-hooks.ts).
      await (
        await import('./bench-month.ts')
      ).runMonthPart(scaleOr('medium'), Number(values.days ?? 30), values.focus.split(',') as Array<'uniform' | 'interactions'>, contracts, {
        rate: Number(values.rate),
        dump: values.dump,
        drop: values.webhooks ? Number(values.drop) : null,
      });
      break;
    case 'loader':
      await (
        await import('./bench-loader.ts')
      ).runLoaderPart(values.part === 'loader' && process.argv.includes('--db') ? dialects : ['sqlite', 'postgres'], Number(values.rows ?? 100_000));
      break;
    case 'rss':
      await (
        await import('./bench-rss.ts')
      ).runRssPart((values.scales ?? values.scale ?? 'medium,large').split(',') as Scale[], contracts[0] ?? 'reference', dialects[0] ?? 'sqlite');
      break;
    case 'views':
      await (await import('./bench-views.ts')).runViewsPart(scaleOr('medium'), process.argv.includes('--db') ? dialects : ['sqlite', 'postgres']);
      break;
    case 'startup':
      await (await import('./bench-startup.ts')).runStartupPart(Number(values.runs ?? 7));
      break;
    case 'hooks':
      await (
        await import('./bench-hooks.ts')
      ).runHooksPart({
        scale: scaleOr('small'),
        dialect: dialects[0] ?? 'sqlite',
        burst: Number(values.burst),
        singles: Number(values.singles),
        delaySeconds: Number(values.delay),
      });
      break;
    default:
      throw new Error(`unknown --part ${part} (calls, wall, idle, change, day, month, loader, rss, views, startup, hooks, all)`);
  }
}
process.exit();
