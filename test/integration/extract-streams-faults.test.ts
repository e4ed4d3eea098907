/**
 * Every collection stream, paged with the product's own request and Pager against a simulator that
 * fails ~17% of calls and allows 40 calls a minute, returns exactly the store's records: each once,
 * none invalid. The by-id reads return the records asked for with their full association lists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSchema } from '../../src/config/schema.ts';
import { AffinityClient } from '../../src/extract/http/index.ts';
import type { AnyStream } from '../../src/streams/define.ts';
import { ALL_STREAMS } from '../../src/streams/registry.ts';
import { startSimulator, type RunningSimulator, type Scale } from '@relsync/simulator';
import { freshMigratedDb } from '../helpers/dialects.ts';
import { captureLogger } from '../helpers/mini-server.ts';
import {
  BY_ID_CASES,
  COLLECTION_CASES,
  NOT_COVERED,
  duplicates,
  readAll,
  seedPartitionSources,
  sortKeys,
  type CaseBuilder,
  type CaseEnv,
} from '../helpers/stream-records.ts';

const FAULTS = '5xx=0.1,reset=0.05,html=0.02';
const PER_MIN = 40;
/** Anything this long is the budget waiting for the per-minute window (retry backoffs here are capped at 50 ms). */
const WINDOW_WAIT_MS = 1000;
/** The newest version: `/v2/teams` and the org-wide change log need it; the older interface ignores it. */
const API_VERSION = '2026-09-17';

function streamDef(name: string): AnyStream {
  const def = ALL_STREAMS.find((s) => s.name === name);
  if (!def) throw new Error(`no stream ${name} in ALL_STREAMS`);
  return def;
}

describe('every stream is covered by this file', () => {
  it('each stream in ALL_STREAMS has a collection case, a by-id case, or a stated reason', () => {
    const covered = new Set([...Object.keys(COLLECTION_CASES), ...Object.keys(BY_ID_CASES), ...Object.keys(NOT_COVERED)]);
    expect(ALL_STREAMS.map((s) => s.name).filter((n) => !covered.has(n))).toEqual([]);
    // And no case names a stream that no longer exists.
    expect([...covered].filter((n) => !ALL_STREAMS.some((s) => s.name === n))).toEqual([]);
  });
});

// tiny is the brief's scale; small adds multi-page reads and association lists past the cap of 100.
describe.each<Scale>(['tiny', 'small'])('streams against the simulator with faults and a tight rate limit [%s]', (scale) => {
  let sim: RunningSimulator;
  let client: AffinityClient;
  let env: CaseEnv;
  let cleanup: () => Promise<void>;
  let lines: string[];
  let pagesFetched = 0;
  const windowWaits: number[] = [];

  beforeAll(async () => {
    sim = await startSimulator({ scale, seed: 7, faults: FAULTS, rateLimitPerMin: PER_MIN });
    const log = captureLogger();
    lines = log.lines;
    client = new AffinityClient({
      baseUrl: sim.url,
      apiKey: sim.apiKey,
      apiVersion: API_VERSION,
      logger: log.logger,
      backoff: { baseMs: 5, capMs: 50 },
      timeoutMs: 5000,
      maxRetries: 8,
      // A wait for the per-minute window moves the simulator's window on instead, as a real minute would.
      sleep: async (ms) => {
        if (ms >= WINDOW_WAIT_MS) {
          windowWaits.push(ms);
          sim.resetRateWindow();
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, ms));
      },
    });
    const dbc = await freshMigratedDb('sqlite');
    cleanup = dbc.cleanup;
    await seedPartitionSources(dbc.db, sim.store);
    const config = configSchema.parse({ apiKey: sim.apiKey, baseUrl: sim.url, databaseUrl: dbc.url, apiVersion: API_VERSION, logLevel: 'silent' });
    env = { store: sim.store, ctx: { db: dbc.db, config }, contract: sim.contract };
  });

  afterAll(async () => {
    await client?.close();
    await sim?.close();
    await cleanup?.();
  });

  async function checkStream(name: string, build: CaseBuilder): Promise<void> {
    const cases = await build(streamDef(name), env);
    expect(cases.length, `${name}: no reads built`).toBeGreaterThan(0);
    let total = 0;
    for (const c of cases) {
      const got = await readAll(client, c);
      pagesFetched += got.pages;
      expect(got.invalid, `${c.label}: invalid records`).toEqual([]);
      const keys = got.records.map(c.key);
      expect(duplicates(keys), `${c.label}: records returned more than once`).toEqual([]);
      expect(sortKeys(keys), `${c.label}: record keys differ from the store's`).toEqual(sortKeys(c.expected));
      if (c.check)
        expect(
          got.records.map(c.check).filter((p) => p !== null),
          `${c.label}: content`,
        ).toEqual([]);
      total += keys.length;
    }
    // A read that returns nothing from an empty store proves nothing.
    expect(total, `${name}: the store has no records for this stream`).toBeGreaterThan(0);
  }

  it('builds one partition per list from the warehouse, as the runner would', async () => {
    const lists = [...sim.store.lists.keys()].sort((a, b) => a - b).map(String);
    const keys = async (name: string) => (await streamDef(name).read.partitions!(env.ctx)).map((p) => p.key);
    expect(await keys('list_entries')).toEqual(lists);
    expect(await keys('saved_views')).toEqual(lists);
    expect(await keys('fields')).toEqual(['companies', 'persons', ...lists.map((l) => `list-${l}`)]);
    const tracked = [...sim.store.fields.values()].filter((f) => f.trackChanges && f.v1Id !== null);
    expect((await keys('field_value_changes_v1')).length).toBeGreaterThan(0);
    expect((await keys('field_value_changes_v1')).length).toBeLessThanOrEqual(tracked.length);
  });

  it.each(Object.keys(COLLECTION_CASES))('%s pages to exactly the store records', async (name) => {
    await checkStream(name, COLLECTION_CASES[name]!);
  });

  it.each(Object.keys(BY_ID_CASES))('%s reads the requested ids', async (name) => {
    await checkStream(name, BY_ID_CASES[name]!);
  });

  it('retried the injected faults and never ran into the rate limit', () => {
    // Runs after the reads above (tests in a file run in order).
    expect(pagesFetched).toBeGreaterThan(0);
    expect(client.totalCalls()).toBeGreaterThan(pagesFetched);
    expect(lines.filter((l) => l.includes('retrying request')).length).toBe(client.totalCalls() - pagesFetched);
    // The budget, not the service, kept the pace: it waited for the window and nothing came back 429.
    expect(client.totalCalls()).toBeGreaterThan(PER_MIN);
    expect(windowWaits.length).toBeGreaterThanOrEqual(1);
    expect(sim.stats.rateLimited).toBe(0);
    expect(client.totalCalls()).toBe(sim.stats.requests);
  });
});
