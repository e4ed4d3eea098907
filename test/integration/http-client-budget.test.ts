import { afterEach, describe, expect, it } from 'vitest';
import http from 'node:http';
import { BudgetExhaustedError } from '../../src/extract/http/index.ts';
import { clientOn, sendJson, type ClientHarness, type MiniHandler } from '../helpers/mini-server.ts';

let open: ClientHarness[] = [];
afterEach(async () => {
  await Promise.all(open.map((h) => h.close()));
  open = [];
});

async function setup(handler: MiniHandler, opts: Parameters<typeof clientOn>[1] = {}): Promise<ClientHarness> {
  const h = await clientOn(handler, opts);
  open.push(h);
  return h;
}

describe('rate budget', () => {
  const rl = (remaining: number, reset: number, extra: Record<string, string> = {}) => ({
    'x-ratelimit-limit-user': '900',
    'x-ratelimit-limit-user-remaining': String(remaining),
    'x-ratelimit-limit-user-reset': String(reset),
    ...extra,
  });

  it('parses lowercase headers', async () => {
    const { client } = await setup((_q, res) =>
      sendJson(
        res,
        200,
        {},
        rl(850, 30, { 'x-ratelimit-limit-org': '100000', 'x-ratelimit-limit-org-remaining': '90000', 'x-ratelimit-limit-org-reset': '3600' }),
      ),
    );
    await client.get('/v2/companies');
    expect(client.budget.snapshot()).toMatchObject({ userLimit: 900, userRemaining: 850, orgLimit: 100000, orgRemaining: 90000 });
  });

  it('parses mixed-case headers sent with their case preserved on the wire', async () => {
    const { server, client } = await setup((_q, res) => {
      res.writeHead(200, [
        'Content-Type',
        'application/json',
        'X-Ratelimit-Limit-User',
        '900',
        'X-RateLimit-Limit-User-Remaining',
        '777',
        'X-Ratelimit-Limit-User-Reset',
        '12',
        'X-Ratelimit-Limit-Org',
        '40000',
        'X-RATELIMIT-LIMIT-ORG-REMAINING',
        '39000',
        'X-Ratelimit-Limit-Org-Reset',
        '99',
      ]);
      res.end('{}');
    });
    // Sanity: the server really sends mixed case (node's client keeps it in rawHeaders).
    const raw = await new Promise<string[]>((resolve) =>
      http.get(`${server.url}/x`, (r) => {
        r.resume();
        resolve(r.rawHeaders);
      }),
    );
    expect(raw).toContain('X-RateLimit-Limit-User-Remaining');
    await client.get('/v2/companies');
    expect(client.budget.snapshot()).toMatchObject({ userLimit: 900, userRemaining: 777, orgLimit: 40000, orgRemaining: 39000 });
  });

  it('waits for the window instead of running into 429 when remaining reaches the margin', async () => {
    const { server, client, sleeps } = await setup((_q, res, n) => (n === 1 ? sendJson(res, 200, {}, rl(2, 30)) : sendJson(res, 200, {}, rl(899, 60))));
    await client.get('/v2/companies');
    await client.get('/v2/companies');
    expect(server.requests).toHaveLength(2);
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThan(29_000);
    expect(sleeps[0]).toBeLessThanOrEqual(30_100);
  });

  it('keeps a real server with a tiny window free of 429s', async () => {
    const limit = 6;
    const windowMs = 1000;
    let windowStart = 0;
    let used = 0;
    let rejected = 0;
    const { server, client } = await setup(
      (_q, res) => {
        const now = Date.now();
        if (now >= windowStart + windowMs) {
          windowStart = now;
          used = 0;
        }
        used += 1;
        const remaining = limit - used;
        const headers = rl(Math.max(0, remaining), Math.ceil((windowStart + windowMs - now) / 1000));
        headers['x-ratelimit-limit-user'] = String(limit);
        if (remaining < 0) {
          rejected += 1;
          return sendJson(res, 429, { message: 'rate' }, headers);
        }
        sendJson(res, 200, { ok: true }, headers);
      },
      { sleep: undefined, concurrency: 2 },
    );
    const t0 = Date.now();
    await Promise.all(Array.from({ length: 8 }, () => client.get('/v2/companies')));
    expect(rejected).toBe(0);
    expect(server.requests).toHaveLength(8);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(900);
  });

  it('stops at the monthly reserve with BudgetExhaustedError, and /rate-limit stays usable', async () => {
    const { server, client } = await setup(
      (req, res) => {
        if (req.path === '/rate-limit') {
          return sendJson(res, 200, {
            rate: {
              org_monthly: { limit: 100000, remaining: 400, reset: 86400, used: 99600 },
              api_key_per_minute: { limit: 900, remaining: 899, reset: 20, used: 1 },
            },
          });
        }
        sendJson(
          res,
          200,
          {},
          rl(800, 30, { 'x-ratelimit-limit-org': '100000', 'x-ratelimit-limit-org-remaining': '500', 'x-ratelimit-limit-org-reset': '86400' }),
        );
      },
      { monthlyReserve: 500 },
    );
    await client.get('/v2/companies');
    const err = await client.get('/v2/companies').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BudgetExhaustedError);
    expect((err as BudgetExhaustedError).message).toMatch(/500 calls remain.*500 are kept in reserve/);
    expect(server.requests).toHaveLength(1);
    const snap = await client.refreshBudget();
    expect(snap).toMatchObject({ orgRemaining: 400, userRemaining: 899 });
    expect(server.requests).toHaveLength(2);
  });
});
