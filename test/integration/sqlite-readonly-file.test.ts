/**
 * A SQLite warehouse FILE that this user may not write (permissions, a read-only mount): `sync` says so
 * in one line and exits 2, as a read-only directory already does, instead of "unexpected error:
 * attempt to write a readonly database" and exit 1; `status` still reads it. The tests run as root,
 * whom file modes do not stop, so as root the commands run without the capabilities that override them
 * (`setpriv`, util-linux): still root, so they read a checkout in a 0700 directory (CI's fresh clone
 * under `mktemp -d`), which `nobody` could not.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startSimulator } from '@relsync/simulator';
import { UserError } from '../../src/errors.ts';
import { openDatabase } from '../../src/load/db.ts';
import { readOnlyDatabaseError } from '../../src/load/db-errors.ts';
import { migrateToLatest } from '../../src/load/migrate.ts';
import { BIN, REPO_ROOT, type CliResult } from '../helpers/cli.ts';

const asRoot = process.getuid?.() === 0;
const DROP_FILE_MODE_OVERRIDES = ['--inh-caps=-dac_override,-dac_read_search,-fowner', '--bounding-set=-dac_override,-dac_read_search,-fowner', '--'];

/** `relsync <args>` as a process the file modes apply to. */
function runCliAsUser(args: string[], env: Record<string, string>): Promise<CliResult> {
  const [command, argv] = asRoot ? ['setpriv', [...DROP_FILE_MODE_OVERRIDES, process.execPath, BIN, ...args]] : [process.execPath, [BIN, ...args]];
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, {
      cwd: REPO_ROOT,
      env: { ...process.env, HOME: tmpdir(), LOG_LEVEL: 'warn', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('a read-only SQLite warehouse file [sqlite]', () => {
  let dir: string;
  let file: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'relsync-rofile-'));
    file = join(dir, 'warehouse.db');
    const db = await openDatabase(`sqlite:${file}`);
    await migrateToLatest(db);
    await db.close();
    expect(existsSync(`${file}-wal`), 'the WAL was checkpointed away on close').toBe(false);
    // The directory stays writable: only the file is read-only.
    chmodSync(dir, 0o777);
    chmodSync(file, 0o444);
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('sync stops with one line naming the file, exit 2; status still reads it', async () => {
    // A live API: the run asks the key's account (whoami) before its first write, which then finds the file read-only.
    const sim = await startSimulator({ scale: 'tiny' });
    onTestFinished(() => sim.close());
    const env = { DATABASE_URL: `sqlite:${file}`, AFFINITY_API_KEY: sim.apiKey, AFFINITY_BASE_URL: sim.url };
    const r = await runCliAsUser(['sync'], env);
    expect(r.stderr).not.toMatch(/unexpected error/);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^relsync: Cannot write to sqlite:${file}: it is read-only for this process \\(SQLITE_READONLY\\)\\.$`, 'm'));
    expect(r.stderr.trim().split('\n')).toHaveLength(2);

    const status = await runCliAsUser(['status'], env);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toMatch(/^warehouse: sqlite:/);
  }, 120_000);

  it('a read-only directory gives the same kind of answer: one line, exit 2', async () => {
    const roDir = mkdtempSync(join(tmpdir(), 'relsync-rodir-'));
    try {
      chmodSync(roDir, 0o555);
      const r = await runCliAsUser(['sync'], {
        DATABASE_URL: `sqlite:${join(roDir, 'w.db')}`,
        AFFINITY_API_KEY: 'k-test',
        AFFINITY_BASE_URL: 'http://127.0.0.1:1',
      });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/^relsync: Cannot open SQLite database /m);
    } finally {
      rmSync(roDir, { recursive: true, force: true });
    }
  }, 60_000);

  it("classifies the driver's own read-only error (a handle opened read-only, then written)", () => {
    const handle = new SQLite(file, { readonly: true });
    let raw: unknown;
    try {
      handle.exec("insert into sync_lock (name, holder, pid, host, acquired_at, heartbeat_at) values ('x', 'x', 1, 'h', 'now', 'now')");
    } catch (err) {
      raw = err;
    } finally {
      handle.close();
    }
    expect((raw as { code?: string }).code).toBe('SQLITE_READONLY');
    const e = readOnlyDatabaseError(raw, `sqlite:${file}`);
    expect(e).toBeInstanceOf(UserError);
    expect(e?.exitCode).toBe(2);
    expect(e?.message).toBe(`Cannot write to sqlite:${file}: it is read-only for this process (SQLITE_READONLY).`);
    expect(readOnlyDatabaseError(new Error('SQLITE_BUSY: database is locked'), 'x')).toBeNull();
  });
});
