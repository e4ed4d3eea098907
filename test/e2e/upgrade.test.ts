/**
 * Issue 20 item 2 / issue 22 item 4: a warehouse written by an earlier main upgrades in place on both
 * dialects, keeps its data and checkpoints, and its first incremental run after the upgrade leaves every
 * table equal to a fresh full sync of the same simulator, reading only the passes the upgrade made due
 * and the sweeps due by age at its instant, days after the old sync (never a full re-read). The
 * warehouses come from test/fixtures/upgrade (scripts/upgrade-fixtures.ts).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isDeepStrictEqual } from 'node:util';
import { sweepInterval } from '../../src/budget/sweep-period.ts';
import { configSchema, type Config } from '../../src/config/schema.ts';
import { openDatabase, type Db } from '../../src/load/db.ts';
import { silentLogger } from '../../src/log.ts';
import { clientFromConfig } from '../../src/runner/execute.ts';
import { runSync, type SyncResult } from '../../src/runner/run-sync.ts';
import { startSimulator, type RunningSimulator } from '@relsync/simulator';
import { formatStatus } from '../../src/cli/format/status-text.ts';
import { listCheckpoints } from '../../src/state/checkpoint.ts';
import { readStatus } from '../../src/state/status.ts';
import { upgradeWarehouse } from '../../src/state/upgrade.ts';
import { ALL_STREAMS } from '../../src/streams/registry.ts';
import { runCli } from '../helpers/cli.ts';
import { forEachDialect } from '../helpers/dialects.ts';
import { restoreOldWarehouse, upgradeManifest } from '../helpers/old-warehouses.ts';
import { startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';
import { dumpWarehouse } from '../helpers/warehouse-compare.ts';

const manifest = upgradeManifest();
/**
 * How long after the old sync the upgrade's first run is clocked (issue 33 item 12): days, as an operator
 * upgrades, so the periodic sweeps (`fields_v1` in one call, `fields` spread over its partitions) come due
 * by age alongside the passes the upgrade made due. Minutes after it, nothing is due by age and a pass
 * that overwrites another stream's rows goes unseen.
 */
const AFTER_MS = 3 * 24 * 3_600_000;

function configOf(sim: RunningSimulator, databaseUrl: string): Config {
  return configSchema.parse({ apiKey: sim.apiKey, baseUrl: sim.url, databaseUrl, logLevel: 'silent', maxRetries: 2 });
}

/**
 * Periodic streams (sweeps, and reads by id of every record) with a partition whose last completed sweep is at least the stream's period old at `at`:
 * due by age, upgrade or not (the period is the one the run uses; the comparison is the test's own).
 */
async function dueByAge(db: Db, config: Config, at: Date): Promise<Set<string>> {
  // Feeds are read every run, and so are the re-reads of what the change log marked: neither is periodic.
  const periodic = ALL_STREAMS.filter((s) => s.read.kind === 'sweep' || (s.read.kind === 'ids' && !s.read.consumes));
  const periods = new Map(periodic.map((s) => [s.name, sweepInterval(config, s.name, s.group)]));
  const due = new Set<string>();
  for (const { stream, checkpoint } of await listCheckpoints(db.kysely)) {
    const period = periods.get(stream);
    const last = checkpoint.lastSweepCompletedAt;
    if (period !== undefined && last !== null && at.getTime() - Date.parse(last) >= period) due.add(stream);
  }
  return due;
}

/** Fields whose value type is a formula's, with that type (a v1 sweep would say `number`). */
async function formulaFields(db: Db): Promise<Array<{ id: string; value_type: string | null }>> {
  return db.kysely.selectFrom('fields').select(['id', 'value_type']).where('value_type', 'like', 'formula-%').orderBy('id').execute();
}

async function syncAt(db: Db, sim: RunningSimulator, databaseUrl: string, at: Date): Promise<SyncResult> {
  const config = configOf(sim, databaseUrl);
  const client = clientFromConfig(config, silentLogger(), sim.apiKey);
  try {
    return await runSync({ db, client, config, log: silentLogger(), streams: ALL_STREAMS, mode: 'incremental', command: 'e2e', now: () => at });
  } finally {
    await client.close();
  }
}

/** Every table, `_deleted_at` reduced to whether the row is deleted (its time is the run's clock). */
async function tables(db: Db): Promise<Record<string, unknown[]>> {
  const all = await dumpWarehouse(db);
  const out: Record<string, unknown[]> = {};
  for (const [t, rows] of Object.entries(all)) out[t] = rows.map((r) => ('_deleted_at' in r ? { ...r, _deleted_at: r._deleted_at !== null } : r));
  return out;
}

function differences(got: Record<string, unknown[]>, want: Record<string, unknown[]>): string[] {
  const out: string[] = [];
  for (const [t, rows] of Object.entries(want)) {
    const mine = got[t] ?? [];
    if (isDeepStrictEqual(mine, rows)) continue;
    const wantKeys = new Set(rows.map((r) => JSON.stringify(r)));
    const gotKeys = new Set(mine.map((r) => JSON.stringify(r)));
    const missing = [...wantKeys].filter((k) => !gotKeys.has(k));
    const extra = [...gotKeys].filter((k) => !wantKeys.has(k));
    out.push(
      `${t}: ${mine.length} rows, fresh ${rows.length}; ${missing.length} differ, e.g. fresh ${missing[0]?.slice(0, 300)} / upgraded ${extra[0]?.slice(0, 300)}`,
    );
  }
  return out;
}

const results: string[] = [];

