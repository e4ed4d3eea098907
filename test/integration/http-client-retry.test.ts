import { afterEach, describe, expect, it } from 'vitest';
import type http from 'node:http';
import { MalformedResponseError, RateLimitedError, TransientError } from '../../src/extract/http/index.ts';
import { DEFAULT_MAX_RETRIES, DEFAULT_RETRY_WAIT_TOTAL_MS } from '../../src/defaults.ts';
import { StopRequested } from '../../src/errors.ts';
import { defaultSleep } from '../../src/extract/http/options.ts';
import { clientOn, failThen, sendJson, type ClientHarness, type MiniHandler } from '../helpers/mini-server.ts';

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

const HTML_502 = '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>';

describe('retries', () => {
  it('honours Retry-After in seconds', async () => {
    const { server, client, sleeps } = await setup(failThen(1, (_q, res) => sendJson(res, 429, { message: 'slow down' }, { 'retry-after': '7' })));
    await expect(client.get('/v2/companies')).resolves.toMatchObject({ ok: true });
    expect(server.requests).toHaveLength(2);
    expect(sleeps).toEqual([7000]);
  });

  it('honours Retry-After as an HTTP date', async () => {
    const { client, sleeps } = await setup(
      failThen(1, (_q, res) => sendJson(res, 503, { message: 'busy' }, { 'retry-after': new Date(Date.now() + 5000).toUTCString() })),
    );
    await client.get('/v2/companies');
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThan(3500);
    expect(sleeps[0]).toBeLessThanOrEqual(5000);
  });

  it('backs off exponentially with jitter when there is no Retry-After, and gives up with RateLimitedError', async () => {
    const { server, client, sleeps } = await setup((_q, res) => sendJson(res, 429, { message: 'no' }), {
      backoff: { baseMs: 100, capMs: 1000 },
      maxRetries: 3,
    });
    const err = await client.get('/v2/companies').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitedError);
    expect((err as Error).message).toContain('gave up after 4 attempts');
    expect(server.requests).toHaveLength(4);
    expect(sleeps).toEqual([50, 100, 200]);
  });

  it('really waits between attempts (real timers)', async () => {
    const { server, client } = await setup(
      failThen(2, (_q, res) => sendJson(res, 500, { message: 'oops' })),
      {
        sleep: undefined,
        backoff: { baseMs: 60, capMs: 1000 },
        random: () => 1,
      },
    );
    const t0 = performance.now();
    await client.get('/v2/companies');
    const elapsed = performance.now() - t0;
    expect(server.requests).toHaveLength(3);
    expect(elapsed).toBeGreaterThanOrEqual(170); // 60 + 120
  });

  it('retries an HTML 502 and succeeds', async () => {
    const { server, client } = await setup(
      failThen(1, (_q, res) => {
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end(HTML_502);
      }),
    );
    await expect(client.get('/v2/companies')).resolves.toMatchObject({ ok: true });
    expect(server.requests).toHaveLength(2);
  });

  it('a persistent HTML 502 ends in a clear error without tags', async () => {
    const { server, client } = await setup(
      (_q, res) => {
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end(HTML_502);
      },
      { maxRetries: 2 },
    );
    const err = await client.get('/v2/companies', { limit: 5 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransientError);
    const e = err as TransientError;
    expect(server.requests).toHaveLength(3);
    expect(e.status).toBe(502);
    expect(e.message).toContain('502');
    expect(e.message).toContain('GET /v2/companies');
    expect(e.message).toContain('Bad Gateway');
    expect(e.message).not.toMatch(/<\/?[a-z]/i);
    expect(e.message).not.toContain('limit=5');
  });

  it('retries malformed JSON on a 200, and reports it typed when it persists', async () => {
    const bad: MiniHandler = (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"data": [{"id": 1},');
    };
    const first = await setup(failThen(1, bad));
    await expect(first.client.get('/v2/companies')).resolves.toMatchObject({ ok: true });
    expect(first.server.requests).toHaveLength(2);

    const second = await setup(bad, { maxRetries: 1 });
    const err = await second.client.get('/v2/companies').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MalformedResponseError);
    expect((err as Error).message).toMatch(/invalid or truncated JSON/);
    // Issue 33 item 13: the final error says how many attempts it took, as every retried failure's does.
    expect((err as Error).message).toMatch(/\(gave up after 2 attempts\)$/);
    expect(second.server.requests).toHaveLength(2);
  });

  it('retries a 200 that is an HTML page', async () => {
    const { server, client } = await setup(
      failThen(1, (_q, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html><body>Sign in</body></html>');
      }),
    );
    await expect(client.get('/v2/companies')).resolves.toMatchObject({ ok: true });
    expect(server.requests).toHaveLength(2);
  });

  it.each([
    ['socket destroyed before headers', (raw: http.IncomingMessage) => raw.socket.destroy()],
    ['TCP reset', (raw: http.IncomingMessage) => raw.socket.resetAndDestroy()],
  ])('retries a connection reset (%s)', async (_name, kill) => {
    const { server, client } = await setup(failThen(1, (_q, _res, _n, raw) => kill(raw)));
    await expect(client.get('/v2/companies')).resolves.toMatchObject({ ok: true, n: 2 });
    expect(server.requests).toHaveLength(2);
  });

  it('retries a body cut off mid-way', async () => {
    const { server, client } = await setup(
      failThen(1, (_q, res, _n, raw) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
        res.write('{"data":[');
        setTimeout(() => raw.socket.destroy(), 10);
      }),
    );
    await expect(client.get('/v2/companies')).resolves.toMatchObject({ ok: true });
    expect(server.requests).toHaveLength(2);
  });

  it('retries a request whose headers never come (timeout)', async () => {
    const { server, client } = await setup(
      failThen(1, () => undefined),
      { timeoutMs: 150 },
    );
    await expect(client.get('/v2/companies')).resolves.toMatchObject({ ok: true });
    expect(server.requests).toHaveLength(2);
  });

  it('the timeout covers the body too, and persistent stalls end in a TransientError', async () => {
    const { server, client } = await setup(
      (_q, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"data":[');
      },
      { timeoutMs: 150, maxRetries: 1 },
    );
    const err = await client.get('/v2/companies').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransientError);
    expect((err as Error).message).toMatch(/timed out/);
    expect(server.requests).toHaveLength(2);
  });

  it('does not retry a POST after a 500 (it may have been applied), but does after a 429', async () => {
    const a = await setup((_q, res) => sendJson(res, 500, { message: 'oops' }));
    await expect(a.client.request('POST', '/notes', { body: {} })).rejects.toBeInstanceOf(TransientError);
    expect(a.server.requests).toHaveLength(1);
    const b = await setup(failThen(1, (_q, res) => sendJson(res, 429, { message: 'no' })));
    await expect(b.client.request('POST', '/notes', { body: {} })).resolves.toMatchObject({ ok: true });
    expect(b.server.requests).toHaveLength(2);
  });
});

