import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../src/index.ts';
import { pageAllV2 } from '../../src/test-client.ts';

/**
 * The simulator's edge-value profile (generate/generate-edge-values.ts, render/edge-values.ts): list
 * entries created in a leap second, in the years 0000–0099 and with lowercase separators, each on the wire
 * as valid RFC 3339 for the instant the store holds; off by default.
 */
let edge: RunningSimulator;
let plain: RunningSimulator;
beforeAll(async () => {
  edge = await startSimulator({ scale: 'tiny', seed: 3, edgeValues: true, rateLimitPerMin: 1_000_000, monthlyLimit: null });
  plain = await startSimulator({ scale: 'tiny', seed: 3, rateLimitPerMin: 1_000_000, monthlyLimit: null });
});
afterAll(async () => {
  await edge?.close();
  await plain?.close();
});

async function createdAts(sim: RunningSimulator): Promise<string[]> {
  const out: string[] = [];
  for (const l of sim.store.lists.values()) {
    const entries = (await pageAllV2(sim, `/v2/lists/${l.id}/list-entries`)) as Array<{ id: number; createdAt: string }>;
    for (const e of entries) {
      out.push(e.createdAt);
      // The same instant as the store's, read as relsync's docs say (a leap second is the next second).
      const leap = /T23:59:60Z$/.exec(e.createdAt);
      const instant = leap ? Date.parse(e.createdAt.replace(':60Z', ':59Z')) + 1000 : Date.parse(e.createdAt.toUpperCase());
      expect(instant, e.createdAt).toBe(Date.parse(sim.store.listEntries.get(e.id)!.createdAt));
    }
  }
  return out;
}

const emptyDomains = async (sim: RunningSimulator) =>
  ((await pageAllV2(sim, '/v2/companies')) as Array<{ domain?: string | null }>).filter((c) => c.domain === '').length;

it('serves leap seconds, early years, lowercase separators and empty optional strings only with the profile on', async () => {
  const on = await createdAts(edge);
  expect(on.some((t) => t.endsWith('T23:59:60Z'))).toBe(true);
  expect(on.some((t) => /^00\d\d-/.test(t))).toBe(true);
  expect(on.some((t) => t.includes('t') && t.endsWith('z'))).toBe(true);
  expect(await emptyDomains(edge)).toBeGreaterThan(0);
  expect(await emptyDomains(plain)).toBe(0);
  const off = await createdAts(plain);
  expect(off.every((t) => /^(19|20)\d\d-\d\d-\d\dT[\d:.]+Z$/.test(t))).toBe(true);
});
