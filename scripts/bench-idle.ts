/**
 * `npm run bench -- --part idle`: calls of an incremental run with nothing changed, after a full sync.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configSchema } from '../src/config/schema.ts';
import { silentLogger } from '../src/log.ts';
import { executeSync } from '../src/runner/execute.ts';
import { startSimulator, type ContractName, type Scale } from '@relsync/simulator';

/** Issue 11: an idle run's calls at every scale (the seed's forced change-log batches counted apart). */
export const IDLE_TARGET = 8;

export interface IdleResult {
  contract: ContractName;
  scale: Scale;
  fullCalls: number;
  idleCalls: number;
  /** Change-log calls the seed's field filter forces beyond one (batches of tracked fields). */
  changeLogCalls: number;
  byEndpoint: Record<string, number>;
}

export async function benchIdle(scale: Scale, contract: ContractName): Promise<IdleResult> {
  const dir = mkdtempSync(join(tmpdir(), 'relsync-idle-'));
  const sim = await startSimulator({ scale, seed: 1, rateLimitPerMin: 1_000_000, monthlyLimit: null, contract });
  try {
    const config = configSchema.parse({ baseUrl: sim.url, apiKey: sim.apiKey, databaseUrl: `sqlite:${join(dir, 'idle.db')}`, logLevel: 'silent' });
    const run = async (mode: 'full' | 'incremental') =>
      (await executeSync({ config, log: silentLogger(), apiKey: sim.apiKey, mode, command: `bench ${mode}`, tty: false })).summary;
    const full = await run('full');
    const idle = await run('incremental');
    const changeLog = ['field_value_changes', 'field_value_changes_by_field', 'field_value_changes_v1'].reduce((n, s) => n + (idle.streams[s]?.calls ?? 0), 0);
    return { contract, scale, fullCalls: full.callsTotal, idleCalls: idle.callsTotal, changeLogCalls: changeLog, byEndpoint: idle.calls };
  } finally {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One line per contract and scale: the idle run's calls, the seed's forced change-log calls apart. */
export async function runIdlePart(scales: readonly Scale[], contracts: readonly ContractName[]): Promise<void> {
  for (const scale of scales) {
    for (const contract of contracts) {
      const r = await benchIdle(scale, contract);
      const forced = Math.max(0, r.changeLogCalls - 1);
      console.log(
        `idle run, ${contract}, ${r.scale}: ${r.idleCalls} calls (${r.idleCalls - forced} + ${forced} change-log calls the field filter forces; target ≤ ${IDLE_TARGET}${forced ? ' + forced' : ''}) ${r.idleCalls - forced <= IDLE_TARGET ? 'ok' : 'MISSED'}; full sync ${r.fullCalls}; ${JSON.stringify(r.byEndpoint)}`,
      );
      if (r.idleCalls - forced > IDLE_TARGET) process.exitCode = 1;
    }
  }
}
