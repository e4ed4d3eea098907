/**
 * `npm run bench -- --part rss [--scales medium,large] [--db sqlite]`: peak resident memory of `sync --full`.
 * The simulator runs in this process; the sync runs in a child (`scripts/bench-rss-child.ts`) so that only
 * relsync's memory is measured. The child is run under `/usr/bin/time -v` when present (its "Maximum
 * resident set size"); the child also prints `process.resourceUsage().maxRSS`, used when `time` is absent.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { startSimulator, type ContractName, type Scale } from '@relsync/simulator';
import { freshWarehouse, report, type Dialect } from './bench-support.ts';

/** Issue 11: peak RSS of a large-scale full sync, and not growing with scale. */
export const RSS_TARGET_MB = 300;
const TIME_BIN = '/usr/bin/time';

export interface RssResult {
  scale: Scale;
  contract: ContractName;
  peakMb: number;
  source: string;
  calls: number;
  rows: number;
  seconds: number;
}

export async function benchRss(scale: Scale, contract: ContractName, dialect: Dialect): Promise<RssResult> {
  const sim = await startSimulator({ scale, seed: 1, rateLimitPerMin: 1_000_000, monthlyLimit: null, contract });
  const wh = freshWarehouse(dialect, `rss-${scale}`);
  try {
    const childArgs = [process.execPath, 'bin/run-script.js', 'scripts/bench-rss-child.ts', sim.url, sim.apiKey, wh.databaseUrl];
    const useTime = existsSync(TIME_BIN);
    const [cmd, ...args] = useTime ? [TIME_BIN, '-v', ...childArgs] : childArgs;
    const { stdout, stderr, code } = await new Promise<{ stdout: string; stderr: string; code: number | null }>((done) => {
      const child = spawn(cmd!, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => void (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => void (err += d.toString()));
      child.on('close', (c) => done({ stdout: out, stderr: err, code: c }));
    });
    if (code !== 0) throw new Error(`rss child exited ${String(code)}: ${stderr.slice(-2000)}`);
    const line = stdout.trim().split('\n').at(-1) ?? '{}';
    const r = JSON.parse(line) as { maxRssKb: number; calls: number; rows: number; seconds: number };
    const m = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
    const kb = m ? Number(m[1]) : r.maxRssKb;
    return {
      scale,
      contract,
      peakMb: Math.round(kb / 1024),
      source: m ? '/usr/bin/time -v' : 'process.resourceUsage().maxRSS',
      calls: r.calls,
      rows: r.rows,
      seconds: r.seconds,
    };
  } finally {
    await wh.dispose();
    await sim.close();
  }
}

export async function runRssPart(scales: Scale[], contract: ContractName, dialect: Dialect): Promise<void> {
  const results: RssResult[] = [];
  for (const scale of scales) {
    const r = await benchRss(scale, contract, dialect);
    results.push(r);
    report(
      `peak RSS, full sync, ${scale}, ${contract}, ${dialect} (${r.calls} calls, ${r.rows} rows, ${r.seconds.toFixed(0)} s; ${r.source})`,
      `${r.peakMb} MB`,
      `≤ ${RSS_TARGET_MB} MB`,
      r.peakMb <= RSS_TARGET_MB,
    );
  }
  if (results.length > 1) {
    const first = results[0]!;
    const last = results.at(-1)!;
    // "Not growing with scale": the largest scale within 15% of the smallest, though it has several times the rows.
    report(
      `peak RSS growth ${first.scale} → ${last.scale}`,
      `×${(last.peakMb / first.peakMb).toFixed(2)} for ×${(last.rows / Math.max(1, first.rows)).toFixed(1)} rows`,
      '≤ ×1.15',
      last.peakMb <= first.peakMb * 1.15,
    );
  }
}
