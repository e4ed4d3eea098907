/**
 * The whole path through a running `relsync schedule` (its receiver, its trigger, its hint runs), both
 * dialects. A write through the simulator's API is delivered by the simulator's own sender and becomes
 * visible in the warehouse; a replay of it is not read again; a forged delivery (a wrong secret) changes
 * nothing; the hint runs after the first make no whoami pre-flight of their own. And a kill loses no hint:
 * a delivery accepted (stored before its 200) by a process SIGKILLed before any hint run is applied by the
 * next start. No process prints or logs the secret. Speed is the bench's (`npm run bench -- --part hooks`).
 */
import type { ChildProcess } from 'node:child_process';
import { freePort } from '../helpers/free-port.ts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { renameCompany } from '@relsync/simulator';
import { simCall } from '@relsync/simulator/test-client';
import { deliveryStats } from '../../src/webhooks/deliveries.ts';
import { spawnSchedule } from '../helpers/cli.ts';
import { forEachDialect } from '../helpers/dialects.ts';
import { startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';

const SECRET = 'kill-test-secret-0123456789abcdef';

interface Child {
  child: ChildProcess;
  output: () => string;
  exited: Promise<unknown>;
}

function schedule(fx: SyncFixture, port: number, delaySeconds: number): Child {
  const { child, out, exited } = spawnSchedule({
    AFFINITY_BASE_URL: fx.sim.url,
    AFFINITY_API_KEY: fx.sim.apiKey,
    DATABASE_URL: fx.dbUrl,
    // Never during the test: only hint runs happen.
    RELSYNC_SCHEDULE: '0 0 1 1 *',
    RELSYNC_METRICS_PORT: String(port),
    RELSYNC_WEBHOOK_SECRET: SECRET,
    RELSYNC_WEBHOOK_DELAY_SECONDS: String(delaySeconds),
    LOG_LEVEL: 'info',
  });
  return { child, output: () => out.stdout + out.stderr, exited };
}

async function until<T>(what: string, c: Child, probe: () => Promise<T | null>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (c.child.exitCode !== null) throw new Error(`schedule exited early: ${c.output()}`);
    const v = await probe();
    if (v !== null) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}: ${c.output()}`);
}

forEachDialect('e2e: webhook deliveries through a running schedule', (dialect) => {
  let fx: SyncFixture;
  beforeAll(async () => {
    fx = await startSyncFixture({ dialect, contract: 'reference' });
    await fx.runFull();
  }, 120_000);
  afterAll(async () => fx?.close());
  const liveCompanies = async () =>
    (await fx.db.kysely.selectFrom('companies').select('id').where('_deleted_at', 'is', null).orderBy('id').execute()).map((r) => Number(r.id));
  const nameOf = async (id: number) => (await fx.db.kysely.selectFrom('companies').select('name').where('id', '=', id).executeTakeFirst())?.name;
  const served = (get: (endpoint: string) => boolean) => [...fx.sim.stats.byEndpoint].reduce((n, [e, k]) => n + (get(e) ? k : 0), 0);
  const whoami = () => served((e) => /^GET (\/v2)?\/auth\/whoami$/.test(e));
  const reads = () => served((e) => e.startsWith('GET ') && !/\/auth\/whoami$/.test(e));

  it("a running schedule applies the service's delivery, reads no replay, ignores a forged one, and asks whoami once", async () => {
    const [first, second, target] = (await liveCompanies()).slice(-3) as [number, number, number];
    const port = await freePort();
    const c = schedule(fx, port, 1);
    try {
      await until('the receiver', c, async () => (c.output().includes('webhooks: POST') ? true : null));
      fx.sim.store.webhooks.clear();
      const hook = { url: `http://127.0.0.1:${port}/webhooks/${SECRET}`, subscriptions: [], status: 'active' as const, creatorId: 0, updatedAt: null };
      fx.sim.store.addWebhook({ id: fx.sim.store.allocId('webhook'), createdAt: fx.sim.store.now(), ...hook });
      const whoamiBefore = whoami();
      const rename = async (id: number, name: string) => {
        expect((await simCall(fx.sim, `/organizations/${id}`, { method: 'PUT', auth: 'basic', body: { name } })).status).toBe(200);
        await until(`${name} in the warehouse`, c, async () => ((await nameOf(id)) === name ? true : null));
      };
      await rename(first, 'Delivered Through The Receiver');
      await until('the delivery settled', c, async () => ((await deliveryStats(fx.db.kysely)).pending === 0 ? true : null));

      // The service's retry of the same body: stored, answered 200, never read again.
      const applied = await fx.db.kysely.selectFrom('webhook_deliveries').select('body').where('status', '=', 'applied').executeTakeFirstOrThrow();
      const readsBefore = reads();
      const url = `http://127.0.0.1:${port}/webhooks/${SECRET}`;
      expect((await fetch(url, { method: 'POST', body: applied.body })).status).toBe(200);
      await until('the replay settled', c, async () => ((await deliveryStats(fx.db.kysely)).replayed === 1 ? true : null));
      expect(reads()).toBe(readsBefore);

      // A wrong secret: answered as any unknown path, stored nowhere, nothing read or deleted.
      const stored = await fx.db.kysely
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const forged = JSON.stringify({ type: 'organization.deleted', body: { id: target }, sent_at: 1_700_000_000 });
      expect((await fetch(`http://127.0.0.1:${port}/webhooks/not-the-secret-0123456789abcdef`, { method: 'POST', body: forged })).status).toBe(404);
      await new Promise((r) => setTimeout(r, 1500));
      const after = await fx.db.kysely
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(stored.n));
      expect(await fx.db.kysely.selectFrom('companies').select('_deleted_at').where('id', '=', target).executeTakeFirstOrThrow()).toEqual({
        _deleted_at: null,
      });
      expect(reads()).toBe(readsBefore);

      // A second hint run: the first one's pre-flight named the account, so it asks no whoami of its own.
      await rename(second, 'Second Hint Run');
      expect(whoami() - whoamiBefore).toBe(1);
    } finally {
      fx.sim.store.webhooks.clear();
      c.child.kill('SIGTERM');
      await c.exited;
    }
    expect(c.output()).not.toContain(SECRET);
  });

  it('the next start applies the hint', async () => {
    const row = await fx.db.kysely.selectFrom('companies').select('id').where('_deleted_at', 'is', null).orderBy('id').limit(1).executeTakeFirstOrThrow();
    const id = Number(row.id);
    renameCompany(fx.sim.store, id, 'Renamed Before The Kill');
    const port = await freePort();

    // First process: a delay far beyond the test, so only a restart can apply the hint.
    const first = schedule(fx, port, 3600);
    await until('the receiver', first, async () => (first.output().includes('webhooks: POST') ? true : null));
    const answer = await fetch(`http://127.0.0.1:${port}/webhooks/${SECRET}`, {
      method: 'POST',
      body: JSON.stringify({ type: 'organization.updated', body: { id, person_ids: [] }, sent_at: 1_700_000_000 }),
    });
    expect(answer.status).toBe(200);
    first.child.kill('SIGKILL');
    await first.exited;
    expect(await deliveryStats(fx.db.kysely)).toMatchObject({ pending: 1, lastEvent: 'organization.updated' });

    const second = schedule(fx, port, 0);
    try {
      await until('the hint applied', second, async () => {
        const r = await fx.db.kysely.selectFrom('companies').select('name').where('id', '=', id).executeTakeFirst();
        return r?.name === 'Renamed Before The Kill' ? true : null;
      });
      await until('the delivery marked applied', second, async () => ((await deliveryStats(fx.db.kysely)).pending === 0 ? true : null));
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
    expect(first.output() + second.output()).not.toContain(SECRET);
    expect(second.output()).toContain('/webhooks/<secret>');
  });
});
