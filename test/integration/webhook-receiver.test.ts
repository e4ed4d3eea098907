/**
 * The receiver of `POST /webhooks/<secret>` against a real warehouse on both dialects: what it refuses
 * (wrong secret, huge body, a flood), what it keeps (invalid JSON and unknown events, counted), that an
 * accepted delivery is stored before the 2xx, that replays mark nothing twice, and that the log never
 * carries the secret.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Logger } from '../../src/log.ts';
import { applyPendingHints } from '../../src/webhooks/apply-hints.ts';
import { deliveryStats, storeDelivery } from '../../src/webhooks/deliveries.ts';
import { createReceiver, type Receiver } from '../../src/webhooks/receiver.ts';
import { forEachDialect, freshMigratedDb } from '../helpers/dialects.ts';

const SECRET = 'test-secret-0123456789abcdef0123';
const body = (type: string, b: unknown) => JSON.stringify({ type, body: b, sent_at: 1_700_000_000 });

forEachDialect('webhook receiver', (dialect) => {
  let dbc: Awaited<ReturnType<typeof freshMigratedDb>>;
  let server: Server;
  let base: string;
  let receiver: Receiver;
  let logText = '';
  let clock = 0;

  beforeAll(async () => {
    dbc = await freshMigratedDb(dialect);
    const sink = new Writable({
      write(chunk: Buffer, _enc, cb) {
        logText += chunk.toString();
        cb();
      },
    });
    const log = pino({ level: 'debug' }, sink) as unknown as Logger;
    receiver = createReceiver({
      secret: SECRET,
      maxBodyBytes: 4096,
      ratePerMinute: 50,
      log,
      now: () => clock,
      accept: async (b) => void (await storeDelivery(dbc.db.kysely, b, new Date())),
    });
    server = createServer((req, res) => {
      if (!receiver.handle(req, res)) res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((r) => server?.close(() => r()));
    await dbc?.cleanup();
  });

  const post = (path: string, text: string) => fetch(`${base}${path}`, { method: 'POST', body: text, headers: { 'content-type': 'application/json' } });

  it('a wrong secret is a 404 that stores nothing; 10,000 of them store nothing and log one line', async () => {
    const one = await post('/webhooks/wrong-secret-aaaaaaaaaaaaaaaa', body('person.updated', { id: 1 }));
    expect(one.status).toBe(404);
    for (let i = 0; i < 10_000; i += 100) {
      const answers = await Promise.all(Array.from({ length: 100 }, (_, j) => post(`/webhooks/forged-${i + j}`, body('person.updated', { id: i + j }))));
      expect(answers.every((a) => a.status === 404)).toBe(true);
    }
    expect(receiver.counts().wrongSecret).toBe(10_001);
    expect((await deliveryStats(dbc.db.kysely)).pending).toBe(0);
    expect(logText.match(/wrong secret/g)?.length).toBe(1);
  });

  it('the right secret stores the delivery before answering 200', async () => {
    const r = await post(`/webhooks/${SECRET}`, body('organization.updated', { id: 501, person_ids: [] }));
    expect(r.status).toBe(200);
    const rows = await dbc.db.kysely.selectFrom('webhook_deliveries').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ event: 'organization.updated', status: 'pending' });
  });

  it('a body over the cap is refused with 413 and not stored', async () => {
    const r = await post(`/webhooks/${SECRET}`, body('person.updated', { id: 2, pad: 'x'.repeat(10_000) }));
    expect(r.status).toBe(413);
    expect(await dbc.db.kysely.selectFrom('webhook_deliveries').select('id').execute()).toHaveLength(1);
  });

  it('invalid JSON and unknown events are kept and counted, answered 200 (never retried forever)', async () => {
    expect((await post(`/webhooks/${SECRET}`, '{"type": "person.upd')).status).toBe(200);
    expect((await post(`/webhooks/${SECRET}`, body('galaxy.exploded', { id: 3 }))).status).toBe(200);
    const s = await deliveryStats(dbc.db.kysely);
    expect(s).toMatchObject({ unparseable: 1, unknown: 1, pending: 1, lastEvent: 'galaxy.exploded' });
  });

  it('deliveries received within one millisecond keep their arrival order: the newest is the last one stored', async () => {
    // Later than every other delivery of this file, so it is the newest; removed again at the end.
    const at = new Date('2099-01-01T00:00:00.000Z');
    for (const event of ['person.updated', 'organization.updated', 'person.created']) await storeDelivery(dbc.db.kysely, body(event, { id: 9 }), at);
    expect((await deliveryStats(dbc.db.kysely)).lastEvent).toBe('person.created');
    const same = await dbc.db.kysely
      .selectFrom('webhook_deliveries')
      .select(['event', 'id'])
      .where('received_at', '=', at.toISOString())
      .orderBy('id')
      .execute();
    expect(same.map((d) => d.event)).toEqual(['person.updated', 'organization.updated', 'person.created']);
    await dbc.db.kysely.deleteFrom('webhook_deliveries').where('received_at', '=', at.toISOString()).execute();
  });

  it('replays mark each record once: a body identical to one applied is not read again', async () => {
    for (let i = 0; i < 20; i += 1) expect((await post(`/webhooks/${SECRET}`, body('organization.updated', { id: 501, person_ids: [] }))).status).toBe(200);
    const applied = await applyPendingHints(dbc.db, { maxCalls: 100, now: new Date() });
    expect(applied).toMatchObject({ deliveries: 1, replays: 20 });
    // company 501 (not in the warehouse: looked up by id) and its link set: two marks, two calls, however often the delivery came.
    expect(applied).toMatchObject({ marks: 2, calls: 2 });
    expect((await deliveryStats(dbc.db.kysely)).replayed).toBe(20);
    const marks = await dbc.db.kysely.selectFrom('sync_dirty').select(['kind', 'id']).orderBy('kind').execute();
    expect(marks).toEqual([
      { kind: 'company', id: 501 },
      { kind: 'company_links', id: 501 },
    ]);
  });

  it('a flood with the right secret is answered 429 past the rate limit, and the log says so once', async () => {
    clock += 120_000;
    const answers = await Promise.all(Array.from({ length: 80 }, (_, i) => post(`/webhooks/${SECRET}`, body('person.updated', { id: 1000 + i }))));
    const ok = answers.filter((a) => a.status === 200).length;
    expect(ok).toBe(50);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(30);
    expect(logText.match(/rate limit/g)?.length).toBe(1);
  });

  it('the log never carries the secret', () => {
    expect(logText.length).toBeGreaterThan(0);
    expect(logText).not.toContain(SECRET);
  });
});
