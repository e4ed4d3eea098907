/**
 * The simulator's deliveries into relsync's receiver, both dialects: a write through the API fires the
 * documented event to the subscribed 127.0.0.1 URL and the hint run makes it visible; a change made
 * directly in the store (standing in for an import) fires nothing; `webhook-drop` loses deliveries; a
 * receiver that never answers gets retries with backoff, then a disabled subscription; under the seed
 * contract the body is a shape relsync keeps and counts but does not act on.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { silentLogger } from '../../src/log.ts';
import { DELIVERY_ATTEMPTS, renameCompany, type RunningSimulator } from '@relsync/simulator';
import { simCall } from '@relsync/simulator/test-client';
import { deliveryStats, storeDelivery } from '../../src/webhooks/deliveries.ts';
import { runHintRun } from '../../src/webhooks/hint-run.ts';
import { createReceiver } from '../../src/webhooks/receiver.ts';
import type { Db } from '../../src/load/db.ts';
import { forEachDialect } from '../helpers/dialects.ts';
import { startE2eSimulator, startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';

const SECRET = 'simulator-secret-0123456789abcdef';

async function receiverFor(db: Db): Promise<{ server: Server; url: string }> {
  const receiver = createReceiver({
    secret: SECRET,
    maxBodyBytes: 65_536,
    ratePerMinute: 10_000,
    log: silentLogger(),
    accept: async (b) => void (await storeDelivery(db.kysely, b, new Date())),
  });
  const server = createServer((req, res) => void (receiver.handle(req, res) || res.writeHead(404).end()));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/${SECRET}` };
}

function subscribeOnly(sim: RunningSimulator, url: string, events: string[] = []): void {
  sim.store.webhooks.clear();
  sim.store.addWebhook({
    id: sim.store.allocId('webhook'),
    url,
    subscriptions: events,
    status: 'active',
    creatorId: 0,
    createdAt: sim.store.now(),
    updatedAt: null,
  });
}

forEachDialect('e2e: simulator webhook deliveries', (dialect) => {
  let fx: SyncFixture;
  let rx: { server: Server; url: string };
  beforeAll(async () => {
    fx = await startSyncFixture({ dialect, contract: 'reference' });
    await fx.runFull();
    rx = await receiverFor(fx.db);
  }, 120_000);
  afterAll(async () => {
    await new Promise<void>((r) => (rx ? rx.server.close(() => r()) : r()));
    await fx?.close();
  });
  const companyId = async (skip: number) =>
    Number(
      (await fx.db.kysely.selectFrom('companies').select('id').where('_deleted_at', 'is', null).orderBy('id').offset(skip).limit(1).executeTakeFirstOrThrow())
        .id,
    );

  it('an API write is delivered as the documented event and the hint run applies it; a store change fires nothing', async () => {
    subscribeOnly(fx.sim, rx.url);
    const id = await companyId(0);
    const quiet = await companyId(1);
    renameCompany(fx.sim.store, quiet, 'Imported Quietly');
    expect(fx.sim.webhooks.stats.fired).toBe(0);
    const put = await simCall(fx.sim, `/organizations/${id}`, { method: 'PUT', auth: 'basic', body: { name: 'Renamed Through The API' } });
    expect(put.status).toBe(200);
    await fx.sim.webhooks.idle();
    const rows = await fx.db.kysely.selectFrom('webhook_deliveries').select(['event', 'status']).execute();
    expect(rows).toEqual([{ event: 'organization.updated', status: 'pending' }]);
    await runHintRun({ config: fx.config, log: silentLogger(), apiKey: fx.sim.apiKey, db: fx.db });
    const names = await fx.db.kysely.selectFrom('companies').select(['id', 'name']).where('id', 'in', [id, quiet]).execute();
    expect(names.find((r) => Number(r.id) === id)?.name).toBe('Renamed Through The API');
    // The quiet change is the safety net's to catch (the next sweep), not a hint's.
    expect(names.find((r) => Number(r.id) === quiet)?.name).not.toBe('Imported Quietly');
  });

  it('webhook-drop=1 loses every delivery; a receiver that never answers is retried, then the subscription is disabled', async () => {
    fx.sim.setFaults('webhook-drop=1');
    const id = await companyId(2);
    await simCall(fx.sim, `/organizations/${id}`, { method: 'PUT', auth: 'basic', body: { name: 'Dropped' } });
    await fx.sim.webhooks.idle();
    expect(fx.sim.webhooks.stats.dropped).toBe(1);
    fx.sim.setFaults('');

    const dead = createServer((req) => req.socket.destroy());
    await new Promise<void>((r) => dead.listen(0, '127.0.0.1', r));
    subscribeOnly(fx.sim, `http://127.0.0.1:${(dead.address() as AddressInfo).port}/webhooks/${SECRET}`);
    const before = { ...fx.sim.webhooks.stats };
    await simCall(fx.sim, `/organizations/${id}`, { method: 'PUT', auth: 'basic', body: { name: 'Never Delivered' } });
    await fx.sim.webhooks.idle();
    await new Promise<void>((r) => dead.close(() => r()));
    expect(fx.sim.webhooks.stats.retried - before.retried).toBe(DELIVERY_ATTEMPTS - 1);
    expect([...fx.sim.store.webhooks.values()][0]?.status).toBe('disabled');
  });
});

forEachDialect('e2e: seed-contract deliveries', (dialect) => {
  let fx: SyncFixture;
  let sim: RunningSimulator;
  let rx: { server: Server; url: string };
  beforeAll(async () => {
    sim = await startE2eSimulator({ contract: 'seed' });
    fx = await startSyncFixture({ dialect, simulator: sim });
    rx = await receiverFor(fx.db);
  }, 120_000);
  afterAll(async () => {
    await new Promise<void>((r) => (rx ? rx.server.close(() => r()) : r()));
    await fx?.close();
    await sim?.close();
  });

  it('a body in a shape neither relsync nor the seed documents is kept and counted, and marks nothing', async () => {
    subscribeOnly(sim, rx.url);
    const id = [...sim.store.companies.keys()][0]!;
    await simCall(sim, `/organizations/${id}`, { method: 'PUT', auth: 'basic', body: { name: 'Seed Shaped' } });
    await sim.webhooks.idle();
    expect(await deliveryStats(fx.db.kysely)).toMatchObject({ pending: 0, unknown: 1 });
    expect(await fx.db.kysely.selectFrom('sync_dirty').selectAll().execute()).toEqual([]);
  });
});
