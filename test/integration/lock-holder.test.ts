/**
 * The writer lock's holder: a zombie (a relsync that died but whose parent never reaped it, as when
 * the parent was killed in a container whose PID 1 does not reap) holds nothing, so the next sync
 * takes the lock instead of exiting 3 forever; and a refused writer is told who holds the lock on
 * both dialects (PostgreSQL keeps a row naming the holder beside its advisory lock).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserError } from '../../src/errors.ts';
import type { Db } from '../../src/load/db.ts';
import type { RunningSimulator } from '@relsync/simulator';
import { acquireWriterLock, processAlive } from '../../src/state/lock.ts';
import { BIN, runCli } from '../helpers/cli.ts';
import { forEachDialect, freshMigratedDb } from '../helpers/dialects.ts';
import { E2E_SCALE, startE2eSimulator } from '../helpers/sync-fixture.ts';

function procState(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 1).trim()[0];
  } catch {
    return undefined;
  }
}

async function until(what: string, cond: () => Promise<boolean> | boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * A parent that forks `argv` and then sleeps without ever calling wait(): once the child exits (or is
 * killed) it stays a zombie until the parent goes. Resolves with the parent and the child's pid.
 */
async function unreapingParent(argv: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<{ parent: ChildProcess; childPid: number }> {
  const script = [
    'import os, sys, time',
    'pid = os.fork()',
    'if pid == 0:',
    '    os.execv(sys.argv[1], sys.argv[1:])',
    'print(pid, flush=True)',
    'time.sleep(300)',
  ].join('\n');
  const parent = spawn('python3', ['-c', script, ...argv], { cwd, env, stdio: ['ignore', 'pipe', 'ignore'] });
  const childPid = await new Promise<number>((resolve, reject) => {
    parent.stdout!.once('data', (d: Buffer) => resolve(Number(d.toString().trim())));
    parent.once('error', reject);
  });
  return { parent, childPid };
}

describe('processAlive', () => {
  it('is true for a running process, false for a missing one and for a zombie', async () => {
    expect(processAlive(process.pid)).toBe(true);
    const { parent, childPid } = await unreapingParent(['/bin/sh', '-c', 'exit 0'], process.env, tmpdir());
    try {
      await until('the child to become a zombie', () => procState(childPid) === 'Z', 10_000);
      expect(processAlive(childPid)).toBe(false);
    } finally {
      parent.kill('SIGKILL');
    }
    await until('the zombie to be reaped', () => procState(childPid) === undefined, 10_000);
    expect(processAlive(childPid)).toBe(false);
  });
});

forEachDialect('writer lock holder', (dialect) => {
  let sim: RunningSimulator;
  let dbc: Awaited<ReturnType<typeof freshMigratedDb>>;
  let cwd: string;
  beforeAll(async () => {
    // ~30 ms a call: the e2e tenant takes seconds, time to kill the sync mid-way.
    sim = await startE2eSimulator({ scale: E2E_SCALE, sim: { latencyMs: 30 } });
    dbc = await freshMigratedDb(dialect);
    cwd = mkdtempSync(join(tmpdir(), 'relsync-zombie-'));
  });
  afterAll(async () => {
    await dbc?.cleanup();
    await sim?.close();
    if (cwd) rmSync(cwd, { recursive: true, force: true });
  });

  it('a refused writer is told who holds the lock and since when', async () => {
    const db: Db = dbc.db;
    const lock = await acquireWriterLock(db, 'sync run-a');
    try {
      const err = await acquireWriterLock(db, 'sync run-b').then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(UserError);
      expect((err as UserError).exitCode).toBe(3);
      expect((err as UserError).message).toMatch(
        new RegExp(`^Another relsync sync is already writing to this warehouse \\(sync run-a pid ${process.pid} on ${hostname()}, since \\d{4}-\\d\\d-\\d\\dT`),
      );
    } finally {
      await lock.release();
    }
    // Released: taken again at once, and no holder row is left once that one is released too.
    await (await acquireWriterLock(db, 'sync run-c')).release();
    expect(await db.kysely.selectFrom('sync_lock').selectAll().execute()).toEqual([]);
  });

  it('a sync killed while its parent does not reap it (a zombie) does not lock the next sync out', async () => {
    const env = { ...process.env, AFFINITY_BASE_URL: sim.url, AFFINITY_API_KEY: sim.apiKey, DATABASE_URL: dbc.url, LOG_LEVEL: 'warn' };
    const { parent, childPid } = await unreapingParent([process.execPath, BIN, 'sync', '--full'], env, cwd);
    try {
      // The sync holds the lock and has committed pages.
      await until('the sync to commit pages', async () => (await dbc.db.kysely.selectFrom('sync_state').select('stream').execute()).length >= 2);
      const held = await dbc.db.kysely.selectFrom('sync_lock').selectAll().execute();
      expect(
        held.map((l) => l.pid),
        'the sync names itself as the holder',
      ).toEqual([childPid]);
      process.kill(childPid, 'SIGKILL');
      await until('the killed sync to be a zombie', () => procState(childPid) === 'Z', 10_000);

      // The slow answers only had to keep the killed sync mid-run: the next one goes at full speed.
      sim.setLatency(0);
      const again = await runCli(['sync', '--full'], { env, cwd, timeoutMs: 120_000 });
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toMatch(/run succeeded/);
      expect(procState(childPid), 'the holder was still a zombie throughout').toBe('Z');
      expect(await dbc.db.kysely.selectFrom('sync_lock').selectAll().execute()).toEqual([]);
    } finally {
      parent.kill('SIGKILL');
    }
  }, 150_000);
});
