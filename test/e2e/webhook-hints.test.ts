/**
 * Webhook hints end to end on both dialects: a delivery marks records, a hint run re-reads only them (a
 * rename the change log never shows, a new company↔person link, a deletion confirmed by one read), a
 * forged deletion deletes nothing, a flood with the right secret spends at most the cap and says so, and a
 * delivery that arrives during a run waits for the next hint run.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { silentLogger } from '../../src/log.ts';
import { createCompany, createPerson, deletePerson, renameCompany, addListEntry } from '@relsync/simulator';
import { deliveryStats, storeDelivery } from '../../src/webhooks/deliveries.ts';
import { runHintRun } from '../../src/webhooks/hint-run.ts';
import { forEachDialect } from '../helpers/dialects.ts';
import { startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';

const hint = (type: string, b: unknown) => JSON.stringify({ type, body: b, sent_at: 1_700_000_000 });

forEachDialect('e2e: webhook hints', (dialect) => {
  let fx: SyncFixture;
  const run = (over: Partial<SyncFixture['config']> = {}) =>
    runHintRun({ config: { ...fx.config, ...over }, log: silentLogger(), apiKey: fx.sim.apiKey, db: fx.db });
  const liveCompany = async (skip = 0) => {
    const rows = await fx.db.kysely.selectFrom('companies').select('id').where('_deleted_at', 'is', null).orderBy('id').limit(1).offset(skip).execute();
    return Number(rows[0]!.id);
  };

  beforeAll(async () => {
    fx = await startSyncFixture({ dialect, contract: 'reference' });
    await fx.runFull();
  }, 120_000);
  afterAll(async () => fx?.close());

  it('a rename no change log shows is visible after one hint run, for one call: the company’s own single read', async () => {
    const id = await liveCompany();
    renameCompany(fx.sim.store, id, 'Renamed By Hint Ltd');
    await storeDelivery(fx.db.kysely, hint('organization.updated', { id, name: 'ignored: bodies are never data', person_ids: [] }), new Date());
    const r = await run();
    expect(r.applied.deliveries).toBe(1);
    // GET /organizations/{id} carries the name with the persons: no /v2 lookup of a company the warehouse holds.
    expect(r.summary?.calls).toEqual({ 'GET /organizations/{id}': 1 });
    const row = await fx.db.kysely.selectFrom('companies').select('name').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.name).toBe('Renamed By Hint Ltd');
    expect((await deliveryStats(fx.db.kysely)).pending).toBe(0);
  });

  it('a person event brings the new person and its company link', async () => {
    const companyId = await liveCompany(1);
    const p = createPerson(fx.sim.store, { firstName: 'Hinted', lastName: 'Person', companyIds: [companyId] });
    await storeDelivery(fx.db.kysely, hint('person.created', { id: p.id, organization_ids: [companyId] }), new Date());
    await run();
    const person = await fx.db.kysely.selectFrom('persons').select('first_name').where('id', '=', p.id).executeTakeFirst();
    expect(person?.first_name).toBe('Hinted');
    const link = await fx.db.kysely.selectFrom('company_persons').selectAll().where('person_id', '=', p.id).execute();
    expect(link.map((l) => Number(l.company_id))).toEqual([companyId]);
  });

  it('a list entry event re-reads the entry alone (one call), and a company it names only if the warehouse lacks it', async () => {
    const company = await liveCompany(2);
    const list = [...fx.sim.store.lists.values()].find((l) => l.type === 'company')!;
    const held = addListEntry(fx.sim.store, list.id, 'company', company, null);
    const created = createCompany(fx.sim.store, { name: 'Listed Upstream Inc' });
    const fresh = addListEntry(fx.sim.store, list.id, 'company', created.id, null);
    await storeDelivery(fx.db.kysely, hint('list_entry.created', { id: held.id, list_id: list.id, entity_id: company, entity_type: 1 }), new Date());
    const one = await run();
    expect(one.summary?.calls).toEqual({ 'GET /v2/lists/{id}/list-entries/{id}': 1 });
    await storeDelivery(fx.db.kysely, hint('list_entry.created', { id: fresh.id, list_id: list.id, entity_id: created.id, entity_type: 1 }), new Date());
    const two = await run();
    expect(two.summary?.calls).toEqual({ 'GET /v2/lists/{id}/list-entries/{id}': 1, 'GET /v2/companies?ids': 1 });
    const entries = await fx.db.kysely.selectFrom('list_entries').select('id').where('id', 'in', [held.id, fresh.id]).execute();
    expect(entries).toHaveLength(2);
    const row = await fx.db.kysely.selectFrom('companies').select('name').where('id', '=', created.id).executeTakeFirst();
    expect(row?.name).toBe('Listed Upstream Inc');
  });

  it('a deletion is confirmed by one read before the soft delete; a forged one deletes nothing', async () => {
    const [gone, live] = (await fx.db.kysely.selectFrom('persons').select('id').where('_deleted_at', 'is', null).orderBy('id').limit(2).execute()).map((r) =>
      Number(r.id),
    );
    deletePerson(fx.sim.store, gone!);
    await storeDelivery(fx.db.kysely, hint('person.deleted', { id: gone }), new Date());
    await storeDelivery(fx.db.kysely, hint('person.deleted', { id: live }), new Date());
    const r = await run();
    expect(r.deletes).toMatchObject({ deleted: 1, stillThere: 1, failed: 0 });
    const rows = await fx.db.kysely.selectFrom('persons').select(['id', '_deleted_at']).where('id', 'in', [gone!, live!]).orderBy('id').execute();
    expect(rows.find((x) => Number(x.id) === gone)?._deleted_at).not.toBeNull();
    expect(rows.find((x) => Number(x.id) === live)?._deleted_at).toBeNull();
    expect((await deliveryStats(fx.db.kysely)).pending).toBe(0);
  });

  // Issue 32: a route the service does not serve proves nothing about the record.
  it('a deletion hint whose single read answers a route-level 404 deletes nothing and is kept for the next run', async () => {
    const id = Number(
      (await fx.db.kysely.selectFrom('persons').select('id').where('_deleted_at', 'is', null).orderBy('id').limit(1).executeTakeFirstOrThrow()).id,
    );
    fx.sim.setDeny('older-single-reads');
    try {
      // A later sent_at: the same body as an earlier test's applied delivery would be a replay, not read again.
      await storeDelivery(fx.db.kysely, JSON.stringify({ type: 'person.deleted', body: { id }, sent_at: 1_700_000_100 }), new Date());
      const r = await run();
      expect(r.deletes).toMatchObject({ deleted: 0, stillThere: 0, failed: 1 });
      const row = await fx.db.kysely.selectFrom('persons').select('_deleted_at').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row._deleted_at).toBeNull();
      expect((await deliveryStats(fx.db.kysely)).pending).toBe(1);
    } finally {
      fx.sim.setDeny('');
    }
    expect((await run()).deletes).toMatchObject({ deleted: 0, stillThere: 1, failed: 0 });
    expect((await deliveryStats(fx.db.kysely)).pending).toBe(0);
  });

  it('10,000 forged deliveries with the right secret spend at most webhookMaxCallsPerRun, and the run says so', async () => {
    const FORGED = 10_000;
    // Stored as the receiver stores each (one transaction here only to keep the test short).
    await fx.db.kysely.transaction().execute(async (trx) => {
      for (let i = 0; i < FORGED; i += 1) await storeDelivery(trx, hint('person.updated', { id: 900_000_000 + i }), new Date());
    });
    const r = await run({ webhookMaxCallsPerRun: 20 });
    expect(r.applied.capped).toBe(true);
    expect(r.summary!.callsTotal).toBeLessThanOrEqual(20);
    expect(r.summary!.warnings?.some((w) => w.stream === 'webhooks' && /over this run's \d+ calls left for the next run/.test(w.message))).toBe(true);
    expect((await deliveryStats(fx.db.kysely)).pending).toBe(FORGED - r.applied.deliveries);
    await fx.db.kysely.deleteFrom('webhook_deliveries').where('status', '=', 'pending').execute();
    await fx.db.kysely.deleteFrom('sync_dirty').execute();
    // Storing 10,000 deliveries takes a minute on a loaded shared machine.
  }, 300_000);

  it('a delivery that arrives during a run is kept pending and applied by the next hint run', async () => {
    const id = await liveCompany(2);
    renameCompany(fx.sim.store, id, 'Renamed During A Run');
    let stored = false;
    await fx.runIncremental({
      hooks: {
        onStream: () => {
          if (stored) return;
          stored = true;
          void storeDelivery(fx.db.kysely, hint('organization.updated', { id }), new Date());
        },
      },
    });
    await new Promise((r) => setTimeout(r, 50));
    expect((await deliveryStats(fx.db.kysely)).pending).toBe(1);
    await run();
    const row = await fx.db.kysely.selectFrom('companies').select('name').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.name).toBe('Renamed During A Run');
  });
});
