/**
 * Chaos: every fault the simulator has, each at 10% of GETs at once (5xx, resets, HTML pages, slow
 * bodies, malformed JSON), while `relsync sync --full` and then `relsync sync` run as real child
 * processes that are SIGKILLed at random instants of their runs and, on PostgreSQL, have their
 * backends terminated mid-run. Each phase then resumes to completion, and the warehouse must equal,
 * table by table, the one an uninterrupted, fault-free run of the same sequence leaves (and the store).
 *
 * CI runs a small size. `npm run test:chaos` (RELSYNC_CHAOS=big) runs 20+ kills per dialect on a larger
 * organisation; RELSYNC_CHAOS_SEED fixes the random instants. Figures are printed at the end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/load/db.ts';
import { migrateToLatest } from '../../src/load/migrate.ts';
import { parseFaults, Rng, type RunningSimulator, type ScaleCounts } from '@relsync/simulator';
import { runChildSync, type ChildOutcome, type Interruption } from '../helpers/child-sync.ts';
import { forEachDialect, freshDatabaseUrl, type TestDatabase } from '../helpers/dialects.ts';
import { replayFaults, routedGets } from '../helpers/fault-count.ts';
import { namedPgDatabase } from '../helpers/pg-backends.ts';
import { mutateRound } from '../helpers/sim-mutations.ts';
import { E2E_SEED, startE2eSimulator, startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';
import { dumpWarehouse, expectWarehouseMatchesStore } from '../helpers/warehouse-compare.ts';

const BIG = process.env.RELSYNC_CHAOS === 'big';
const FAULTS = '5xx=0.1,reset=0.1,html=0.1,slow=0.1,malformed=0.1';
const SIZE: { scale: 'tiny' | ScaleCounts; fullKills: number; incKills: number; terminations: number } = BIG
  ? { scale: { companies: 300, persons: 600, lists: 4, opportunities: 300 }, fullKills: 12, incKills: 10, terminations: 2 }
  : { scale: 'tiny', fullKills: 1, incKills: 1, terminations: 1 };
// CI runs one fixed sequence (a failure must reproduce); the big run draws new instants unless told.
const SEED = Number(process.env.RELSYNC_CHAOS_SEED ?? (BIG ? Date.now() % 1_000_000 : 628_359));
/** Resumes allowed to finish a phase: at 40% failing GETs a call can still exhaust its 6 retries now and then. */
const MAX_RESUMES = 8;
const TIMEOUT_MS = BIG ? 45 * 60_000 : 8 * 60_000;

interface Figures {
  runs: number;
  kills: number;
  terminations: number;
  backends: number;
  exitedFirst: number;
  retries: number;
  rowsCompared: number;
  faultyGets: number;
}