describe('a 429 storm and a stop (issue 33 item 1)', () => {
  it('waits at most DEFAULT_RETRY_WAIT_TOTAL_MS in all for one request, then gives up saying how many attempts it made', async () => {
    const { server, client, sleeps } = await setup((_q, res) => sendJson(res, 429, { message: 'slow down' }, { 'retry-after': '3600' }));
    const err = await client.get('/v2/companies').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitedError);
    expect(sleeps.reduce((a, b) => a + b, 0)).toBe(DEFAULT_RETRY_WAIT_TOTAL_MS);
    expect((err as Error).message).toContain(`(gave up after ${server.requests.length} attempts)`);
    expect(server.requests.length).toBeLessThan(DEFAULT_MAX_RETRIES + 1);
  });

  it('a stop signal ends a Retry-After sleep at once with its reason', async () => {
    const stop = new AbortController();
    const { server, client } = await setup((_q, res) => sendJson(res, 429, { message: 'slow down' }, { 'retry-after': '3600' }), {
      stop: stop.signal,
      sleep: (ms, signal) => defaultSleep(ms, signal),
    });
    const pending = client.get('/v2/companies').catch((e: unknown) => e);
    while (server.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
    const at = Date.now();
    stop.abort(new StopRequested('SIGTERM'));
    expect(await pending).toBeInstanceOf(StopRequested);
    expect(Date.now() - at).toBeLessThan(1000);
  });

  it('a stop signal ends a request the service never answers', async () => {
    const stop = new AbortController();
    const { client } = await setup(() => undefined, { stop: stop.signal });
    const pending = client.get('/v2/companies').catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 100));
    stop.abort(new StopRequested('SIGINT'));
    expect(await pending).toBeInstanceOf(StopRequested);
  });
});
