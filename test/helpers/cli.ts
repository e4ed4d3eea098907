import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DIST_BIN, REPO_ROOT } from '../../scripts/build-cli.ts';

export { REPO_ROOT };
/** What the tests spawn: the package's `bin`, built once per run by vitest's global setup (scripts/build-cli.ts says why). */
export const BIN = DIST_BIN;
/** The same entry run from the sources through tsx, as nothing ships it: cli.test.ts holds the build to it. */
export const SOURCE_ENTRY = join(REPO_ROOT, 'src/cli/entry.ts');
/** tsx's loader by absolute URL: `--import tsx` would resolve from the child's working directory. */
const TSX_LOADER = pathToFileURL(join(REPO_ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
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
  opts: { env?: Record<string, string | undefined>; cwd?: string; timeoutMs?: number; fromSource?: boolean } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const env: Record<string, string | undefined> = { ...process.env, LOG_LEVEL: 'warn', ...opts.env };
    for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
    const child = spawn(process.execPath, [...(opts.fromSource ? ['--import', TSX_LOADER, SOURCE_ENTRY] : [BIN]), ...args], {
      cwd: opts.cwd ?? REPO_ROOT,
      env: env as NodeJS.ProcessEnv,
    });
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

/** A `relsync schedule` child: its output so far, kept apart per stream, and its exit. */
export interface ScheduleChild {
  child: ChildProcessWithoutNullStreams;
  out: { stdout: string; stderr: string };
  exited: Promise<number | null>;
}

/** Start `relsync schedule` as a real child process with these variables over the test's environment. */
export function spawnSchedule(env: Record<string, string>): ScheduleChild {
  const child = spawn(process.execPath, [BIN, 'schedule'], { cwd: REPO_ROOT, env: { ...process.env, ...env } });
  const out = { stdout: '', stderr: '' };
  child.stdout.on('data', (d: Buffer) => (out.stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out.stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, out, exited };
}