forEachDialect('chaos: faults, SIGKILLs and lost connections, then resume', (dialect) => {
  const rng = new Rng(SEED ^ (dialect === 'postgres' ? 0x9e37 : 0));
  const figures: Figures = { runs: 0, kills: 0, terminations: 0, backends: 0, exitedFirst: 0, retries: 0, rowsCompared: 0, faultyGets: 0 };
  let sim: RunningSimulator;
  let baseline: SyncFixture;
  let target: TestDatabase & { childUrl: string; appName: string | null };
  let db: Db;
  let cwd: string;
  let env: Record<string, string>;
  const spans = { full: 1000, incremental: 500 };

  beforeAll(async () => {
    // A `slow` answer stalls mid-body; what the run must survive is the stall, not its length. The CI size
    // pauses 200 ms instead of the simulator's 2 s: ~17 slow answers a dialect had made this file wait ~35 s
    // more, on a worker that then sat idle. The big run keeps the 2 s.
    sim = await startE2eSimulator({ scale: SIZE.scale, sim: { latencyMs: 5, ...(BIG ? {} : { slowPauseMs: 200 }) } });
    baseline = await startSyncFixture({ dialect, simulator: sim });
    if (dialect === 'postgres') {
      const named = await namedPgDatabase();
      // The test's own handle carries no application_name: terminating the child's backends spares it.
      target = { ...named, childUrl: named.url, url: named.url.replace(/&application_name=.*$/, '') };
    } else {
      target = { ...(await freshDatabaseUrl('sqlite')), appName: null, childUrl: '' };
      target.childUrl = target.url;
    }
    db = await openDatabase(target.url);
    await migrateToLatest(db);
    cwd = mkdtempSync(join(tmpdir(), 'relsync-chaos-'));
    env = { AFFINITY_BASE_URL: sim.url, AFFINITY_API_KEY: sim.apiKey, DATABASE_URL: target.childUrl };
  }, 120_000);

  afterAll(async () => {
    const faults = replayFaults(parseFaults(FAULTS), E2E_SEED, figures.faultyGets);
    const injected = Object.values(faults).reduce((a, b) => a + b, 0);
    console.log(
      [
        `chaos [${dialect}] ${BIG ? 'big' : 'ci'} size, seed ${SEED}, faults ${FAULTS}`,
        `  runs ${figures.runs} (child processes), SIGKILLs ${figures.kills}, PostgreSQL terminations ${figures.terminations} (${figures.backends} backends), finished before their instant ${figures.exitedFirst}`,
        `  GETs under faults ${figures.faultyGets}, faults injected ${injected} (${Object.entries(faults)
          .map(([k, n]) => `${k} ${n}`)
          .join(', ')}), retries logged ${figures.retries}`,
        `  rows compared ${figures.rowsCompared}`,
      ].join('\n'),
    );
    await db?.close();
    await target?.cleanup();
    await baseline?.close();
    await sim?.close();
    if (cwd) rmSync(cwd, { recursive: true, force: true });
  });

  function check(o: ChildOutcome, i: Interruption): void {
    figures.runs += 1;
    figures.retries += o.retries;
    // Whatever happened, never a crash: no unhandled 'error' event, no "unexpected error".
    expect(o.stderr).not.toMatch(/Unhandled|unexpected error/);
    if (o.how === 'killed') {
      figures.kills += 1;
      expect(o.signal).toBe('SIGKILL');
    } else if (o.how === 'terminated') {
      figures.terminations += 1;
      figures.backends += o.backends;
      // Stopped with the warehouse message, or it had written its last page already and finished.
      if (o.code !== 0) expect(o.stderr).toMatch(/^relsync: The warehouse cannot take writes: /m);
    } else if (i.kind !== 'none') {
      figures.exitedFirst += 1;
    }
  }

  /** Interrupt `args` runs until `kills` SIGKILLs (and `terminations` on PostgreSQL) have landed, then resume to success. */
  async function chaosPhase(args: string[], phase: 'full' | 'incremental', kills: number): Promise<void> {
    const wanted = { kill: kills, terminate: dialect === 'postgres' ? SIZE.terminations : 0 };
    const landed = { kill: 0, terminate: 0 };
    const gets0 = routedGets(sim);
    sim.setFaults(FAULTS);
    try {
      for (let attempt = 0; attempt < 4 * (wanted.kill + wanted.terminate) && (landed.kill < wanted.kill || landed.terminate < wanted.terminate); attempt++) {
        const terminate = landed.terminate < wanted.terminate && (landed.kill >= wanted.kill || rng.chance(0.25));
        const afterMs = Math.round(rng.next() * spans[phase]);
        const i: Interruption = terminate ? { kind: 'terminate', appName: target.appName!, afterMs } : { kind: 'kill', afterMs };
        const o = await runChildSync(args, env, cwd, db, i);
        check(o, i);
        if (o.how === 'killed') landed.kill += 1;
        else if (o.how === 'terminated') landed.terminate += 1;
        // The run ended before the instant: aim earlier next time.
        else spans[phase] = Math.max(100, Math.round(spans[phase] * 0.7));
      }
      expect(landed).toEqual(wanted);
      let resumed: ChildOutcome | null = null;
      for (let n = 0; n < MAX_RESUMES && !(resumed?.code === 0 && /run succeeded/.test(resumed.stdout)); n++) {
        resumed = await runChildSync(args, env, cwd, db, { kind: 'none' });
        check(resumed, { kind: 'none' });
      }
      expect(resumed?.stdout, resumed?.stderr).toMatch(/run succeeded/);
    } finally {
      sim.setFaults('');
      figures.faultyGets += routedGets(sim) - gets0;
    }
    expect(sim.stats.rateLimited, 'no 429s: the fault count replay assumes none').toBe(0);
  }

  async function expectSameAsBaseline(): Promise<void> {
    const want = await dumpWarehouse(baseline.db);
    const got = await dumpWarehouse(db);
    for (const table of Object.keys(want)) {
      expect(got[table]?.length, `${table} row count`).toBe(want[table]?.length);
      expect(got[table], table).toEqual(want[table]);
      figures.rowsCompared += want[table]?.length ?? 0;
    }
  }

  it(
    'full runs: killed and cut off at random instants under faults, resumed, equal an uninterrupted run',
    async () => {
      const t0 = Date.now();
      expect((await baseline.runFull()).summary.status).toBe('succeeded');
      spans.full = Math.max(1000, 3 * (Date.now() - t0));
      await chaosPhase(['sync', '--full'], 'full', SIZE.fullKills);
      await expectSameAsBaseline();
      const r = await expectWarehouseMatchesStore(db, sim);
      figures.rowsCompared += Object.values(r.counts).reduce((n, c) => n + c.expected, 0);
    },
    TIMEOUT_MS,
  );

  it(
    'incremental runs after changes: the same, against an uninterrupted incremental run',
    async () => {
      await mutateRound(sim, 1);
      const t0 = Date.now();
      expect((await baseline.runIncremental()).summary.status).toBe('succeeded');
      spans.incremental = Math.max(500, 3 * (Date.now() - t0));
      await chaosPhase(['sync'], 'incremental', SIZE.incKills);
      await expectSameAsBaseline();
    },
    TIMEOUT_MS,
  );
});
