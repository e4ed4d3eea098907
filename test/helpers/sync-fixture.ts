/**
 * End-to-end fixture: a simulator, a fresh migrated warehouse on one dialect, a Config pointing the one
 * at the other, and helpers that run the real runner (`runSync`) over every stream (or a subset).
 */
import type { Config, ConfigInput } from '../../src/config/schema.ts';
import { configSchema } from '../../src/config/schema.ts';
import type { Db, DialectName } from '../../src/load/db.ts';
import { silentLogger } from '../../src/log.ts';
import { clientFromConfig } from '../../src/runner/execute.ts';
import { runSync, type SyncMode, type SyncOptions, type SyncResult } from '../../src/runner/run-sync.ts';
import { ALL_STREAMS } from '../../src/streams/registry.ts';
import type { AnyStream } from '../../src/streams/define.ts';
import { CONTRACT_NAMES, startSimulator, type ContractName, type RunningSimulator, type ScaleCounts, type SimulatorOptions } from '@relsync/simulator';
import { freshMigratedDb } from './dialects.ts';

export const E2E_SEED = 7;

/**
 * The smallest tenant that still exercises what the whole-tenant tests check (seed 7: 208 live companies
 * and 210 opportunity entries, three pages each; 309 persons, four pages; two companies and two
 * opportunities with more than 100 persons, which the generator makes from 300 external persons up; every
 * value type; completed merges). The small scale (500/1000/4/300) proves nothing more and costs 2.4 times as
 * much a sync.
 */
export const E2E_SCALE: ScaleCounts = { companies: 210, persons: 310, lists: 4, opportunities: 210 };

/**
 * The contract the e2e simulator follows unless a test names one: `RELSYNC_TEST_CONTRACT=seed` runs the
 * same scenarios against the seed profile (packages/simulator/src/contract.ts); default `reference`.
 */
export function e2eContract(): ContractName {
  const env = process.env.RELSYNC_TEST_CONTRACT;
  if (env === undefined || env === '') return 'reference';
  if (!(CONTRACT_NAMES as readonly string[]).includes(env)) throw new Error(`RELSYNC_TEST_CONTRACT must be one of ${CONTRACT_NAMES.join(', ')}`);
  return env as ContractName;
}

export interface SyncFixtureOptions {
  dialect: DialectName;
  scale?: SimulatorOptions['scale'];
  seed?: number;
  /** Which document the simulator follows (default: e2eContract()). */
  contract?: ContractName;
  /** Extra simulator options (latency, faults, deny, ...). */
  sim?: Omit<SimulatorOptions, 'scale' | 'seed'>;
  /** Reuse a running simulator (several warehouses reading the same data); `close()` leaves it running. */
  simulator?: RunningSimulator;
  /** Extra config values (concurrency, sweeps, ...). */
  config?: Partial<ConfigInput>;
}

export interface RunOptions {
  /** Stream names to run (default: every stream). */
  streams?: readonly string[];
  hooks?: SyncOptions['hooks'];
  mode?: SyncMode;
  /** Config values for this run only, over the fixture's (e.g. `sweeps: { entities: '1ms' }` to make sweeps due). */
  config?: Partial<ConfigInput>;
  /** backfill --since */
  since?: string;
  /** The run's clock (default: the wall clock), for runs a simulated day or a month apart. */
  now?: () => Date;
}

export interface SyncFixture {
  sim: RunningSimulator;
  db: Db;
  dbUrl: string;
  config: Config;
  run(opts?: RunOptions): Promise<SyncResult>;
  runFull(opts?: Omit<RunOptions, 'mode'>): Promise<SyncResult>;
  runIncremental(opts?: Omit<RunOptions, 'mode'>): Promise<SyncResult>;
  close(): Promise<void>;
}

export function pickStreams(names: readonly string[] | undefined): AnyStream[] {
  if (!names) return [...ALL_STREAMS];
  return names.map((n) => {
    const s = ALL_STREAMS.find((x) => x.name === n);
    if (!s) throw new Error(`unknown stream ${n}`);
    return s;
  });
}

/** The e2e simulator: fixed seed, and a rate limit far above what a test spends (these tests are about data). */
export function startE2eSimulator(opts: Pick<SyncFixtureOptions, 'scale' | 'seed' | 'sim' | 'contract'> = {}): Promise<RunningSimulator> {
  return startSimulator({
    scale: opts.scale ?? 'tiny',
    seed: opts.seed ?? E2E_SEED,
    rateLimitPerMin: 1_000_000,
    monthlyLimit: null,
    contract: opts.contract ?? e2eContract(),
    ...opts.sim,
  });
}

export async function startSyncFixture(opts: SyncFixtureOptions): Promise<SyncFixture> {
  const ownSim = opts.simulator === undefined;
  const sim = opts.simulator ?? (await startE2eSimulator(opts));
  let dbc: Awaited<ReturnType<typeof freshMigratedDb>>;
  try {
    dbc = await freshMigratedDb(opts.dialect);
  } catch (err) {
    if (ownSim) await sim.close();
    throw err;
  }
  const configInput: ConfigInput = {
    apiKey: sim.apiKey,
    baseUrl: sim.url,
    databaseUrl: dbc.url,
    logLevel: 'silent',
    maxRetries: 2,
    ...opts.config,
  };
  const config = configSchema.parse(configInput);
  const log = silentLogger();
  const run = async (r: RunOptions = {}): Promise<SyncResult> => {
    const runConfig = r.config ? configSchema.parse({ ...configInput, ...r.config }) : config;
    const client = clientFromConfig(runConfig, log, sim.apiKey);
    try {
      return await runSync({
        db: dbc.db,
        client,
        config: runConfig,
        log,
        streams: pickStreams(r.streams),
        mode: r.mode ?? 'full',
        command: 'e2e',
        ...(r.hooks ? { hooks: r.hooks } : {}),
        ...(r.since ? { since: r.since } : {}),
        ...(r.now ? { now: r.now } : {}),
      });
    } finally {
      await client.close();
    }
  };
  let closed = false;
  return {
    sim,
    db: dbc.db,
    dbUrl: dbc.url,
    config,
    run,
    runFull: (r = {}) => run({ ...r, mode: 'full' }),
    runIncremental: (r = {}) => run({ ...r, mode: 'incremental' }),
    close: async () => {
      if (closed) return;
      closed = true;
      try {
        await dbc.cleanup();
      } finally {
        if (ownSim) await sim.close();
      }
    },
  };
}

/** The error a test hook throws to simulate a crash: the runner stops the whole run on `abortRun`. */
export class CrashError extends Error {
  readonly abortRun = true;
  constructor(message = 'simulated crash') {
    super(message);
  }
}

/**
 * The relevance tiers' tenant (200 companies, 300 persons, 3 lists, 30 deals; no read-after-create lag; a
 * 100,000-call month), fully synced at `at`. Its generated activity is years older than that clock, so the
 * listed (and deal) records are the hot tier.
 */
export async function startTiersFixture(dialect: DialectName, at: () => Date): Promise<SyncFixture> {
  const f = await startSyncFixture({
    dialect,
    scale: { companies: 200, persons: 300, lists: 3, opportunities: 30 },
    contract: 'reference',
    sim: { createLagMs: 0 },
    config: { monthlyBudget: 100_000 },
  });
  const first = await f.runFull({ now: at });
  if (first.summary.status !== 'succeeded') throw new Error(`the tiers fixture's full sync ${first.summary.status}`);
  return f;
}
