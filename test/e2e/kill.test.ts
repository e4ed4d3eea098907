/**
 * A REAL kill: `relsync sync --full` as a child process is SIGKILLed while pages are being committed
 * (no handler runs, no lock is released, no run is finished), then `sync --full` runs again to
 * completion. Nothing is lost or duplicated: the warehouse equals the store. The dead writer's lock
 * does not block the next run: on SQLite its row is taken over (same host, dead pid), on PostgreSQL the
 * advisory lock died with the connection.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../src/load/db.ts';
import type { RunningSimulator } from '@relsync/simulator';
import { parseCheckpoint } from '../../src/state/checkpoint.ts';
import { BIN, runCli } from '../helpers/cli.ts';
import { forEachDialect, freshMigratedDb } from '../helpers/dialects.ts';
import { E2E_SCALE, startE2eSimulator } from '../helpers/sync-fixture.ts';
import { expectWarehouseMatchesStore } from '../helpers/warehouse-compare.ts';

/** Sweeps in progress with at least one page committed, and all checkpoint rows. */
async function progress(db: Db): Promise<{ midSweep: number; rows: number }> {
  const rows = await db.kysely.selectFrom('sync_state').select(['checkpoint_json']).execute();
  const midSweep = rows.filter((r) => (parseCheckpoint(r.checkpoint_json).checkpoint.sweep?.pages ?? 0) >= 1).length;
  return { midSweep, rows: rows.length };
}

forEachDialect('e2e: SIGKILL during a sync, then sync again', (dialect) => {
  let sim: RunningSimulator;
  let dbc: Awaited<ReturnType<typeof freshMigratedDb>>;
  let cwd: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    // ~30 ms a call makes the e2e tenant take several seconds: time to kill it mid-way.
    sim = await startE2eSimulator({ scale: E2E_SCALE, sim: { latencyMs: 30 } });
    dbc = await freshMigratedDb(dialect);
    cwd = mkdtempSync(join(tmpdir(), 'relsync-kill-'));
    env = { AFFINITY_BASE_URL: sim.url, AFFINITY_API_KEY: sim.apiKey, DATABASE_URL: dbc.url, LOG_LEVEL: 'warn' };
  });
  afterAll(async () => {
    await dbc?.cleanup();
    await sim?.close();
    if (cwd) rmSync(cwd, { recursive: true, force: true });
  });

  it('loses and duplicates nothing, and the next run is not locked out', async () => {
    const child = spawn(process.execPath, [BIN, 'sync', '--full'], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    let exitedEarly = false;
    void exited.then(() => (exitedEarly = true));

    // Kill once several sweeps are mid-way (pages committed, sweeps not finished).
    const deadline = Date.now() + 60_000;
    let seen = { midSweep: 0, rows: 0 };
    while (Date.now() < deadline && !exitedEarly) {
      seen = await progress(dbc.db);
      if (seen.midSweep >= 2 && seen.rows >= 4) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(exitedEarly, `the sync finished before it could be killed (stderr: ${stderr})`).toBe(false);
    expect(seen.midSweep).toBeGreaterThanOrEqual(2);
    if (dialect === 'sqlite') {
      const lock = await dbc.db.kysely.selectFrom('sync_lock').selectAll().execute();
      expect(lock.map((l) => l.pid)).toEqual([child.pid]);
    }
    child.kill('SIGKILL');
    expect(await exited).toEqual({ code: null, signal: 'SIGKILL' });

    // The dead run left its traces: a run still "running" and (SQLite) its lock row.
    const runs = await dbc.db.kysely.selectFrom('sync_runs').select(['id', 'status']).execute();
    expect(runs.map((r) => r.status)).toEqual(['running']);
    if (dialect === 'sqlite') {
      const lock = await dbc.db.kysely.selectFrom('sync_lock').selectAll().execute();
      expect(
        lock.map((l) => l.pid),
        'the dead process still holds the lock row',
      ).toEqual([child.pid]);
    }

    // The slow answers only had to give the kill time to land: the run after it goes at full speed.
    sim.setLatency(0);
    const again = await runCli(['sync', '--full'], { env, cwd, timeoutMs: 120_000 });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/run succeeded/);

    const after = await dbc.db.kysely.selectFrom('sync_runs').select(['id', 'status']).orderBy('started_at').execute();
    expect(after.map((r) => [r.id, r.status])).toEqual([
      [runs[0]!.id, 'interrupted'],
      [after[1]!.id, 'succeeded'],
    ]);
    if (dialect === 'sqlite') expect(await dbc.db.kysely.selectFrom('sync_lock').selectAll().execute()).toEqual([]);
    for (const r of await dbc.db.kysely.selectFrom('sync_state').select(['stream', 'partition', 'checkpoint_json']).execute()) {
      expect(parseCheckpoint(r.checkpoint_json).checkpoint.sweep, `${r.stream}[${r.partition}] finished`).toBeNull();
    }
    await expectWarehouseMatchesStore(dbc.db, sim);
  }, 150_000);
});
