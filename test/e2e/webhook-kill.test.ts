/**
 * A kill loses no hint: `relsync schedule` accepts a delivery (stored before its 200) and is SIGKILLed
 * before any hint run; the next `schedule` start finds the delivery pending and applies it (a rename the
 * change log never shows reaches the warehouse). Neither process prints or logs the secret.
 */
import type { ChildProcess } from 'node:child_process';
import { freePort } from '../helpers/free-port.ts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { renameCompany } from '@relsync/simulator';
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

forEachDialect('e2e: schedule killed right after accepting a delivery', (dialect) => {
  let fx: SyncFixture;
  beforeAll(async () => {
    fx = await startSyncFixture({ dialect, contract: 'reference' });
    await fx.runFull();
  }, 120_000);
  afterAll(async () => fx?.close());

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
