/**
 * One writer per warehouse: while a sync runs, a second one (in-process or from the command line) is
 * refused at once with a message naming the problem (UserError, exit code 3), writes nothing (no run
 * row), and the first sync is unaffected. Once it finishes, the next sync runs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { UserError } from '../../src/errors.ts';
import type { SyncResult } from '../../src/runner/run-sync.ts';
import { runCli } from '../helpers/cli.ts';
import { forEachDialect } from '../helpers/dialects.ts';
import { startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';

forEachDialect('e2e: a second concurrent sync is refused', (dialect) => {
  let f: SyncFixture;
  let cwd: string;
  beforeAll(async () => {
    f = await startSyncFixture({ dialect, scale: 'tiny' });
    cwd = mkdtempSync(join(tmpdir(), 'relsync-lock-'));
  });
  afterAll(async () => {
    await f?.close();
    if (cwd) rmSync(cwd, { recursive: true, force: true });
  });

  it('refuses in-process and from the command line with exit code 3, and the first sync completes', async () => {
    // The first sync holds the lock and pauses after its first committed page until the checks are done.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let paused!: () => void;
    const pausedNow = new Promise<void>((r) => (paused = r));
    let pages = 0;
    const first: Promise<SyncResult> = f.runFull({
      hooks: {
        onPageCommitted: async () => {
          if (pages++ === 0) {
            paused();
            await gate;
          }
        },
      },
    });
    await pausedNow;

    const inProcess = await f.runFull().then(
      () => null,
      (err: unknown) => err,
    );
    expect(inProcess).toBeInstanceOf(UserError);
    expect((inProcess as UserError).exitCode).toBe(3);
    expect((inProcess as UserError).message).toMatch(/Another relsync sync is already writing to this warehouse/);

    const cli = await runCli(['sync', '--full'], {
      cwd,
      env: { AFFINITY_BASE_URL: f.sim.url, AFFINITY_API_KEY: f.sim.apiKey, DATABASE_URL: f.dbUrl, LOG_LEVEL: 'warn' },
    });
    expect(cli.code, cli.stderr).toBe(3);
    expect(cli.stderr).toMatch(/^relsync: Another relsync sync is already writing to this warehouse/m);
    expect(cli.stderr).toMatch(/Wait for it to finish/);
    expect(cli.stderr).not.toContain(f.sim.apiKey);

    // The first sync was still running all along, and it finishes normally.
    const stillRunning = await f.db.kysely.selectFrom('sync_runs').select('status').execute();
    expect(stillRunning.map((r) => r.status)).toEqual(['running']);
    release();
    const done = await first;
    expect(done.summary.status).toBe('succeeded');

    // The refused syncs left no run behind; with the lock released, the next sync runs.
    const next = await f.runFull();
    expect(next.summary.status).toBe('succeeded');
    const runs = await f.db.kysely.selectFrom('sync_runs').select(['id', 'status']).orderBy('started_at').execute();
    expect(runs.map((r) => [r.id, r.status])).toEqual([
      [done.runId, 'succeeded'],
      [next.runId, 'succeeded'],
    ]);
  }, 120_000);
});