forEachDialect('upgrade in place', (dialect) => {
  let sim: RunningSimulator;
  let fresh: SyncFixture;
  let want: Record<string, unknown[]>;
  let wantFormulas: Array<{ id: string; value_type: string | null }>;
  let freshCalls = 0;
  beforeAll(async () => {
    sim = await startSimulator({ seed: manifest.seed, scale: manifest.scale, contract: manifest.contract, rateLimitPerMin: 1_000_000, monthlyLimit: null });
    fresh = await startSyncFixture({ dialect, simulator: sim });
    const full = await fresh.runFull();
    expect(full.summary.status).toBe('succeeded');
    freshCalls = full.summary.callsTotal;
    want = await tables(fresh.db);
    wantFormulas = await formulaFields(fresh.db);
    expect(wantFormulas.length, 'the simulator has formula fields').toBeGreaterThan(0);
  });
  afterAll(async () => {
    await fresh?.close();
    await sim?.close();
    if (results.length > 0) process.stdout.write(`\nold warehouse × dialect → tables equal, calls of the first incremental run\n${results.join('\n')}\n`);
    results.length = 0;
  });

  it('`relsync migrate` names each pass the upgrade makes due, and why', async () => {
    const old = manifest.warehouses[0]!;
    const restored = await restoreOldWarehouse(old, dialect);
    try {
      const cli = await runCli(['migrate'], { env: { DATABASE_URL: restored.url } });
      expect(cli.code, cli.stderr).toBe(0);
      expect(cli.stdout).toContain('  019-colours-from-stored-values: applied');
      expect(cli.stdout).toMatch(/^ {2}due on the next sync: fields \(005-field-scopes: field_scopes starts with the one scope/m);
      expect(cli.stdout).toMatch(/^ {2}due on the next sync: companies \(009-one-value-shape: .*company_persons was not filled\)$/m);
      // Run again: nothing pending, nothing newly due (the marks stay in the checkpoints until the passes are read).
      const again = await runCli(['migrate'], { env: { DATABASE_URL: restored.url } });
      expect(again.stdout).toContain('database is up to date');
      expect(again.stdout).not.toContain('due on the next sync');
    } finally {
      await restored.cleanup();
    }
  }, 120_000);

  for (const old of manifest.warehouses) {
    it(`${old.commit} (${old.migrations.at(-1)}) migrates, keeps its checkpoints, and its first run equals a fresh sync`, async () => {
      const restored = await restoreOldWarehouse(old, dialect);
      const db = await openDatabase(restored.url);
      try {
        const before = await db.kysely.selectFrom('sync_state').select(['stream', 'partition']).execute();
        const upgrade = await upgradeWarehouse(db);
        const after = await db.kysely.selectFrom('sync_state').select(['stream', 'partition']).execute();
        // Checkpoints survive the upgrade, but for the feed mark 012 forgets on purpose (its SQL says why).
        const kept = (r: { stream: string; partition: string }) => after.some((a) => a.stream === r.stream && a.partition === r.partition);
        expect(before.filter((r) => !kept(r)).map((r) => r.stream)).toEqual(old.migrations.includes('012-note-transcripts') ? [] : ['notes_updates']);
        // `status` says which passes are due and why until the run reads them.
        const statusOf = async () => formatStatus(await readStatus(db, { now: new Date(old.syncedAt), schedule: '*/15 * * * *' }));
        for (const d of upgrade.due) expect(await statusOf()).toContain(`  ${d.stream}: ${d.reason}`);
        const at = new Date(Date.parse(old.syncedAt) + AFTER_MS);
        const aged = await dueByAge(db, configOf(sim, restored.url), at);
        const run = await syncAt(db, sim, restored.url, at);
        expect(run.summary.status, JSON.stringify(run.summary.errors)).not.toBe('failed');
        // The older /fields sweep is due whole, /v2 fields partitions only some (3d384ed, 8cdaa19): v1 must not
        // overwrite their `formula-number` with its coarser `number`.
        expect(await formulaFields(db)).toEqual(wantFormulas);
        const diff = differences(await tables(db), want);
        const swept = Object.entries(run.summary.streams)
          .filter(([, s]) => s.calls > 0)
          .map(([n, s]) => `${n}:${s.calls}`);
        // The calls the upgrade adds: not those of streams due by age (any run at this instant reads them)
        // nor of feeds (read every run; here three days of changes).
        const feeds = new Set(ALL_STREAMS.filter((s) => s.read.kind === 'feed').map((s) => s.name));
        const upgradeCalls = Object.entries(run.summary.streams)
          .filter(([n]) => !aged.has(n) && !feeds.has(n))
          .reduce((n, [, s]) => n + s.calls, 0);
        results.push(
          `| ${old.commit} | ${dialect} | ${diff.length === 0 ? 'yes' : `no (${diff.length} tables)`} | ${run.summary.callsTotal} (the upgrade's ${upgradeCalls}) of ${freshCalls} | ${swept.join(' ')} |`,
        );
        expect(diff).toEqual([]);
        expect(await statusOf()).not.toContain('due after the upgrade');
        // The instant is late enough for the fields sweeps to be due by age (`fields` for some partitions).
        expect(aged).toContain('fields_v1');
        expect(aged).toContain('fields');
        // No full re-read: the passes the upgrade adds cost less than a fresh sync.
        expect(upgradeCalls).toBeLessThan(freshCalls);
        // Each stream that swept was made due by the upgrade, was due by age, or had never run (a stream added since).
        const reasons = new Set([
          ...upgrade.due.map((d) => d.stream),
          ...aged,
          ...ALL_STREAMS.map((s) => s.name).filter((n) => !before.some((r) => r.stream === n)),
        ]);
        for (const [name, s] of Object.entries(run.summary.streams)) if (s.mode === 'sweep' && s.calls > 0) expect(reasons, `${name} swept`).toContain(name);
      } finally {
        await db.close();
        await restored.cleanup();
      }
    });
  }
});
