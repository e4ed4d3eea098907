/**
 * With more opportunities than one search page (reference contract), the opportunity↔person and ↔company
 * links cost one older search call per 500 opportunities, whose items carry whole `person_ids` /
 * `organization_ids` (docs/contract.md §6.3; the simulator never cuts them), plus one
 * `GET /opportunities/{id}` per opportunity with an array of 100 or more: no document says the search is
 * uncut where `/v2` cuts at 100 (docs/contract.md §7.2), so a set that large is confirmed by the single read
 * (it is only added to until then). Exactly that, far below a call per opportunity, and the warehouse ends
 * up with exactly the store's pairs. The seed contract's path (one single read per opportunity) is covered
 * by test/e2e/full-sync.
 *
 * The scale is custom, not `large`: the bound only needs several search pages (a partial last one
 * included) and opportunities at the cap, which the generator makes (two of them) at any scale with 100+
 * opportunities and 300+ external persons. `large` (25,000 opportunities, 10-20 s of generation) proved
 * the same with 50 search pages. One simulator serves both dialects: the reads do not change its store.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { configSchema } from '../../src/config/schema.ts';
import { AffinityClient } from '../../src/extract/http/index.ts';
import { ALL_STREAMS } from '../../src/streams/registry.ts';
import { ASSOCIATION_CAP, V1_SEARCH_PAGE } from '../../src/extract/limits.ts';
import { silentLogger } from '../../src/log.ts';
import { runSync, type SyncResult } from '../../src/runner/run-sync.ts';
import { startSimulator, type RunningSimulator, type ScaleCounts } from '@relsync/simulator';
import { forEachDialect, freshMigratedDb } from '../helpers/dialects.ts';

const STREAMS = ['opportunity_associations', 'opportunity_associations_full'];

/** Two and a bit search pages of opportunities; persons enough for the generator's sets past the cap. */
const SCALE: ScaleCounts = { companies: 100, persons: 600, lists: 3, opportunities: 2 * V1_SEARCH_PAGE + 200 };

let sim: RunningSimulator;
let generationMs = 0;

beforeAll(async () => {
  const started = Date.now();
  sim = await startSimulator({ scale: SCALE, seed: 7, rateLimitPerMin: 100_000, monthlyLimit: null, contract: 'reference' });
  generationMs = Date.now() - started;
});

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

forEachDialect('opportunity associations past one search page', (dialect) => {
  it('costs ceil(opportunities/500) searches + one single read per opportunity with 100+ links, and loads every pair', async () => {
    const store = sim.store;
    const opportunities = [...store.opportunities.values()];
    const capped = opportunities.filter((o) => o.personIds.length >= ASSOCIATION_CAP || o.companyIds.length >= ASSOCIATION_CAP).length;
    const searches = Math.ceil(opportunities.length / V1_SEARCH_PAGE);
    // The scale must exercise the cap, or the single-read half of the bound is never tested.
    expect(opportunities.length).toBe(SCALE.opportunities);
    expect(searches, 'several search pages, the last one partial').toBe(3);
    expect(capped).toBeGreaterThan(0);

    const dbc = await freshMigratedDb(dialect);
    // The opportunities' rows, as the list entries write them before the single reads run: a mark is only
    // read for a live record.
    for (let i = 0; i < opportunities.length; i += 1000) {
      const rows = opportunities.slice(i, i + 1000).map((o) => ({ id: o.id, name: o.name, _synced_at: '2026-01-01T00:00:00.000Z', _deleted_at: null }));
      await dbc.db.kysely.insertInto('opportunities').values(rows).execute();
    }
    const config = configSchema.parse({ apiKey: sim.apiKey, baseUrl: sim.url, databaseUrl: dbc.url, logLevel: 'silent' });
    const client = new AffinityClient({ baseUrl: sim.url, apiKey: sim.apiKey, apiVersion: config.apiVersion, logger: silentLogger() });
    let result: SyncResult;
    const started = Date.now();
    try {
      result = await runSync({
        db: dbc.db,
        client,
        config,
        log: silentLogger(),
        mode: 'full',
        command: 'test',
        streams: ALL_STREAMS.filter((s) => STREAMS.includes(s.name)),
      });
      const syncMs = Date.now() - started;
      const { summary } = result;
      expect(summary.status).toBe('succeeded');
      const search = summary.calls['GET /opportunities'] ?? 0;
      const singles = summary.calls['GET /opportunities/{id}'] ?? 0;
      console.info(
        JSON.stringify({ dialect, generationMs, syncMs, opportunities: opportunities.length, capped, search, singles, callsTotal: summary.callsTotal }),
      );
      expect(search).toBe(searches);
      // Exactly the opportunities at the cap: the search's whole arrays settle every other one.
      expect(singles).toBe(capped);
      expect(summary.callsTotal).toBe(search + singles);
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

      // The single reads consumed their marks: run again, they re-read no set for its size alone.
      const again = await runSync({
        db: dbc.db,
        client,
        config,
        log: silentLogger(),
        mode: 'incremental',
        command: 'test',
        streams: ALL_STREAMS.filter((s) => s.name === 'opportunity_associations_full'),
      });
      expect(again.summary.status).toBe('succeeded');
      // The client's counters run on across both runs (one client): the second added no single read.
      expect(again.summary.calls['GET /opportunities/{id}'] ?? 0, JSON.stringify(again.summary.calls)).toBe(singles);
    } finally {
      await client.close();
      await dbc.cleanup();
    }
  });
});
