/**
 * At large scale (25,000 opportunities) the opportunity↔person and ↔company links cost one older search
 * call per 500 opportunities plus one single read per opportunity whose arrays pass the cap of 100, far
 * below a call per opportunity, and the warehouse ends up with exactly the store's pairs. One simulator
 * (generation takes 10-20 s) serves both dialects: the reads do not change its store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSchema } from '../../src/config/schema.ts';
import { AffinityClient } from '../../src/extract/http/index.ts';
import { ALL_STREAMS } from '../../src/streams/registry.ts';
import { V1_SEARCH_PAGE } from '../../src/extract/limits.ts';
import type { DialectName } from '../../src/load/db.ts';
import { silentLogger } from '../../src/log.ts';
import { runSync, type SyncResult } from '../../src/runner/run-sync.ts';
import { startSimulator, type RunningSimulator } from '../../src/simulator/index.ts';
import { freshMigratedDb } from '../helpers/dialects.ts';

const STREAMS = ['opportunity_associations', 'opportunity_associations_full'];

let sim: RunningSimulator;
let generationMs = 0;

beforeAll(async () => {
  const started = Date.now();
  sim = await startSimulator({ scale: 'large', seed: 7, rateLimitPerMin: 100_000, monthlyLimit: null });
  generationMs = Date.now() - started;
}, 180_000);

afterAll(async () => {
  await sim?.close();
});

/** Pairs as "owner:other", for set comparison with readable differences. */
function pairSet(rows: ReadonlyArray<Record<string, unknown>>, owner: string, other: string): Set<string> {
  return new Set(rows.map((r) => `${String(r[owner])}:${String(r[other])}`));
}

function difference(a: Set<string>, b: Set<string>): string[] {
  return [...a].filter((x) => !b.has(x));
}

describe.each<DialectName>(['sqlite', 'postgres'])('opportunity associations at large scale [%s]', (dialect) => {
  it('costs ceil(opportunities/500) + one read per capped opportunity, and loads every pair', async () => {
    const store = sim.store;
    const opportunities = [...store.opportunities.values()];
    const capped = opportunities.filter((o) => o.personIds.length > 100 || o.companyIds.length > 100).length;
    const bound = Math.ceil(opportunities.length / V1_SEARCH_PAGE) + capped;
    // The scale must exercise the cap, or the single-read half of the bound is never tested.
    expect(opportunities.length).toBe(25_000);
    expect(capped).toBeGreaterThan(0);

    const dbc = await freshMigratedDb(dialect);
    const config = configSchema.parse({ apiKey: sim.apiKey, baseUrl: sim.url, databaseUrl: dbc.url, logLevel: 'silent' });
    const client = new AffinityClient({ baseUrl: sim.url, apiKey: sim.apiKey, apiVersion: config.apiVersion, logger: silentLogger() });
    let result: SyncResult;
    const started = Date.now();
    try {
      result = await runSync({
        db: dbc.db, client, config, log: silentLogger(), mode: 'full', command: 'test',
        streams: ALL_STREAMS.filter((s) => STREAMS.includes(s.name)),
      });
      const syncMs = Date.now() - started;
      const { summary } = result;
      expect(summary.status).toBe('succeeded');
      const search = summary.calls['GET /opportunities'] ?? 0;
      const singles = summary.calls['GET /opportunities/{id}'] ?? 0;
      console.info(JSON.stringify({ dialect, generationMs, syncMs, opportunities: opportunities.length, capped, bound, search, singles, callsTotal: summary.callsTotal }));
      expect(search + singles).toBeLessThanOrEqual(bound);
      // Nothing else was called, and every capped opportunity got its single read.
      expect(summary.callsTotal).toBe(search + singles);
      expect(singles).toBeGreaterThanOrEqual(capped);
      expect(summary.callsTotal).toBeLessThan(opportunities.length / 100);

      const persons = await dbc.db.kysely.selectFrom('opportunity_persons').select(['opportunity_id', 'person_id']).execute();
      const companies = await dbc.db.kysely.selectFrom('opportunity_companies').select(['opportunity_id', 'company_id']).execute();
      const gotPersons = pairSet(persons, 'opportunity_id', 'person_id');
      const gotCompanies = pairSet(companies, 'opportunity_id', 'company_id');
      const wantPersons = new Set(opportunities.flatMap((o) => o.personIds.map((p) => `${o.id}:${p}`)));
      const wantCompanies = new Set(opportunities.flatMap((o) => o.companyIds.map((c) => `${o.id}:${c}`)));
      expect(persons.length).toBe(gotPersons.size);
      expect(companies.length).toBe(gotCompanies.size);
      expect(difference(wantPersons, gotPersons).slice(0, 20), 'opportunity_persons missing').toEqual([]);
      expect(difference(gotPersons, wantPersons).slice(0, 20), 'opportunity_persons extra').toEqual([]);
      expect(difference(wantCompanies, gotCompanies).slice(0, 20), 'opportunity_companies missing').toEqual([]);
      expect(difference(gotCompanies, wantCompanies).slice(0, 20), 'opportunity_companies extra').toEqual([]);
      expect(gotPersons.size).toBe(wantPersons.size);
      expect(gotCompanies.size).toBe(wantCompanies.size);
    } finally {
      await client.close();
      await dbc.cleanup();
    }
  });
});
