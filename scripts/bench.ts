/**
 * `npm run bench [-- --scale medium --share 0.01 --db sqlite|postgres]`: the call budget of relsync.
 * 1. full sync of the simulator into a fresh warehouse; 2. change `share` of the field values;
 * 3. incremental sync. Prints calls, rows and time for both, and the incremental/full call ratio.
 * `--part idle [--contract reference,seed]`: the calls of an incremental run with nothing changed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startSimulator, type Scale } from '../src/simulator/index.ts';
import { configSchema } from '../src/config/schema.ts';
import { executeSync } from '../src/runner/execute.ts';
import { silentLogger } from '../src/log.ts';
import { changeFieldValues } from './bench-change.ts';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: 'medium' },
    share: { type: 'string', default: '0.01' },
    db: { type: 'string', default: 'sqlite' },
    'max-ratio': { type: 'string', default: '0.03' },
    of: { type: 'string', default: 'tracked' },
    part: { type: 'string', default: 'change' },
    contract: { type: 'string', default: 'reference,seed' },
  },
});
if (values.part === 'idle') {
  // Idle incremental run after a full sync, per contract (target: ≤ 8, plus on the seed the change-log calls its field filter forces).
  const { benchIdle, IDLE_TARGET } = await import('./bench-idle.ts');
  for (const contract of (values.contract ?? '').split(',') as Array<'reference' | 'seed'>) {
    const r = await benchIdle(values.scale as Scale, contract);
    const forced = Math.max(0, r.changeLogCalls - 1);
    const ok = r.idleCalls - forced <= IDLE_TARGET;
    console.log(`idle run, ${contract}, ${r.scale}: ${r.idleCalls} calls (${r.idleCalls - forced} + ${forced} change-log calls the field filter forces; target ≤ ${IDLE_TARGET}${forced ? ' + forced' : ''}) ${ok ? 'ok' : 'MISSED'}; full sync ${r.fullCalls}; ${JSON.stringify(r.byEndpoint)}`);
    if (!ok) process.exitCode = 1;
  }
  process.exit();
}
const scale = values.scale as Scale;
const share = Number(values.share);
const dir = mkdtempSync(join(tmpdir(), 'relsync-bench-'));
const databaseUrl = values.db === 'postgres'
  ? `${process.env.RELSYNC_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test'}?schema=bench_${Date.now()}`
  : `sqlite:${join(dir, 'bench.db')}`;

const t0 = Date.now();
const sim = await startSimulator({ scale, seed: 1, rateLimitPerMin: 1_000_000 });
const genSeconds = (Date.now() - t0) / 1000;
const config = configSchema.parse({ baseUrl: sim.url, apiKey: sim.apiKey, databaseUrl, logLevel: 'silent' });
const log = silentLogger();
const run = async (mode: 'full' | 'incremental') => {
  const started = Date.now();
  const { summary } = await executeSync({ config, log, apiKey: sim.apiKey, mode, command: `bench ${mode}`, tty: false });
  if (summary.status !== 'succeeded') throw new Error(`${mode} sync ${summary.status}: ${JSON.stringify(summary.errors)}`);
  return { calls: summary.callsTotal, rows: summary.rowsTotal, seconds: (Date.now() - started) / 1000, byEndpoint: summary.calls };
};

try {
  const full = await run('full');
  const change = changeFieldValues(sim.store, share, values.of === 'all' ? 'all' : 'tracked');
  const inc = await run('incremental');
  const ratio = inc.calls / full.calls;
  const line = (name: string, r: { calls: number; rows: number; seconds: number }) =>
    `${name.padEnd(12)} ${String(r.calls).padStart(7)} ${String(r.rows).padStart(10)} ${r.seconds.toFixed(1).padStart(9)}`;
  console.log(`relsync bench: scale ${scale}, ${values.db}, simulator generated in ${genSeconds.toFixed(1)} s`);
  console.log(`changed ${change.changed} field values on ${change.entities} records: ${((change.changed / change.tracked) * 100).toFixed(2)}% of the ${change.tracked} change-tracked values, ${((change.changed / change.total) * 100).toFixed(2)}% of all ${change.total}\n`);
  console.log(`${'run'.padEnd(12)} ${'calls'.padStart(7)} ${'rows'.padStart(10)} ${'seconds'.padStart(9)}`);
  console.log(line('full', full));
  console.log(line('incremental', inc));
  console.log(`\nincremental / full calls: ${(ratio * 100).toFixed(2)}% (target ≤ ${(Number(values['max-ratio']) * 100).toFixed(0)}%)`);
  console.log(`incremental calls by endpoint: ${JSON.stringify(inc.byEndpoint)}`);
  if (ratio > Number(values['max-ratio'])) process.exitCode = 1;
} finally {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
}
