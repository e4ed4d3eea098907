/**
 * `npm run bench -- --part month --scale large --focus first-sync [--days 1]`: a first sync with relevance
 * tiers under a 100,000-call month, hourly runs on a simulated clock that a run moves on at 900 calls a minute
 * (bench-clock.ts; a run that overruns its hour delays the next). Prints when the hot tier was complete (every hot
 * set read whole: the end of the run that read the last) in simulated hours, the cold tail's progress per day, and the
 * whole tenant's completion time: measured when it completes within `--days`, else `relsync plan`'s estimate
 * at the current cold share (tier-words "all read once by").
 */
import { openDatabase } from '../src/load/db.ts';
import { silentLogger } from '../src/log.ts';
import { executeSync } from '../src/runner/execute.ts';
import { planReport } from '../src/budget/plan-report.ts';
import { tierCounts } from '../src/planner/tiers.ts';
import { startSimulator, GEN_END_MS, type Scale } from '@relsync/simulator';
import { PacedClock } from './bench-clock.ts';
import { benchConfig, freshWarehouse, report } from './bench-support.ts';

const HOUR = 3_600_000;
const BUDGET = 100_000;

export async function runFirstSync(scale: Scale, days: number): Promise<void> {
  let clock = GEN_END_MS;
  const sim = await startSimulator({ scale, seed: 1, rateLimitPerMin: 1_000_000, monthlyLimit: null, contract: 'reference' });
  const paced = new PacedClock(sim.stats, clock);
  sim.store.clock = () => paced.now();
  const wh = freshWarehouse('sqlite', 'month-first');
  const config = benchConfig(sim, wh.databaseUrl, { schedule: '0 * * * *', monthlyBudget: BUDGET, tiers: { enabled: true } });
  const db = await openDatabase(config.databaseUrl);
  try {
    let calls = 0;
    let hotDoneAt: number | null = null;
    let freeAt = clock;
    let allDoneAt: number | null = null;
    const started = Date.now();
    for (let hour = 0; hour < days * 24 && allDoneAt === null; hour++) {
      paced.set(Math.max(clock, freeAt));
      const { summary } = await executeSync({
        config,
        log: silentLogger(),
        apiKey: sim.apiKey,
        mode: 'incremental',
        command: 'bench first',
        tty: false,
        now: () => new Date(paced.now()),
      });
      freeAt = paced.now();
      if (summary.status !== 'succeeded') throw new Error(`run at hour ${hour} ${summary.status}: ${JSON.stringify(summary.errors)}`);
      calls += summary.callsTotal;
      const t = await tierCounts(db.kysely, 'company', new Date(freeAt), config.tiers.hotWindow);
      const done = (freeAt - GEN_END_MS) / HOUR;
      if (hotDoneAt === null && t.hot.neverRead === 0) hotDoneAt = done;
      if (t.hot.neverRead + t.cold.neverRead === 0) allDoneAt = done;
      if (hour === 0 || (hour + 1) % 24 === 0 || allDoneAt !== null)
        console.log(
          `  hour ${hour + 1}: ${calls} calls, run ended ${done.toFixed(2)} h after the first began; hot ${t.hot.records} (${t.hot.neverRead} never read), cold ${t.cold.records} (${t.cold.neverRead} never read); ${((Date.now() - started) / 1000).toFixed(0)} s wall`,
        );
      clock += HOUR;
    }
    const plan = await planReport(db, config, () => new Date(clock));
    const cold = plan.tiers?.lines.find((l) => l.tier === 'cold');
    console.log(`first sync at ${scale}, tiers on, budget ${BUDGET} a month, hourly runs: ${calls} calls in ${days} simulated days or less`);
    report(
      'hot tier complete (simulated hours from the first run)',
      hotDoneAt === null ? 'not yet' : `${hotDoneAt.toFixed(2)} h`,
      '<= 24 h',
      hotDoneAt !== null && hotDoneAt <= 24,
    );
    const whole = allDoneAt !== null ? `${(allDoneAt / 24).toFixed(1)} days (measured)` : `by ${cold?.completeBy ?? '?'} (plan's estimate at the cold share)`;
    const days0 = cold?.completeBy ? (Date.parse(cold.completeBy) - GEN_END_MS) / (24 * HOUR) : null;
    console.log(`  whole tenant: ${whole}${allDoneAt === null && days0 !== null ? `, ${days0.toFixed(1)} days after the first run` : ''}`);
  } finally {
    await db.close();
    await wh.dispose();
    await sim.close();
  }
}
