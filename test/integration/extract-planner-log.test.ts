/**
 * The read plan is visible in the log: after a few changes an incremental run reads the changed companies
 * by id (one `ids` call for up to 100) and says so with ids / batchSize / calls; after changes to most
 * companies it sweeps instead, and the by-id line says there is nothing left to read.
 *
 * Changes the /v2 change log carries are applied to their cells without any re-read, so this runs at
 * API version 2024-01-01: the older per-field change listing (field_value_changes_v1) only names the
 * changed records, and those are what the planner re-reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSchema, type Config } from '../../src/config/schema.ts';
import { AffinityClient } from '../../src/extract/http/index.ts';
import { ALL_STREAMS } from '../../src/streams/registry.ts';
import { V2_IDS_BATCH } from '../../src/extract/limits.ts';
import type { Db } from '../../src/load/db.ts';
import { runSync, type SyncMode, type SyncResult } from '../../src/runner/run-sync.ts';
import { setCell, startSimulator, type RunningSimulator, type SimField } from '@relsync/simulator';
import { freshMigratedDb } from '../helpers/dialects.ts';
import { captureLogger } from '../helpers/mini-server.ts';

const STREAMS = ['fields', 'fields_v1', 'lists', 'field_value_changes_v1', 'companies', 'companies_changed'];

interface LogLine {
  msg?: string;
  stream?: string;
  ids?: number;
  batchSize?: number;
  calls?: number;
}

let sim: RunningSimulator;
let db: Db;
let config: Config;
let cleanup: () => Promise<void>;
let field: SimField;

beforeAll(async () => {
  sim = await startSimulator({ scale: 'small', seed: 7, rateLimitPerMin: 1_000_000, monthlyLimit: null });
  const dbc = await freshMigratedDb('sqlite');
  db = dbc.db;
  cleanup = dbc.cleanup;
  config = configSchema.parse({ apiKey: sim.apiKey, baseUrl: sim.url, databaseUrl: dbc.url, logLevel: 'info', apiVersion: '2024-01-01' });
  const f = [...sim.store.fields.values()].find((x) => x.trackChanges && x.listId === null && x.entityType === 'company' && x.valueType === 'number');
  if (!f) throw new Error('the small store has no change-tracked company number field');
  field = f;
});

afterAll(async () => {
  await sim?.close();
  await cleanup?.();
});

/** One run with a pino logger writing JSON lines to memory; returns the parsed lines too. */
async function run(mode: SyncMode): Promise<{ result: SyncResult; lines: LogLine[]; calls: Record<string, number> }> {
  const { logger, lines } = captureLogger();
  const client = new AffinityClient({ baseUrl: sim.url, apiKey: sim.apiKey, apiVersion: config.apiVersion, logger });
  try {
    const result = await runSync({
      db,
      client,
      config,
      log: logger,
      mode,
      command: 'test',
      streams: ALL_STREAMS.filter((s) => STREAMS.includes(s.name)),
    });
    expect(result.summary.status).toBe('succeeded');
    return { result, lines: lines.map((l) => JSON.parse(l) as LogLine), calls: client.counts() };
  } finally {
    await client.close();
  }
}

/** Change the tracked number field of these companies (the change log records each write). */
function changeCompanies(ids: readonly number[], salt: number): void {
  for (const id of ids) {
    setCell(sim.store, {
      field,
      entityType: 'company',
      entityId: id,
      listEntryId: null,
      value: { type: 'number', data: salt * 1_000_000 + (id % 1_000_000) },
      changerId: null,
    });
  }
}

const byIdsLine = (lines: LogLine[]) => lines.filter((l) => l.msg === 'reading records by id' && l.stream === 'companies_changed');

describe('the planner choice is logged', () => {
  it('a few changes: read by id, one ids call, logged with ids / batchSize / calls', async () => {
    await run('full');
    const ids = [...sim.store.companies.keys()].sort((a, b) => a - b).slice(10, 13);
    changeCompanies(ids, 1);

    const { result, lines, calls } = await run('incremental');
    expect(byIdsLine(lines)).toEqual([expect.objectContaining({ ids: ids.length, batchSize: V2_IDS_BATCH, calls: 1 })]);
    // The plan was followed: one ids lookup, no sweep of the 500 companies.
    expect(calls['GET /v2/companies?ids']).toBe(1);
    expect(calls['GET /v2/companies'] ?? 0).toBe(0);
    expect(result.summary.streams.companies?.mode).toBe('not due');
  });

  it('most companies changed: sweep, and the by-id line reads nothing', async () => {
    const all = [...sim.store.companies.keys()].sort((a, b) => a - b);
    changeCompanies(all.slice(0, all.length - 20), 2);

    const { result, lines, calls } = await run('incremental');
    expect(byIdsLine(lines)).toEqual([expect.objectContaining({ ids: 0, batchSize: V2_IDS_BATCH, calls: 0 })]);
    expect(calls['GET /v2/companies']).toBe(Math.ceil(all.length / 100));
    expect(calls['GET /v2/companies?ids'] ?? 0).toBe(0);
    expect(result.summary.streams.companies?.mode).toBe('sweep');
  });
});
