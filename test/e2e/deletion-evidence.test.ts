/**
 * Issue 32, "Deletion needs evidence": a tenant whose older single reads (`GET /persons/{id}`,
 * `/organizations/{id}`, `/opportunities/{id}`) start answering the route-level 404 of a path nothing
 * serves, mid-life (the simulator's `older-single-reads` switch). Five runs later no company, person or
 * opportunity is deleted, each run ends partial with one line per refused read, and `status` says the same.
 * Once the reads answer again, the next run succeeds and the warehouse equals the service.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatStatus } from '../../src/cli/format/status-text.ts';
import { readStatus } from '../../src/state/status.ts';
import { simCall } from '@relsync/simulator/test-client';
import { forEachDialect } from '../helpers/dialects.ts';
import { expectWarehouseMatchesStore } from '../helpers/warehouse-compare.ts';
import { startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';

const DUE = { sweeps: { entities: '1ms' } };

async function live(f: SyncFixture, table: 'companies' | 'persons' | 'opportunities'): Promise<number> {
  const r = await f.db.kysely
    .selectFrom(table)
    .select((e) => e.fn.countAll<number>().as('n'))
    .where('_deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

forEachDialect('deletion needs evidence: older single reads that stop being served', (dialect) => {
  let f: SyncFixture;
  const before: Record<string, number> = {};
  beforeAll(async () => {
    f = await startSyncFixture({ dialect, scale: 'tiny', sim: { createLagMs: 0 } });
    expect((await f.runFull()).summary.status).toBe('succeeded');
    for (const t of ['companies', 'persons', 'opportunities'] as const) before[t] = await live(f, t);
  }, 120_000);
  afterAll(async () => {
    f.sim.setDeny('');
    await f?.close();
  });

  it('five runs later nothing is deleted; each run and status say it in one line per refused read', async () => {
    f.sim.setDeny('older-single-reads');
    const lines = new Set<string>();
    for (let i = 0; i < 5; i++) {
      // Single reads run where a sweep marked records for them: every full run, and an incremental run's due sweeps.
      const run = i % 2 === 0 ? await f.runFull() : await f.runIncremental({ config: DUE });
      if (i % 2 === 0) expect(run.summary.status).toBe('partial');
      for (const t of ['companies', 'persons', 'opportunities'] as const) expect(run.summary.streams[t]?.softDeleted ?? 0, t).toBe(0);
      for (const e of run.summary.errors) {
        expect(e.message).toMatch(
          new RegExp(`^${e.stream}: GET /(persons|organizations|opportunities)/\\{id\\} answers a route-level 404 .*nothing is deleted through it`),
        );
        expect(e.message).not.toContain('\n');
        lines.add(e.stream);
      }
    }
    // The full run reads every single read the planner wants; the company↔person side it picks is one of two.
    expect([...lines].filter((s) => s !== 'opportunity_associations_full').length).toBeGreaterThan(0);
    for (const t of ['companies', 'persons', 'opportunities'] as const) expect(await live(f, t), t).toBe(before[t]);
    const text = formatStatus(await readStatus(f.db, { now: new Date(), schedule: '*/15 * * * *' }));
    for (const s of lines) expect(text).toMatch(new RegExp(`^ {2}${s}: GET \\S+ answers a route-level 404 .*nothing is deleted through it`, 'm'));
  }, 300_000);

  it('once the reads answer again, the next run succeeds and the warehouse equals the service, a record deleted upstream included', async () => {
    f.sim.setDeny('');
    const person = [...f.sim.store.persons.values()].find((p) => p.companyIds.length > 0)!;
    expect((await simCall(f.sim, `/persons/${person.id}`, { method: 'DELETE' })).status).toBe(200);
    const run = await f.runFull();
    expect(run.summary.status, JSON.stringify(run.summary.errors)).toBe('succeeded');
    expect(run.summary.streams.persons?.softDeleted).toBe(1);
    await expectWarehouseMatchesStore(f.db, f.sim);
  }, 300_000);
});
