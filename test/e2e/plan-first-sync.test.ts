import { existsSync } from 'node:fs';
import { afterEach, expect, it } from 'vitest';
import { DEFAULT_PLAN_COUNT_CALLS } from '../../src/defaults.ts';
import { openDatabase } from '../../src/load/db.ts';
import { migrateToLatest } from '../../src/load/migrate.ts';
import { parseDatabaseUrl } from '../../src/load/db.ts';
import type { PlanReport } from '../../src/budget/plan-report.ts';
import { startSimulator, type RunningSimulator, type ScaleCounts } from '@relsync/simulator';
import { runCli } from '../helpers/cli.ts';
import { forEachContract, forEachDialect, freshDatabaseUrl, type TestDatabase } from '../helpers/dialects.ts';
import { E2E_SEED, startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';

/**
 * Over a page of companies, persons and opportunities at the service's 100 a page, so the counts page and
 * the first sync's single reads outweigh its fixed calls as on a real tenant (it was E2E_SCALE, 210 companies:
 * 37 s of CPU for this file, each company one single read of the first sync).
 */
const SCALE: ScaleCounts = { companies: 110, persons: 160, lists: 4, opportunities: 110 };

let sim: RunningSimulator | undefined;
let wh: TestDatabase | undefined;
let fixture: SyncFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  await sim?.close();
  await wh?.cleanup();
  fixture = sim = wh = undefined;
});

const envOf = (s: { url: string }, databaseUrl: string, apiKey: string) => ({
  AFFINITY_BASE_URL: s.url,
  AFFINITY_API_KEY: apiKey,
  DATABASE_URL: databaseUrl,
  RELSYNC_MAX_RETRIES: '0',
});

forEachContract('plan before the first sync', (contract, dialect) => {
  it('counts with a few calls, says so, and prices the first sync near what it then costs', async () => {
    sim = await startSimulator({ scale: SCALE, seed: E2E_SEED, rateLimitPerMin: 1_000_000, monthlyLimit: null, contract });
    // A warehouse that does not exist yet: no SQLite file, an empty PostgreSQL schema.
    wh = await freshDatabaseUrl(dialect);
    const env = envOf(sim, wh.url, sim.apiKey);
    const before = sim.stats.requests;
    const json = await runCli(['plan', '--json'], { env });
    expect(json.stderr).toBe('');
    expect(json.code).toBe(0);
    const r = JSON.parse(json.stdout) as PlanReport;
    const counted = r.counted!;
    // What it says it spent is what the service served, within the cap.
    expect(counted.calls).toBe(sim.stats.requests - before);
    expect(counted.calls).toBeLessThanOrEqual(DEFAULT_PLAN_COUNT_CALLS);
    expect(counted.cap).toBe(DEFAULT_PLAN_COUNT_CALLS);
    expect(counted.counts.companies).toEqual({ n: sim.store.companies.size, exact: true });
    expect(counted.counts.persons).toEqual({ n: sim.store.persons.size, exact: true });
    expect(counted.counts.opportunities).toEqual({ n: sim.store.opportunities.size, exact: true });
    expect(counted.counts.lists).toHaveLength(sim.store.lists.size);
    // The seed's envelope carries no totalCount, and its opportunity search no association arrays.
    expect(counted.counts.notes === null).toBe(contract === 'seed');
    expect(counted.counts.opportunitySearchArrays).toBe(contract === 'reference');
    expect(counted.notCounted).toContain('transcript_fragments');
    expect(r.plan.streams.find((s) => s.name === 'companies')).toMatchObject({
      kind: 'periodic',
      basis: 'counted',
      calls: Math.ceil(sim.store.companies.size / 100),
    });
    expect(r.plan.streams.find((s) => s.name === 'transcript_fragments')).toMatchObject({ basis: 'not counted', calls: 1 });
    expect(r.plan.monthlyBudget).toBeNull();
    if (dialect === 'sqlite') expect(existsSync(parseDatabaseUrl(wh.url).path!)).toBe(false);

    const text = await runCli(['plan'], { env });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`priced from ${counted.calls} counting calls (at most ${DEFAULT_PLAN_COUNT_CALLS}; --count-calls)`);
    expect(text.stdout).toMatch(/^first full sync: at least [\d,]+ calls$/m);
    // With relevance tiers (the default) companies are swept whole every half cold period; list entries every day.
    expect(text.stdout).toMatch(/^companies\s+periodic\s+360\.0h\s.*\scounted$/m);
    expect(text.stdout).toMatch(/^list_entries\s+periodic\s+24\.0h\s.*\scounted$/m);
    expect(text.stdout).toMatch(/^total a month as configured: at least [\d,]+ calls/m);

    // The real first sync: the estimate is a lower bound of the same order (uncounted streams at 1 call a pass).
    fixture = await startSyncFixture({ dialect, simulator: sim, contract });
    const first = await fixture.runFull();
    expect(first.summary.status).toBe('succeeded');
    expect(counted.firstSync.calls).toBeLessThanOrEqual(first.summary.callsTotal);
    expect(counted.firstSync.calls).toBeGreaterThanOrEqual(first.summary.callsTotal * 0.75);
  });

  it('a cap too small to page the searches leaves their counts "at least", never zero', async () => {
    sim = await startSimulator({ scale: 'tiny', seed: E2E_SEED, rateLimitPerMin: 1_000_000, monthlyLimit: null, contract });
    wh = await freshDatabaseUrl(dialect);
    const r = JSON.parse((await runCli(['plan', '--json', '--count-calls', '1'], { env: envOf(sim, wh.url, sim.apiKey) })).stdout) as PlanReport;
    expect(r.counted?.calls).toBe(1);
    expect(r.counted?.counts.companies).toBeNull();
    expect(r.plan.streams.find((s) => s.name === 'companies')).toMatchObject({ basis: 'not counted', calls: 1 });
    expect(r.counted?.firstSync.basis).toBe('at least');
  });
});

forEachDialect('plan before the first sync, when the service cannot be counted', (dialect) => {
  it('says why in one line, without a stack trace, on an empty migrated warehouse', async () => {
    sim = await startSimulator({ scale: 'tiny', seed: E2E_SEED });
    wh = await freshDatabaseUrl(dialect);
    const db = await openDatabase(wh.url);
    await migrateToLatest(db).finally(() => db.close());

    const badKey = await runCli(['plan'], { env: envOf(sim, wh.url, 'not-the-key') });
    expect(badKey.code).toBe(2);
    expect(badKey.stdout).toBe('');
    expect(badKey.stderr).toContain(`could not count at ${sim.url}: The Affinity API key was rejected (401`);
    expect(badKey.stderr).toContain('AFFINITY_API_KEY');
    expect(badKey.stderr).not.toMatch(/\n\s+at /);

    const url = sim.url;
    await sim.close();
    sim = undefined;
    const down = await runCli(['plan'], { env: envOf({ url }, wh.url, 'k') });
    expect(down.code).toBe(1);
    expect(down.stderr).toContain(`could not count at ${url}: cannot reach the API for GET /lists`);
    expect(down.stderr).toContain('Check AFFINITY_BASE_URL');
    expect(down.stderr).not.toMatch(/\n\s+at /);
  });
});
