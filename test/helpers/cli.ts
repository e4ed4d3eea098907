import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BUNDLED_BIN, REPO_ROOT } from './cli-bundle.ts';

export { REPO_ROOT };
/** The command line as users install it (through tsx). */
export const REAL_BIN = fileURLToPath(new URL('../../bin/relsync.js', import.meta.url));
/** What the tests spawn: the same entry, bundled once per run (cli-bundle.ts says why). */
export const BIN = BUNDLED_BIN;
/** A stack frame in a child's output, from the bundle (`.js`) or the sources (`.ts`): users get none. */
export const STACK_FRAME = /\bat .*\.m?[jt]s:\d+/;

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Run `relsync <args>` as a real child process, the way a user does. */
export function runCli(
  args: string[],
  opts: { env?: Record<string, string | undefined>; cwd?: string; timeoutMs?: number; bin?: string } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const env: Record<string, string | undefined> = { ...process.env, LOG_LEVEL: 'warn', ...opts.env };
    for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
    const child = spawn(process.execPath, [opts.bin ?? BIN, ...args], { cwd: opts.cwd ?? REPO_ROOT, env: env as NodeJS.ProcessEnv });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
