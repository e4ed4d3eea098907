/**
 * Shared pieces of `npm run bench`: a fresh warehouse per run, one sync, and the line each part prints
 * (its number next to its target).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { configSchema, type Config } from '../src/config/schema.ts';
import { silentLogger } from '../src/log.ts';
import { executeSync } from '../src/runner/execute.ts';
import type { ContractName } from '@relsync/simulator';

export type Dialect = 'sqlite' | 'postgres';
export const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';

export interface Warehouse {
  databaseUrl: string;
  /** Removes the SQLite directory, or drops the PostgreSQL schema (a medium warehouse is ~1 GB). */
  dispose(): Promise<void>;
}

/** A fresh SQLite file in a temporary directory, or a fresh schema in the test PostgreSQL. */
export function freshWarehouse(dialect: Dialect, label: string): Warehouse {
  const dir = mkdtempSync(join(tmpdir(), `relsync-${label}-`));
  const removeDir = async () => rmSync(dir, { recursive: true, force: true });
  if (dialect === 'sqlite') return { databaseUrl: `sqlite:${join(dir, 'bench.db')}`, dispose: removeDir };
  const base = process.env.RELSYNC_TEST_PG_URL ?? DEFAULT_PG_URL;
  const schema = `bench_${label.replace(/\W/g, '_')}_${Date.now()}`;
  const dispose = async () => {
    await removeDir();
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    } finally {
      await client.end();
    }
  };
  return { databaseUrl: `${base}?schema=${schema}`, dispose };
}

export function benchConfig(sim: { url: string; apiKey: string }, databaseUrl: string, extra: Record<string, unknown> = {}): Config {
  return configSchema.parse({ baseUrl: sim.url, apiKey: sim.apiKey, databaseUrl, logLevel: 'silent', ...extra });
}

export interface RunResult {
  calls: number;
  rows: number;
  seconds: number;
  byEndpoint: Record<string, number>;
  byStream: Record<string, number>;
}

/** One sync; throws unless it succeeded (a bench number from a failed run would mean nothing). */
export async function syncOnce(config: Config, apiKey: string, mode: 'full' | 'incremental'): Promise<RunResult> {
  const started = Date.now();
  const { summary } = await executeSync({ config, log: silentLogger(), apiKey, mode, command: `bench ${mode}`, tty: false });
  if (summary.status !== 'succeeded') throw new Error(`${mode} sync ${summary.status}: ${JSON.stringify(summary.errors)}`);
  const byStream = Object.fromEntries(Object.entries(summary.streams).map(([k, v]) => [k, v.calls]));
  return { calls: summary.callsTotal, rows: summary.rowsTotal, seconds: (Date.now() - started) / 1000, byEndpoint: summary.calls, byStream };
}

export function contractsOf(arg: string | undefined): ContractName[] {
  return (arg ?? 'reference,seed').split(',').filter(Boolean) as ContractName[];
}

/** One result line: the number, its target and whether it is met; a miss sets the exit code. */
export function report(what: string, value: string, target: string, ok: boolean): void {
  console.log(`${what}: ${value} (target ${target}) ${ok ? 'ok' : 'MISSED'}`);
  if (!ok) process.exitCode = 1;
}
