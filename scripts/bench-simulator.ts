/**
 * Simulator benchmark: time to "listening" and per-page latency of the hot read paths.
 *   node bin/run-script.js scripts/bench-simulator.ts [--scale large] [--pages 50] [--in-process]
 * Spawns `relsync simulate` as a child when the CLI offers it (measures the real startup, including
 * module loading), otherwise starts the simulator in-process. Targets: start < 30 s, a page < 50 ms.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

interface Args {
  scale: string;
  pages: number;
  inProcess: boolean;
}

function parseArgs(argv: string[]): Args {
  const out: Args = { scale: 'large', pages: 50, inProcess: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--scale') out.scale = argv[++i] ?? out.scale;
    else if (a === '--pages') out.pages = Number(argv[++i] ?? out.pages);
    else if (a === '--in-process') out.inProcess = true;
  }
  return out;
}

interface Target {
  url: string;
  apiKey: string;
  stop: () => Promise<void>;
  mode: string;
  rssMb: () => number | null;
}

async function startChild(scale: string): Promise<Target> {
  const child: ChildProcess = spawn(process.execPath, ['bin/relsync.js', 'simulate', '--scale', scale, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, LOG_LEVEL: 'warn' },
  });
  const url = await new Promise<string>((resolveUrl, reject) => {
    let buf = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (d: string) => {
      buf += d;
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(buf);
      if (m) resolveUrl(m[1] as string);
    });
    child.once('exit', (code) => reject(new Error(`simulate exited early with code ${String(code)}`)));
  });
  const stop = () =>
    new Promise<void>((done) => {
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  const rssMb = () => {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${String(child.pid)}/status`, 'utf8'));
      return m ? Math.round(Number(m[1]) / 1024) : null;
    } catch {
      return null;
    }
  };
  return { url, apiKey: 'sim-key', stop, mode: 'child process (relsync simulate)', rssMb };
}

async function startInProcess(scale: string): Promise<Target> {
  const { startSimulator } = await import('@relsync/simulator');
  const sim = await startSimulator({ scale: scale as 'large', rateLimitPerMin: 1_000_000, monthlyLimit: null });
  return { url: sim.url, apiKey: sim.apiKey, stop: () => sim.close(), mode: 'in-process', rssMb: () => Math.round(process.memoryUsage().rss / 1_048_576) };
}

async function timedJson(t: Target, pathOrUrl: string): Promise<{ ms: number; body: Record<string, unknown> }> {
  const started = performance.now();
  const res = await fetch(pathOrUrl.startsWith('http') ? pathOrUrl : `${t.url}${pathOrUrl}`, { headers: { authorization: `Bearer ${t.apiKey}` } });
  const text = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${pathOrUrl} -> ${res.status} ${text.slice(0, 200)}`);
  return { ms, body: JSON.parse(text) as Record<string, unknown> };
}

async function followV2(t: Target, first: string, pages: number): Promise<number[]> {
  const times: number[] = [];
  let next: string | null = first;
  while (next && times.length < pages) {
    const { ms, body } = await timedJson(t, next);
    times.push(ms);
    next = (body.pagination as { nextUrl: string | null } | undefined)?.nextUrl ?? null;
  }
  return times;
}

async function followV1(t: Target, path: string, pages: number): Promise<number[]> {
  const times: number[] = [];
  let token: string | null = null;
  do {
    const { ms, body } = await timedJson(t, token ? `${path}&page_token=${token}` : path);
    times.push(ms);
    token = (body.next_page_token as string | null) ?? null;
  } while (token && times.length < pages);
  return times;
}

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const canSpawn = !args.inProcess && existsSync(resolve('src/cli/main.ts')) && existsSync(resolve('src/cli/simulate-command.ts'));
  const t0 = performance.now();
  const target = canSpawn ? await startChild(args.scale) : await startInProcess(args.scale);
  const startupS = (performance.now() - t0) / 1000;
  try {
    const lists = (await timedJson(target, '/v2/lists')).body.data as Array<{ id: number; type: string }>;
    let biggest = lists[0]?.id;
    let most = -1;
    for (const l of lists) {
      const r = await timedJson(target, `/lists/${l.id}`);
      const size = r.body.list_size as number;
      if (size > most) {
        most = size;
        biggest = l.id;
      }
    }
    const rows: Array<[string, number[]]> = [
      ['GET /v2/companies?limit=100 (nextUrl)', await followV2(target, '/v2/companies?limit=100', args.pages)],
      [
        `GET /v2/lists/${String(biggest)}/list-entries?fieldTypes=list`,
        await followV2(target, `/v2/lists/${String(biggest)}/list-entries?fieldTypes=list`, args.pages),
      ],
      ['GET /opportunities?page_size=500 (v1)', await followV1(target, '/opportunities?page_size=500', args.pages)],
    ];
    console.log(`simulator bench: scale=${args.scale}, ${target.mode}`);
    console.log(`startup to "listening": ${startupS.toFixed(2)} s (target < 30 s); resident memory ${String(target.rssMb() ?? '?')} MB`);
    console.log('');
    console.log(`${'endpoint'.padEnd(52)} ${'pages'.padStart(5)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}`);
    for (const [name, times] of rows) {
      console.log(
        `${name.padEnd(52)} ${String(times.length).padStart(5)} ${pct(times, 50).toFixed(1).padStart(8)} ${pct(times, 95).toFixed(1).padStart(8)} ${Math.max(
          ...times,
        )
          .toFixed(1)
          .padStart(8)}`,
      );
    }
    console.log('(target: a page in < 50 ms)');
  } finally {
    await target.stop();
  }
}

await main();
