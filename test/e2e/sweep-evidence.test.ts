/**
 * Issue 32, "A sweep that did not see its collection does not delete from it", run as an operator would:
 * the simulator behind a proxy that alters its answers.
 *
 * - Schema drift on every record of a collection (`isGlobal` sent as a string on every company): nothing is
 *   deleted, the companies are quarantined and named in the run summary and in `status`, the run ends
 *   partial (exit 4), and the next healthy run restores every one of them (defect 9).
 * - A page whose `data` is `null`: refused like a missing `data`, nothing deleted (defect 10).
 * - Valid but empty pages where the warehouse holds companies: the pass is held, nothing deleted, said in
 *   the summary and `status`; the next pass is read whole and, the service healthy again, deletes nothing.
 * - A parent failing on a first sync (teams answering 503): its child (`team_members`) records no completed
 *   pass, and the next healthy run reads it whole (defect 11).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import { printRunSummary, runExitCode } from '../../src/cli/summary.ts';
import { formatStatus } from '../../src/cli/format/status-text.ts';
import { readCheckpoint } from '../../src/state/checkpoint.ts';
import { readStatus } from '../../src/state/status.ts';
import type { RunningSimulator } from '@relsync/simulator';
import { startAlteringProxy, type AlteringProxy } from '../helpers/altering-proxy.ts';
import { forEachDialect } from '../helpers/dialects.ts';
import { startE2eSimulator, startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';
import { expectWarehouseMatchesStore } from '../helpers/warehouse-compare.ts';

type Page = { data?: unknown };

async function count(f: SyncFixture, table: 'companies' | 'company_persons' | 'field_values' | 'team_members', live = true): Promise<number> {
  let q = f.db.kysely.selectFrom(table).select((e) => e.fn.countAll<number>().as('n'));
  if (live && table === 'companies') q = q.where('_deleted_at', 'is', null);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

forEachDialect('a sweep that did not see its collection deletes nothing (simulator behind an altering proxy)', (dialect) => {
  let sim: RunningSimulator;
  let proxy: AlteringProxy;
  let f: SyncFixture;
  beforeAll(async () => {
    sim = await startE2eSimulator({ scale: 'tiny', sim: { createLagMs: 0 } });
    proxy = await startAlteringProxy(sim.url);
    f = await startSyncFixture({ dialect, simulator: sim, config: { baseUrl: proxy.url } });
  }, 60_000);
  afterAll(async () => {
    await f?.close();
    await proxy?.close();
    await sim?.close();
  });

  it('a parent failing on the first sync leaves its child due, not a completed pass of nothing', async () => {
    proxy.set((path) => (path === '/v2/teams' ? { status: 503, json: { errors: [{ code: 'server', message: 'Service unavailable' }] } } : undefined));
    const first = await f.runFull();
    expect(first.summary.status).toBe('partial');
    expect(first.summary.streams.team_members).toMatchObject({ status: 'failed', pages: 0 });
    expect(first.summary.streams.team_members?.error).toMatch(/^team_members: not read, because teams \(which it reads\) failed in this run; it stays due/);
    expect((await readCheckpoint(f.db.kysely, 'team_members')).checkpoint.lastSweepCompletedAt).toBeNull();
    proxy.set(null);
    const healthy = await f.runIncremental();
    expect(healthy.summary.status, JSON.stringify(healthy.summary.errors)).toBe('succeeded');
    const members = [...sim.store.teams.values()].reduce((n, t) => n + t.memberIds.length, 0);
    expect(members).toBeGreaterThan(0);
    expect(await count(f, 'team_members')).toBe(members);
  }, 300_000);

  it('schema drift on every company: 0 rows deleted, quarantined and named, exit 4; the next healthy run restores them all', async () => {
    const before = { companies: await count(f, 'companies'), links: await count(f, 'company_persons'), values: await count(f, 'field_values') };
    proxy.set((path, a) => {
      if (path !== '/v2/companies' || !Array.isArray((a.json as Page | undefined)?.data)) return undefined;
      const page = a.json as { data: Array<Record<string, unknown>> };
      return { status: a.status, json: { ...page, data: page.data.map((c) => ({ ...c, isGlobal: String(c.isGlobal) })) } };
    });
    const drift = await f.runFull();
    expect(drift.summary.status).toBe('partial');
    expect(runExitCode(drift.summary)).toBe(4);
    const s = drift.summary.streams.companies!;
    expect(s).toMatchObject({ status: 'failed', softDeleted: 0 });
    expect(s.invalid).toBe(before.companies);
    expect(s.error).toMatch(
      new RegExp(`^companies: ${before.companies} of ${before.companies} records of this pass failed validation and were quarantined \\(\\d+, \\d+.*isGlobal`),
    );
    expect(await count(f, 'companies')).toBe(before.companies);
    expect(await count(f, 'company_persons')).toBe(before.links);
    expect(await count(f, 'field_values')).toBe(before.values);
    const text = formatStatus(await readStatus(f.db, { now: new Date(), schedule: '*/15 * * * *' }));
    expect(text).toMatch(/^ {2}companies: \d+ of \d+ records of this pass failed validation and were quarantined \(/m);

    proxy.set(null);
    const healed = await f.runIncremental();
    expect(healed.summary.status, JSON.stringify(healed.summary.errors)).toBe('succeeded');
    expect(healed.summary.streams.companies).toMatchObject({ mode: 'sweep', records: before.companies, softDeleted: 0 });
    await expectWarehouseMatchesStore(f.db, sim);
  }, 300_000);

  it('a page whose data is null is refused, not read as an empty collection: nothing deleted', async () => {
    const before = await count(f, 'companies');
    proxy.set((path, a) => (path === '/v2/companies' ? { status: a.status, json: { data: null, pagination: { nextUrl: null } } } : undefined));
    const run = await f.runFull();
    expect(run.summary.status).toBe('partial');
    expect(run.summary.streams.companies).toMatchObject({ status: 'failed', softDeleted: 0 });
    expect(run.summary.streams.companies?.error).toMatch(/`data` is null, not an array/);
    expect(await count(f, 'companies')).toBe(before);
    proxy.set(null);
  }, 300_000);

  it('valid but empty pages over a full table are held: nothing deleted, said once, and the next pass reads it whole', async () => {
    const before = { companies: await count(f, 'companies'), links: await count(f, 'company_persons') };
    expect(before.companies).toBeGreaterThanOrEqual(20);
    proxy.set((path, a) => (path === '/v2/companies' ? { status: a.status, json: { data: [], pagination: { prevUrl: null, nextUrl: null } } } : undefined));
    const empty = await f.runFull();
    expect(empty.summary.status, JSON.stringify(empty.summary.errors)).toBe('succeeded');
    expect(empty.summary.streams.companies).toMatchObject({ softDeleted: 0, held: { seen: 0, live: before.companies } });
    const out = new PassThrough();
    printRunSummary(empty.summary, out);
    expect(String(out.read())).toContain(`warning: companies: its pass listed 0 of the ${before.companies} rows it holds, so nothing was deleted`);
    expect(await count(f, 'companies')).toBe(before.companies);
    expect(await count(f, 'company_persons')).toBe(before.links);
    expect((await readCheckpoint(f.db.kysely, 'companies')).checkpoint.heldPass).toMatchObject({ records: 0, live: before.companies });
    const text = formatStatus(await readStatus(f.db, { now: new Date(), schedule: '*/15 * * * *' }));
    expect(text).toMatch(/^deletions held in the last runs:\n {2}companies: its pass listed 0 of the \d+ rows/m);

    proxy.set(null);
    const healed = await f.runIncremental();
    expect(healed.summary.status, JSON.stringify(healed.summary.errors)).toBe('succeeded');
    expect(healed.summary.streams.companies).toMatchObject({ mode: 'sweep', records: before.companies, softDeleted: 0 });
    expect((await readCheckpoint(f.db.kysely, 'companies')).checkpoint).toMatchObject({ heldPass: null, due: null });
    await expectWarehouseMatchesStore(f.db, sim);
  }, 300_000);
});
