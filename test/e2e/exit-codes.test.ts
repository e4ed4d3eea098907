/**
 * The exit codes of docs/operations.md ("Exit codes") that only a whole run shows, each with its run row
 * closed: a stop by the monthly budget (exit 5, issue 32 defect 8: not 3, which says "busy, nothing
 * written"), and another program taking SQLite's write lock mid-run (exit 3, issue 33 item 10: not 1 with
 * a hint about disk space, and the run row not left `running`).
 */
import { spawn } from 'node:child_process';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_BUDGET } from '../../src/errors.ts';
import type { RunningSimulator } from '@relsync/simulator';
import { BIN, STACK_FRAME, runCli } from '../helpers/cli.ts';
import { forEachDialect, freshMigratedDb } from '../helpers/dialects.ts';
import { scratchDir } from '../helpers/scratch-dir.ts';
import { startE2eSimulator } from '../helpers/sync-fixture.ts';

/** Monthly calls the simulator allows: the default reserve (500) plus a few dozen for the run. */
const MONTHLY_LIMIT = 540;

forEachDialect('exit codes: a run stopped by the monthly budget', (dialect) => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startE2eSimulator({ sim: { monthlyLimit: MONTHLY_LIMIT } });
  });
  afterAll(async () => {
    await sim?.close();
  });

  it(`exits ${EXIT_BUDGET} with one line saying so, its run row closed failed; what it read is kept`, async () => {
    const dbc = await freshMigratedDb(dialect);
    try {
      const env = { AFFINITY_BASE_URL: sim.url, AFFINITY_API_KEY: sim.apiKey, DATABASE_URL: dbc.url };
      const r = await runCli(['sync'], { env, cwd: scratchDir('relsync-budget') });
      expect(r.code, r.stderr).toBe(EXIT_BUDGET);
      const lines = r.stderr.split('\n').filter((l) => l.startsWith('relsync:'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^relsync: Monthly API budget reached its reserve: \d+ calls remain this month and 500 are kept in reserve/);
      expect(r.stderr).not.toMatch(STACK_FRAME);
      const runs = await dbc.db.kysely.selectFrom('sync_runs').select(['status', 'errors_json']).execute();
      expect(runs.map((x) => x.status)).toEqual(['failed']);
      expect(
        Number(
          (
            await dbc.db.kysely
              .selectFrom('sync_state')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ).toBeGreaterThan(0);
    } finally {
      await dbc.cleanup();
    }
  }, 120_000);
});

describe('exit codes: another program takes the SQLite write lock mid-run [sqlite]', () => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startE2eSimulator({ sim: { latencyMs: 20 } });
  });
  afterAll(async () => {
    await sim?.close();
  });

  it('exits 3 with one line naming the lock, and the run row is closed once the holder lets go', async () => {
    const dbc = await freshMigratedDb('sqlite');
    const file = dbc.url.slice('sqlite:'.length);
    const child = spawn(process.execPath, [BIN, 'sync', '--full'], {
      cwd: scratchDir('relsync-busy'),
      env: { ...process.env, LOG_LEVEL: 'warn', AFFINITY_BASE_URL: sim.url, AFFINITY_API_KEY: sim.apiKey, DATABASE_URL: dbc.url },
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.resume();
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const holder = new Database(file, { timeout: 10_000 });
    try {
      // Mid-run: pages of several streams are committed.
      while ((await dbc.db.kysely.selectFrom('sync_state').select('stream').execute()).length < 3) await new Promise((r) => setTimeout(r, 20));
      holder.exec('begin immediate');
      // Held past the run's busy_timeout (5 s), then let go while the run tries to record its outcome.
      await new Promise((r) => setTimeout(r, 7_000));
      holder.exec('rollback');
      const code = await exited;
      expect(code, stderr).toBe(3);
      const lines = stderr.split('\n').filter((l) => l.startsWith('relsync:'));
      expect(lines).toEqual([
        expect.stringMatching(/^relsync: Cannot write to the warehouse: another program holds its write lock \(an open write transaction\) \(SQLITE_BUSY\)\.$/),
      ]);
      expect(stderr).not.toMatch(/disk space|unexpected error/);
      expect((await dbc.db.kysely.selectFrom('sync_runs').select('status').execute()).map((x) => x.status)).toEqual(['failed']);
      expect(await dbc.db.kysely.selectFrom('sync_lock').selectAll().execute()).toEqual([]);
      // The next run carries on.
      const again = await runCli(['sync', '--full'], { env: { AFFINITY_BASE_URL: sim.url, AFFINITY_API_KEY: sim.apiKey, DATABASE_URL: dbc.url } });
      expect(again.code, again.stderr).toBe(0);
    } finally {
      if (holder.inTransaction) holder.exec('rollback');
      holder.close();
      child.kill('SIGKILL');
      await dbc.cleanup();
    }
  }, 120_000);
});
