/**
 * What hint runs cost, end to end on both dialects (issue 34): the per-run cap counts calls, not records
 * marked; a burst of 500 distinct deliveries drains at about one call a delivery in the fewest runs the cap
 * allows; deletions cost the calls the cap counted (their confirming lookups by id, 100 a call); a replay is
 * not read again, a newer delivery is; hint runs stop at their share of the month; an
 * undocumented action is kept and not acted on; and `sync_runs` holds every call a hint run made, the
 * reads that confirm deletions included.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { planReport } from '../../src/budget/plan-report.ts';
import { silentLogger } from '../../src/log.ts';
import { deleteCompany, deletePerson, renameCompany, renamePerson } from '@relsync/simulator';
import { HINT_RUN_COMMAND } from '../../src/state/runs.ts';
import { deliveryStats, storeDelivery } from '../../src/webhooks/deliveries.ts';
import { runHintRun } from '../../src/webhooks/hint-run.ts';
import { webhookStatusLine, webhookSummary } from '../../src/webhooks/status.ts';
import { forEachDialect } from '../helpers/dialects.ts';
import { E2E_SCALE, startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';

const hint = (type: string, b: unknown, sentAt = 1_700_000_000) => JSON.stringify({ type, body: b, sent_at: sentAt });

forEachDialect('e2e: webhook hint costs', (dialect) => {
  let fx: SyncFixture;
  const run = (over: Partial<SyncFixture['config']> = {}, now?: () => Date) =>
    runHintRun({ config: { ...fx.config, ...over }, log: silentLogger(), apiKey: fx.sim.apiKey, db: fx.db, ...(now ? { now } : {}) });
  const liveIds = async (table: 'companies' | 'persons', n: number, skip = 0) => {
    const rows = await fx.db.kysely.selectFrom(table).select('id').where('_deleted_at', 'is', null).orderBy('id').limit(n).offset(skip).execute();
    return rows.map((r) => Number(r.id));
  };
  // Calls the month counts: the run's whoami pre-flight (which the service does not count, docs/contract.md §2,
  // and sync_runs does not record) left out.
  const served = () => {
    let whoami = 0;
    for (const [endpoint, n] of fx.sim.stats.byEndpoint) if (/^GET (\/v2)?\/auth\/whoami$/.test(endpoint)) whoami += n;
    return fx.sim.stats.requests - whoami;
  };

  beforeAll(async () => {
    fx = await startSyncFixture({ dialect, contract: 'reference', scale: E2E_SCALE });
    await fx.runFull();
  }, 240_000);
  afterAll(async () => fx?.close());

  it('the cap counts calls: a company delivery is one call however many persons the company has', async () => {
    const rows = await fx.db.kysely
      .selectFrom('company_persons')
      .select(['company_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('company_id')
      .orderBy('n', 'desc')
      .orderBy('company_id')
      .limit(5)
      .execute();
    expect(Number(rows[4]!.n)).toBeGreaterThanOrEqual(2);
    for (const r of rows) await storeDelivery(fx.db.kysely, hint('organization.updated', { id: Number(r.company_id), person_ids: [] }), new Date());
    const r = await run({ webhookMaxCallsPerRun: 5 });
    expect(r.applied).toMatchObject({ deliveries: 5, capped: false, calls: 5 });
    expect(r.summary?.calls).toEqual({ 'GET /organizations/{id}': 5 });
  });

  it('a burst of 500 distinct deliveries drains in the fewest runs the cap allows, at most 1.2 calls a delivery, every call in sync_runs', async () => {
    const companies = await liveIds('companies', 200);
    const persons = await liveIds('persons', 300);
    renameCompany(fx.sim.store, companies[0]!, 'Burst Renamed Co');
    renamePerson(fx.sim.store, persons[0]!, 'Burst', 'Renamed');
    const bodies = [
      ...companies.slice(0, 150).map((id) => hint('organization.updated', { id })),
      ...persons.slice(0, 250).map((id) => hint('person.updated', { id })),
      // Field values of records: looked up by id, 100 a call.
      ...[...companies.slice(150), ...persons.slice(250)].map((id, i) =>
        hint('field_value.updated', { id: 10_000 + i, field_id: 1, entity_id: id, list_entry_id: null }),
      ),
    ];
    expect(bodies).toHaveLength(500);
    for (const b of bodies) await storeDelivery(fx.db.kysely, b, new Date());
    const before = served();
    const runs: number[] = [];
    while ((await deliveryStats(fx.db.kysely)).pending > 0 && runs.length < 10) runs.push((await run()).summary?.callsTotal ?? 0);
    const calls = served() - before;
    expect(calls).toBeLessThanOrEqual(1.2 * 500);
    // 200 calls a run (the default cap): the fewest runs that many calls need.
    expect(runs).toHaveLength(Math.ceil(calls / fx.config.webhookMaxCallsPerRun));
    const recorded = await fx.db.kysely
      .selectFrom('sync_runs')
      .select('calls_total')
      .where('command', '=', HINT_RUN_COMMAND)
      .orderBy('started_at', 'desc')
      .limit(runs.length)
      .execute();
    expect(recorded.reduce((n, r) => n + Number(r.calls_total), 0)).toBe(calls);
    const company = await fx.db.kysely.selectFrom('companies').select('name').where('id', '=', companies[0]!).executeTakeFirstOrThrow();
    const person = await fx.db.kysely.selectFrom('persons').select(['first_name', 'last_name']).where('id', '=', persons[0]!).executeTakeFirstOrThrow();
    expect([company.name, person.first_name, person.last_name]).toEqual(['Burst Renamed Co', 'Burst', 'Renamed']);
  }, 300_000);

  it('a replay of an applied delivery is not read again; a newer delivery naming the same record is', async () => {
    const [id] = await liveIds('companies', 1, 3);
    const body = hint('organization.updated', { id }, 1_700_000_100);
    await storeDelivery(fx.db.kysely, body, new Date());
    expect((await run()).summary?.callsTotal).toBe(1);
    const replays = (await deliveryStats(fx.db.kysely)).replayed;
    await storeDelivery(fx.db.kysely, body, new Date());
    await storeDelivery(fx.db.kysely, body, new Date());
    const before = served();
    const again = await run();
    expect(again).toMatchObject({ summary: null, applied: { deliveries: 0, replays: 2 } });
    expect(served()).toBe(before);
    expect((await deliveryStats(fx.db.kysely)).replayed).toBe(replays + 2);
    renameCompany(fx.sim.store, id!, 'Renamed After The Replay');
    await storeDelivery(fx.db.kysely, hint('organization.updated', { id }, 1_700_000_200), new Date());
    expect((await run()).summary?.callsTotal).toBe(1);
    expect((await fx.db.kysely.selectFrom('companies').select('name').where('id', '=', id!).executeTakeFirstOrThrow()).name).toBe('Renamed After The Replay');
  });

  it('an undocumented action of a known resource is kept and not acted on', async () => {
    const [id] = await liveIds('companies', 1, 4);
    renameCompany(fx.sim.store, id!, 'Exploded Upstream');
    const d = await storeDelivery(fx.db.kysely, hint('organization.exploded', { id }), new Date());
    expect(d.parsed.status).toBe('unknown');
    const before = served();
    expect((await run()).summary).toBeNull();
    expect(served()).toBe(before);
    expect((await fx.db.kysely.selectFrom('companies').select('name').where('id', '=', id!).executeTakeFirstOrThrow()).name).not.toBe('Exploded Upstream');
  });

  it('the reads that confirm a deletion are in the run’s sync_runs record', async () => {
    const [gone] = await liveIds('persons', 1, 5);
    deletePerson(fx.sim.store, gone!);
    await storeDelivery(fx.db.kysely, hint('person.deleted', { id: gone }), new Date());
    const before = served();
    const r = await run();
    expect(r.deletes).toMatchObject({ deleted: 1 });
    const row = await fx.db.kysely
      .selectFrom('sync_runs')
      .select(['calls_total', 'calls_json'])
      .where('command', '=', HINT_RUN_COMMAND)
      .orderBy('started_at', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(Number(row.calls_total)).toBe(served() - before);
    expect(JSON.parse(row.calls_json ?? '{}')).toMatchObject({ 'GET /persons/{id}': 1 });
  });

  it('deletions cost what the cap counts: a single read each and one lookup by id for the kind', async () => {
    const ids = await liveIds('companies', 5, 40);
    for (const id of ids) deleteCompany(fx.sim.store, id);
    for (const id of ids) await storeDelivery(fx.db.kysely, hint('organization.deleted', { id }), new Date());
    const before = served();
    const r = await run({ webhookMaxCallsPerRun: 6 });
    expect(r.applied).toMatchObject({ deliveries: 5, capped: false, calls: 6 });
    expect(r.deletes).toMatchObject({ deleted: 5 });
    expect(served() - before).toBe(6);
    expect(r.summary?.calls).toMatchObject({ 'GET /organizations/{id}': 5, 'GET /v2/companies?ids': 1 });
  });

  it('hint runs stop at their share of the month: the rest is set aside, and plan and status say so', async () => {
    // A month of its own (no hint run of this file falls in it), with a 1,000-call budget: a 1% share is 10 calls.
    const at = new Date('2031-03-15T12:00:00.000Z');
    const config = { monthlyBudget: 1000, webhookMonthlySharePercent: 1 };
    const ids = await liveIds('companies', 15, 20);
    for (const id of ids) await storeDelivery(fx.db.kysely, hint('organization.updated', { id }, 1_800_000_000), at);
    const before = served();
    const first = await run(config, () => at);
    expect(first.applied).toMatchObject({ deliveries: 10, capped: true });
    const second = await run(config, () => at);
    expect(second).toMatchObject({ summary: null, overShare: 5 });
    expect(served() - before).toBe(10);
    const full = { ...fx.config, ...config };
    expect((await planReport(fx.db, full, () => at)).hints).toEqual({ percent: 1, calls: 10, spent: 10, left: 0 });
    const summary = await webhookSummary(fx.db, full, at);
    expect(summary?.deliveries.overShare).toBe(5);
    expect(webhookStatusLine(summary!, true)).toMatch(/hint runs this month: 10 of 10 calls \(share 1% of the monthly budget\) — SHARE SPENT/);
  });
});
