/**
 * The webhook bench's `relsync schedule`: the built bundle as a child process, as an operator starts it
 * (test/helpers/cli.ts `spawnSchedule` starts the tests' the same way), with its own receiver port on
 * 127.0.0.1 and a cron expression never due during the bench, so every run it makes is a hint run.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import type { RunningSimulator } from '@relsync/simulator';
import { DIST_BIN, REPO_ROOT } from './build-cli.ts';

export interface ScheduleChild {
  url: string;
  /** Throws when the child has exited (a bench number from a dead receiver would mean nothing). */
  assertAlive(): void;
  /** Each hint run the child logged: its deliveries, calls and duration. */
  hintRuns(): string[];
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as AddressInfo;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

interface LogLine {
  msg?: string;
  time?: number;
  run?: string;
  deliveries?: number;
  calls?: number;
  capped?: boolean;
  durationMs?: number;
}

export async function startScheduleChild(o: { sim: RunningSimulator; databaseUrl: string; secret: string; delaySeconds: number }): Promise<ScheduleChild> {
  const port = await freePort();
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [DIST_BIN, 'schedule'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      AFFINITY_BASE_URL: o.sim.url,
      AFFINITY_API_KEY: o.sim.apiKey,
      DATABASE_URL: o.databaseUrl,
      RELSYNC_SCHEDULE: '0 0 1 1 *',
      RELSYNC_METRICS_PORT: '0',
      RELSYNC_MONTHLY_BUDGET: '100000',
      RELSYNC_WEBHOOK_SECRET: o.secret,
      RELSYNC_WEBHOOK_PORT: String(port),
      RELSYNC_WEBHOOK_DELAY_SECONDS: String(o.delaySeconds),
      LOG_LEVEL: 'info',
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const deadline = Date.now() + 30_000;
  while (!stdout.includes('webhooks: POST')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`relsync schedule did not start its receiver:\n${stdout}\n${stderr.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const lines = (): LogLine[] =>
    stderr
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as LogLine);
  return {
    url: `http://127.0.0.1:${port}`,
    assertAlive: () => {
      if (child.exitCode !== null) throw new Error(`relsync schedule exited ${child.exitCode}:\n${stderr.slice(-2000)}`);
    },
    hintRuns: () => {
      const out: string[] = [];
      let started: number | null = null;
      for (const l of lines()) {
        if (l.msg === 'scheduled run starting' && l.run === 'webhook hint run') started = l.time ?? null;
        if (l.msg === 'webhook hint run finished')
          out.push(
            `${l.deliveries} deliveries ${l.calls} calls${l.capped ? ' (capped)' : ''}${started && l.time ? ` ${((l.time - started) / 1000).toFixed(1)} s` : ''}`,
          );
      }
      return out;
    },
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
