/**
 * The webhook service (`relsync schedule`'s receiver and trigger) on a clock and timers it is given, both
 * dialects: a delivery is stored at the given time, its hint run is armed on the given timers (and not on the
 * process's), and a run that leaves deliveries pending arms the next. The month bench runs the service so, on
 * its simulated clock (scripts/bench-month-hooks.ts).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { configSchema } from '../../src/config/schema.ts';
import { silentLogger } from '../../src/log.ts';
import { startWebhookService, type WebhookService } from '../../src/webhooks/service.ts';
import type { SetTimer } from '../../src/webhooks/trigger.ts';
import { forEachDialect, freshMigratedDb } from '../helpers/dialects.ts';
import { freePort } from '../helpers/free-port.ts';

const SECRET = 'clock-test-secret-0123456789abcdef';
const START = Date.parse('2026-03-01T00:00:00.000Z');

forEachDialect('webhook service on a given clock', (dialect) => {
  let dbc: Awaited<ReturnType<typeof freshMigratedDb>>;
  let service: WebhookService;
  let now = START;
  const timers: Array<{ ms: number; fire: () => Promise<void> }> = [];
  const started: number[] = [];
  const setTimer: SetTimer = (fire, ms) => {
    timers.push({ ms, fire });
    return { cancel: () => undefined };
  };

  beforeAll(async () => {
    dbc = await freshMigratedDb(dialect);
    const config = configSchema.parse({
      baseUrl: 'http://127.0.0.1:9',
      apiKey: 'unused',
      databaseUrl: dbc.url,
      webhookSecret: SECRET,
      webhookPort: await freePort(),
      webhookDelaySeconds: 30,
    });
    const s = await startWebhookService({
      config,
      log: silentLogger(),
      apiKey: 'unused',
      now: () => new Date(now),
      setTimer,
      // The run itself is not the point here: the scheduler records when the trigger asked for one.
      scheduler: { runNow: () => (started.push(now), Promise.resolve()) },
    });
    if (!s) throw new Error('no service');
    service = s;
  }, 60_000);
  afterAll(async () => {
    await service?.close();
    await dbc?.cleanup();
  });

  it('stores a delivery at the given time and arms its hint run on the given timers; a run leaving it pending arms the next', async () => {
    const r = await fetch(`${service.url}/webhooks/${SECRET}`, {
      method: 'POST',
      body: JSON.stringify({ type: 'organization.updated', body: { id: 42 }, sent_at: 1 }),
    });
    expect(r.status).toBe(200);
    const row = await dbc.db.kysely.selectFrom('webhook_deliveries').select(['received_at', 'status']).executeTakeFirstOrThrow();
    expect(new Date(row.received_at).toISOString()).toBe(new Date(START).toISOString());
    expect(row.status).toBe('pending');
    expect(timers.map((t) => t.ms)).toEqual([30_000]);
    // Real time passing starts nothing: only the given timers do.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(started).toEqual([]);
    now = START + 30_000;
    await timers[0]!.fire();
    expect(started).toEqual([START + 30_000]);
    // The stub run applied nothing: the delivery is still pending, so the next run is armed the full delay on.
    expect(timers.map((t) => t.ms)).toEqual([30_000, 30_000]);
  });
});
