/**
 * `relsync` as a real child process that the test interrupts the hard way: SIGKILL at a chosen instant
 * of its run (no handler runs), or its PostgreSQL backends terminated under it. The instant is measured
 * from when the run has really started (its `sync_runs` row exists), not from process start, so a
 * kill lands in the run rather than in module loading.
 */
import { spawn } from 'node:child_process';
import type { Db } from '../../src/load/db.ts';
import { BIN } from './cli.ts';
import { terminateBackends } from './pg-backends.ts';

export type Interruption = { kind: 'none' } | { kind: 'kill'; afterMs: number } | { kind: 'terminate'; appName: string; afterMs: number };

export interface ChildOutcome {
  /** What actually happened: killed / terminated (backends) / exited on its own first. */
  how: 'killed' | 'terminated' | 'exited';
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Lines the child logged as "retrying request" (one per retry of an API call). */
  retries: number;
  /** Backends terminated (terminate only). */
  backends: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function runningIds(db: Db): Promise<string[]> {
  return (await db.kysely.selectFrom('sync_runs').select('id').where('status', '=', 'running').execute()).map((r) => r.id);
}

/**
 * Run `relsync <args>` and interrupt it as asked. `db` is the test's own handle on the same warehouse
 * (on PostgreSQL opened WITHOUT the child's application_name, so a termination spares it).
 */
export async function runChildSync(
  args: string[],
  env: Record<string, string>,
  cwd: string,
  db: Db,
  interruption: Interruption,
  timeoutMs = 300_000,
): Promise<ChildOutcome> {
  const before = new Set(await runningIds(db));
  const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  let exited = false;
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      exited = true;
      resolve({ code, signal });
    }),
  );
  const guard = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  let how: ChildOutcome['how'] = 'exited';
  let backends = 0;
  try {
    if (interruption.kind !== 'none') {
      // Wait for this child's run row, then for the chosen instant within the run.
      while (!exited && (await runningIds(db)).every((id) => before.has(id))) await sleep(15);
      if (!exited) await sleep(interruption.afterMs);
      if (!exited) {
        if (interruption.kind === 'kill') {
          child.kill('SIGKILL');
          how = 'killed';
        } else {
          backends = await terminateBackends(interruption.appName);
          how = 'terminated';
        }
      }
    }
    const { code, signal } = await done;
    if (how === 'killed' && signal !== 'SIGKILL') how = 'exited';
    const retries = stderr.split('\n').filter((l) => l.includes('"msg":"retrying request"')).length;
    return { how, code, signal, stdout, stderr, retries, backends };
  } finally {
    clearTimeout(guard);
  }
}
