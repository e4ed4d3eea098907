/**
 * `npm run bench -- --part startup [--runs N]`: start-up of the command line as it ships (`npm run build`'s
 * bundle) against the sources through tsx (issue 36): `relsync --version`, and `relsync status` on a synced
 * small SQLite warehouse. Each command runs N times (default 7) in turn, built and tsx interleaved so a busy
 * machine slows both alike; printed are the medians of wall time and of CPU (user+sys, /usr/bin/time).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildCli, DIST_BIN, REPO_ROOT } from './build-cli.ts';
import { benchConfig, freshWarehouse, report, syncOnce } from './bench-support.ts';
import { startSimulator } from '@relsync/simulator';

const TSX = ['--import', pathToFileURL(join(REPO_ROOT, 'node_modules/tsx/dist/loader.mjs')).href, join(REPO_ROOT, 'src/cli/entry.ts')];

interface Timing {
  wall: number;
  cpu: number;
}

function timeOnce(args: string[], env: NodeJS.ProcessEnv): Timing {
  const started = performance.now();
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S', process.execPath, ...args], { env, encoding: 'utf8' });
  const wall = (performance.now() - started) / 1000;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  const [user, sys] = (r.stderr.trim().split('\n').pop() ?? '').split(' ').map(Number);
  return { wall, cpu: (user ?? NaN) + (sys ?? NaN) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

export async function runStartupPart(runs: number): Promise<void> {
  await buildCli();
  const sim = await startSimulator({ scale: 'small', rateLimitPerMin: 1_000_000, monthlyLimit: null });
  const wh = freshWarehouse('sqlite', 'startup');
  try {
    await syncOnce(benchConfig(sim, wh.databaseUrl), sim.apiKey, 'full');
    const env = { ...process.env, DATABASE_URL: wh.databaseUrl, LOG_LEVEL: 'warn' };
    for (const [label, args] of [
      ['--version', ['--version']],
      ['status (synced small warehouse)', ['status']],
    ] as const) {
      const built: Timing[] = [];
      const tsx: Timing[] = [];
      for (let i = 0; i < runs; i++) {
        built.push(timeOnce([DIST_BIN, ...args], env));
        tsx.push(timeOnce([...TSX, ...args], env));
      }
      const b = { wall: median(built.map((t) => t.wall)), cpu: median(built.map((t) => t.cpu)) };
      const t = { wall: median(tsx.map((x) => x.wall)), cpu: median(tsx.map((x) => x.cpu)) };
      console.log(
        `relsync ${label}, median of ${runs}: built ${b.wall.toFixed(2)} s wall, ${b.cpu.toFixed(2)} s CPU; tsx ${t.wall.toFixed(2)} s wall, ${t.cpu.toFixed(2)} s CPU`,
      );
      report(`relsync ${label}: built CPU / tsx CPU`, (b.cpu / t.cpu).toFixed(2), '< 1', b.cpu < t.cpu);
    }
  } finally {
    await sim.close();
    await wh.dispose();
  }
}
