/**
 * A really full disk (a small tmpfs; tests run as root) under the command line: `migrate` and `sync` stop
 * with one clear message, and once there is room again the same command completes. Before, `sync` printed
 * one `cannot rollback - no transaction is active` line per partition (42 on the small tenant) ahead of
 * the real message, and an interrupted migration left the warehouse failing every later run. SQLite
 * only: a PostgreSQL server's disk is not the client's to fill.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '@relsync/simulator';
import { runCli } from '../helpers/cli.ts';
import { E2E_SCALE, startE2eSimulator } from '../helpers/sync-fixture.ts';

const resize = (dir: string, size: string) => execFileSync('mount', ['-o', `remount,size=${size}`, dir]);

describe('a full disk under the command line [sqlite]', () => {
  let dir: string;
  let sim: RunningSimulator;
  let env: Record<string, string>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'relsync-fullfs-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', dir]);
    sim = await startE2eSimulator({ scale: E2E_SCALE });
    env = { AFFINITY_BASE_URL: sim.url, AFFINITY_API_KEY: sim.apiKey, DATABASE_URL: `sqlite:${join(dir, 'warehouse.db')}`, LOG_LEVEL: 'warn' };
  });
  afterAll(async () => {
    await sim?.close();
    if (dir) {
      execFileSync('umount', [dir]);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('migrate: one message, exit 1, and the next migrate completes once there is room', async () => {
    const full = await runCli(['migrate'], { env, cwd: dir });
    expect(full.code, full.stderr).toBe(1);
    expect(full.stderr).toMatch(/^relsync: Migration \S+ failed on sqlite:.*(database or disk is full|SQLITE_FULL)/);
    expect(full.stderr).not.toContain('cannot rollback');
    resize(dir, '2m');
    const again = await runCli(['migrate'], { env, cwd: dir });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('migration(s) applied');
  }, 120_000);

  it('sync: the warehouse message alone, no rollback noise, and the next sync completes', async () => {
    resize(dir, '3m');
    const full = await runCli(['sync'], { env, cwd: dir });
    expect(full.code, full.stderr).toBe(1);
    expect(full.stderr).toContain('relsync: The warehouse cannot take writes: the database or disk is full (SQLITE_FULL).');
    expect(full.stderr).not.toContain('cannot rollback');
    expect(full.stderr.trim().split('\n').length).toBeLessThanOrEqual(5);
    resize(dir, '64m');
    const again = await runCli(['sync'], { env, cwd: dir });
    expect(again.code, again.stderr).toBe(0);
  }, 180_000);
});
