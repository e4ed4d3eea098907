import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AffinityClient } from '../../src/extract/http/index.ts';
import { Pager } from '../../src/extract/pager.ts';
import { startSimulator, type RunningSimulator } from '@relsync/simulator';
import { captureLogger } from '../helpers/mini-server.ts';

const Company = z.object({ id: z.number(), name: z.string() });
const FAULTS = '5xx=0.1,reset=0.05,html=0.02';
const PER_MIN = 40;
/** Anything this long is the budget waiting for the per-minute window (retry backoffs here are capped at 50 ms). */
const WINDOW_WAIT_MS = 1000;

let sim: RunningSimulator;
let client: AffinityClient;
let lines: string[];
const windowWaits: number[] = [];

beforeAll(async () => {
  sim = await startSimulator({ seed: 11, scale: 'tiny', faults: FAULTS, rateLimitPerMin: PER_MIN });
  const log = captureLogger();
  lines = log.lines;
  client = new AffinityClient({
    baseUrl: sim.url,
    apiKey: sim.apiKey,
    apiVersion: '2024-01-01',
    logger: log.logger,
    backoff: { baseMs: 5, capMs: 50 },
    timeoutMs: 5000,
    // Retry backoffs really sleep; a wait for the per-minute window instead moves the simulator's window on,
    // which is what a real minute would do, so the test takes seconds rather than minutes.
    sleep: async (ms) => {
      if (ms >= WINDOW_WAIT_MS) {
        windowWaits.push(ms);
        sim.resetRateWindow();
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, ms));
    },
  });
});

afterAll(async () => {
  await client?.close();
  await sim?.close();
});

async function pageAll(pager: Pager<{ id: number }>): Promise<number[]> {
  const ids: number[] = [];
  while (!pager.done) {
    const page = await pager.next();
    expect(page.invalid).toEqual([]);
    ids.push(...page.records.map((r) => r.id));
  }
  return ids;
}

describe('HTTP layer against the simulator with faults and a tight rate limit', () => {
  it('pages /v2/companies and v1 /organizations to exactly the store ids without a single 429', async () => {
    const storeIds = [...sim.store.companies.keys()].sort((a, b) => a - b);
    expect(storeIds.length).toBeGreaterThan(0);

    const v2 = await pageAll(new Pager(client, { path: '/v2/companies', query: { limit: 1 }, paginator: 'v2' }, Company));
    const v1 = await pageAll(
      new Pager(client, { path: '/organizations', query: { page_size: 1 }, paginator: 'v1-token', recordsKey: 'organizations' }, Company),
    );

    expect([...v2].sort((a, b) => a - b)).toEqual(storeIds);
    expect(new Set(v2).size).toBe(v2.length);
    expect([...v1].sort((a, b) => a - b)).toEqual(storeIds);
    expect(new Set(v1).size).toBe(v1.length);

    // The budget, not the service, kept the pace: it waited for the window and nothing came back 429.
    expect(sim.stats.rateLimited).toBe(0);
    expect(client.totalCalls()).toBeGreaterThan(PER_MIN);
    expect(windowWaits.length).toBeGreaterThanOrEqual(1);
    // Faults really happened and were retried.
    expect(lines.filter((l) => l.includes('retrying request')).length).toBeGreaterThan(0);
    expect(client.totalCalls()).toBe(sim.stats.requests);
    const snap = client.budget.snapshot();
    expect(snap.userLimit).toBe(PER_MIN);
    expect(snap.orgLimit).not.toBeNull();
  });
});
