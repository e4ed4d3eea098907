/**
 * AFFINITY_BASE_URL changes while a sweep is mid-way (a proxy, a new region, the simulator on another
 * port): the saved page cursor is a nextUrl of the OLD origin, which the client rightly refuses to
 * follow (the key is only sent to the configured origin). The pager drops it with a warning and the
 * sweep starts that collection again from page 1, on `sync` and on `sync --full`, instead of failing
 * the stream on every run. A nextUrl the service hands out mid-sweep is still refused.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Pager } from '../../src/extract/pager.ts';
import { v2CompanySchema } from '../../src/extract/schemas/v2-entities.ts';
import { configSchema } from '../../src/config/schema.ts';
import { createLogger } from '../../src/log.ts';
import { clientFromConfig } from '../../src/runner/execute.ts';
import type { PageEvent } from '../../src/runner/env.ts';
import type { RunningSimulator, ScaleCounts } from '@relsync/simulator';
import { parseCheckpoint } from '../../src/state/checkpoint.ts';
import { forEachDialect } from '../helpers/dialects.ts';
import { CrashError, startE2eSimulator, startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';
import { expectWarehouseMatchesStore } from '../helpers/warehouse-compare.ts';

/** Several companies pages (100 a page), nothing more than the test needs. */
const SCALE: ScaleCounts = { companies: 250, persons: 60, lists: 3, opportunities: 20 };

function captureLog() {
  const lines: Array<Record<string, unknown>> = [];
  const dest = new Writable({
    write(chunk: Buffer, _enc, cb) {
      for (const l of chunk.toString().split('\n')) if (l.trim()) lines.push(JSON.parse(l) as Record<string, unknown>);
      cb();
    },
  });
  return { log: createLogger({ level: 'warn', pretty: false, destination: dest }), lines };
}

forEachDialect('a changed AFFINITY_BASE_URL with a sweep mid-way', (dialect) => {
  let oldSim: RunningSimulator;
  let newSim: RunningSimulator;
  const fixtures: SyncFixture[] = [];
  beforeAll(async () => {
    // Same seed and scale: the same organisation, served from two origins.
    oldSim = await startE2eSimulator({ scale: SCALE });
    newSim = await startE2eSimulator({ scale: SCALE });
  });
  afterAll(async () => {
    for (const f of fixtures) await f.close();
    await oldSim?.close();
    await newSim?.close();
  });

  /** A warehouse whose companies sweep stopped after page 1 of the old origin, its nextUrl saved. */
  async function midSweepOnOldOrigin(): Promise<SyncFixture> {
    const f = await startSyncFixture({ dialect, simulator: oldSim });
    fixtures.push(f);
    const crash = (e: PageEvent) => {
      if (e.stream === 'companies' && e.page === 1) throw new CrashError('crash after companies page 1');
    };
    await expect(f.runFull({ streams: ['companies'], hooks: { onPageCommitted: crash } })).rejects.toThrow(CrashError);
    const row = await f.db.kysely.selectFrom('sync_state').select(['checkpoint_json']).where('stream', '=', 'companies').executeTakeFirstOrThrow();
    const token = parseCheckpoint(row.checkpoint_json).checkpoint.sweep?.token;
    expect(token, 'a nextUrl of the old origin is saved').toMatch(new RegExp(`^${oldSim.url}/v2/companies\\?`));
    return f;
  }

  for (const mode of ['incremental', 'full'] as const) {
    it(`sync${mode === 'full' ? ' --full' : ''} restarts the collection from page 1 on the new origin, and the warehouse equals the store`, async () => {
      const f = await midSweepOnOldOrigin();
      const r = await f.run({ mode, streams: ['companies'], config: { baseUrl: newSim.url } });
      expect(r.summary.streams.companies?.error).toBeUndefined();
      expect(r.summary.status).toBe('succeeded');
      expect(r.summary.streams.companies?.pages, 'every page of the new origin, from page 1').toBe(Math.ceil(SCALE.companies / 100));
      const cp = parseCheckpoint(
        (await f.db.kysely.selectFrom('sync_state').select(['checkpoint_json']).where('stream', '=', 'companies').executeTakeFirstOrThrow()).checkpoint_json,
      ).checkpoint;
      expect(cp.sweep).toBeNull();
      expect(cp.lastSweepCompletedAt).not.toBeNull();
      const companies = await f.db.kysely.selectFrom('companies').select(['id']).where('_deleted_at', 'is', null).execute();
      expect(companies.length).toBe(newSim.store.companies.size);
      // The whole organisation from the new origin: everything matches.
      expect((await f.runFull({ config: { baseUrl: newSim.url } })).summary.status).toBe('succeeded');
      await expectWarehouseMatchesStore(f.db, newSim);
    }, 120_000);
  }

  // A nextUrl of another origin handed out mid-sweep is still refused (http-pager.test.ts "refuses a
  // nextUrl on another origin"): only a SAVED cursor is dropped.
  it('the pager drops a saved cursor of another origin with a warning', async () => {
    const { log, lines } = captureLog();
    const config = configSchema.parse({ apiKey: newSim.apiKey, baseUrl: newSim.url, databaseUrl: 'sqlite::memory:' });
    const client = clientFromConfig(config, log, newSim.apiKey);
    try {
      const saved = `${oldSim.url}/v2/companies?limit=100&cursor=abc`;
      const pager = new Pager(client, { path: '/v2/companies', query: { limit: 100 }, paginator: 'v2' }, v2CompanySchema, saved);
      const first = await pager.next();
      expect(first.records.map((c) => c.id)).toEqual([...newSim.store.companies.keys()].sort((a, b) => a - b).slice(0, 100));
      const warning = lines.find((l) => l.msg === 'saved page cursor is for another API origin (AFFINITY_BASE_URL changed); starting from page 1');
      expect(warning).toMatchObject({ level: 40, savedOrigin: oldSim.url });
    } finally {
      await client.close();
    }
  });
});
