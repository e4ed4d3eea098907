/**
 * Soak: one `relsync schedule`-like process (the Scheduler on a real every-second cron, each run the
 * same executeSync as `relsync schedule`: open the warehouse, migrate, incremental sync, close) runs
 * many scheduled runs while the organisation changes between them through the simulator's write API.
 * Every run must leave the warehouse exactly as the store holds it, and memory (heap after GC, RSS)
 * and open handles must stay flat from the first runs to the last. Both are printed.
 *
 * CI runs 10 runs at tiny scale; `npm run test:soak` (RELSYNC_SOAK=big) runs 50 on a larger organisation.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { configSchema } from '../../src/config/schema.ts';
import { errorMessage } from '../../src/errors.ts';
import { openDatabase, type Db } from '../../src/load/db.ts';
import { silentLogger } from '../../src/log.ts';
import { executeSync } from '../../src/runner/execute.ts';
import { Scheduler } from '../../src/scheduler/scheduler.ts';
import type { RunningSimulator, ScaleCounts } from '@relsync/simulator';
import type { RunSummary } from '../../src/state/runs.ts';
import { forEachDialect, freshDatabaseUrl, type TestDatabase } from '../helpers/dialects.ts';
import { mutateRound, type MutationTally } from '../helpers/sim-mutations.ts';
import { startE2eSimulator } from '../helpers/sync-fixture.ts';
import { compareWarehouseToStore } from '../helpers/warehouse-compare.ts';

const BIG = process.env.RELSYNC_SOAK === 'big';
const RUNS = BIG ? 50 : 10;
const SCALE: 'tiny' | ScaleCounts = BIG ? { companies: 300, persons: 600, lists: 4, opportunities: 300 } : 'tiny';
/** Runs before the first sample: the first run is a full sweep and every module and pool warms up. */
const WARMUP = 2;
/** Heap after GC may grow this much from the first sample to the last (a leak of 100 KB a run over 50 runs is 5 MB). */
const MAX_HEAP_GROWTH_MB = 8;
const MAX_RSS_GROWTH_MB = 48;

setFlagsFromString('--expose_gc');
const gc = runInNewContext('gc') as () => void;

interface Sample {
  run: number;
  heapMb: number;
  rssMb: number;
  handles: Record<string, number>;
}

function sample(run: number): Sample {
  gc();
  gc();
  const m = process.memoryUsage();
  const handles: Record<string, number> = {};
  for (const h of process.getActiveResourcesInfo()) handles[h] = (handles[h] ?? 0) + 1;
  return { run, heapMb: m.heapUsed / 2 ** 20, rssMb: m.rss / 2 ** 20, handles };
}

const show = (s: Sample) => `after run ${s.run}: heapUsed ${s.heapMb.toFixed(1)} MB, rss ${s.rssMb.toFixed(1)} MB, handles ${JSON.stringify(s.handles)}`;

forEachDialect('soak: many scheduled runs in one process', (dialect) => {
  let sim: RunningSimulator;
  let target: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    sim = await startE2eSimulator({ scale: SCALE });
    target = await freshDatabaseUrl(dialect);
  });
  afterAll(async () => {
    await db?.close();
    await target?.cleanup();
    await sim?.close();
  });

  it(
    `${RUNS} runs: each exact against the store, memory and handles flat`,
    async () => {
      const config = configSchema.parse({ apiKey: sim.apiKey, baseUrl: sim.url, databaseUrl: target.url, logLevel: 'silent', schedule: '* * * * * *' });
      const log = silentLogger();
      const summaries: RunSummary[] = [];
      const samples: Sample[] = [];
      const problems: string[] = [];
      const tally: MutationTally = { created: 0, renamed: 0, deleted: 0, fieldValues: 0, notes: 0 };
      let rowsCompared = 0;
      let finished!: () => void;
      const allDone = new Promise<void>((resolve) => (finished = resolve));
      const startedAt = Date.now();

      const scheduler = new Scheduler({
        cron: config.schedule,
        log,
        runOnce: async ({ shouldStop }) => {
          const run = summaries.length + 1;
          try {
            // Between runs: what the process holds while it waits for the next tick.
            if (run > WARMUP) samples.push(sample(run - 1));
            const { summary } = await executeSync({ config, log, apiKey: sim.apiKey, mode: 'incremental', command: 'schedule', tty: false, shouldStop });
            summaries.push(summary);
            db ??= await openDatabase(target.url);
            const cmp = await compareWarehouseToStore(db, sim);
            for (const p of cmp.problems) problems.push(`after run ${run}: ${p}`);
            rowsCompared += Object.values(cmp.counts).reduce((n, c) => n + c.expected, 0);
            // The organisation changes before the next run: what the change log and the notes feed report.
            if (run < RUNS) await mutateRound(sim, run, { kinds: 'tracked', tally });
            else finished();
            return summary;
          } catch (err) {
            problems.push(`run ${run} threw: ${errorMessage(err)}`);
            throw err;
          }
        },
      });
      scheduler.start();
      try {
        await allDone;
      } finally {
        await scheduler.stop();
      }
      await db.close();
      db = undefined as unknown as Db;
      if (process.env.RELSYNC_SOAK_TRACE) for (const x of samples) console.log(show(x));

      const first = samples[0]!;
      const last = samples[samples.length - 1]!;
      const snap = scheduler.snapshot();
      console.log(
        [
          `soak [${dialect}] ${RUNS} scheduled runs (${BIG ? 'big' : 'ci'} size) in ${((Date.now() - startedAt) / 1000).toFixed(0)} s; changes between runs: ${JSON.stringify(tally)}`,
          `  runs: ${JSON.stringify(snap.runs)}, overlapping ticks skipped ${snap.overlapsSkipped}, rows compared with the store ${rowsCompared}`,
          `  start ${show(first)}`,
          `  end   ${show(last)}`,
        ].join('\n'),
      );

      expect(problems).toEqual([]);
      expect(summaries.map((s) => s.status)).toEqual(Array(RUNS).fill('succeeded'));
      expect(snap.runs).toMatchObject({ succeeded: RUNS, failed: 0 });
      // Later runs really were incremental: a fraction of the first run's calls.
      expect(Math.max(...summaries.slice(1).map((s) => s.callsTotal))).toBeLessThan(summaries[0]!.callsTotal);
      expect(last.heapMb - first.heapMb, `heap growth (MB) from run ${first.run} to ${last.run}`).toBeLessThan(MAX_HEAP_GROWTH_MB);
      expect(last.rssMb - first.rssMb, `RSS growth (MB) from run ${first.run} to ${last.run}`).toBeLessThan(MAX_RSS_GROWTH_MB);
      // Between runs the same resources are open at the end as at the start: nothing accumulates.
      expect(last.handles).toEqual(first.handles);
    },
    BIG ? 40 * 60_000 : 5 * 60_000,
  );
});
