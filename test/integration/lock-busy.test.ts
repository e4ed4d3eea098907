/**
 * The writer lock covers `migrate` too, and a SQLite file locked by another program reads as a busy
 * warehouse. Before: `migrate` rewrote views while a sync held the lock; a sqlite3 shell holding a
 * write transaction made `sync` fail with "unexpected error", exit 1.
 */
import SQLite from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../../src/load/db.ts';
import { startSimulator } from '@relsync/simulator';
import { acquireWriterLock } from '../../src/state/lock.ts';
import { runCli } from '../helpers/cli.ts';
import { forEachDialect, freshMigratedDb } from '../helpers/dialects.ts';

let cwd: string;
beforeAll(() => {
  cwd = mkdtempSync(join(tmpdir(), 'relsync-lock-busy-'));
});
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

forEachDialect('migrate takes the writer lock', (dialect) => {
  let dbc: Awaited<ReturnType<typeof freshMigratedDb>> | undefined;
  afterEach(async () => {
    await dbc?.cleanup();
    dbc = undefined;
  });

  it('refuses with the lock message (exit 3) while a sync holds it, and runs once it is free', async () => {
    dbc = await freshMigratedDb(dialect);
    const lock = await acquireWriterLock(dbc.db, 'sync test-run');
    let busy;
    try {
      busy = await runCli(['migrate'], { cwd, env: { DATABASE_URL: dbc.url } });
    } finally {
      await lock.release();
    }
    expect(busy.code, busy.stderr).toBe(3);
    expect(busy.stderr).toMatch(/^relsync: Another relsync sync is already writing to this warehouse \(sync test-run pid \d+/);
    expect(busy.stdout).not.toContain('analyst views:');
    const free = await runCli(['migrate'], { cwd, env: { DATABASE_URL: dbc.url } });
    expect(free.code, free.stderr).toBe(0);
    expect(free.stdout).toContain('analyst views:');
  }, 60_000);
});

describe('a SQLite file another program holds a write transaction on [sqlite]', () => {
  it('sync and migrate say the warehouse is busy, exit 3, not "unexpected error"', async () => {
    const dbc = await freshMigratedDb('sqlite');
    // A service that answers: the run asks which account its key reads before its first write.
    const sim = await startSimulator({ scale: 'tiny', seed: 7 });
    const other = new SQLite(parseDatabaseUrl(dbc.url).path!);
    try {
      other.exec('begin immediate');
      const env = { DATABASE_URL: dbc.url, AFFINITY_API_KEY: sim.apiKey, AFFINITY_BASE_URL: sim.url };
      for (const args of [['sync'], ['migrate']]) {
        const r = await runCli(args, { cwd, env });
        expect(r.code, `${args[0]}: ${r.stderr}`).toBe(3);
        expect(r.stderr).toMatch(/relsync: Cannot write to sqlite:.* another program holds its write lock/);
        expect(r.stderr).not.toContain('unexpected error');
      }
    } finally {
      other.close();
      await sim.close();
      await dbc.cleanup();
    }
  }, 60_000);
});
