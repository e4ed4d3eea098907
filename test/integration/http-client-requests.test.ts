import { afterEach, describe, expect, it } from 'vitest';
import { ForeignOriginError } from '../../src/extract/http/index.ts';
import { clientOn, failThen, sendJson, TEST_API_KEY as KEY, type ClientHarness, type MiniHandler } from '../helpers/mini-server.ts';

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

const ok: MiniHandler = (_req, res) => sendJson(res, 200, { ok: true });

describe('auth and headers', () => {
  it('uses Basic (empty user) for the older interface and Bearer + version header for /v2', async () => {
    const { server, client } = await setup(ok);
    await client.get('/organizations');
    await client.get('/v2/companies');
    const [v1, v2] = server.requests;
    expect(v1?.headers.authorization).toBe(`Basic ${Buffer.from(`:${KEY}`).toString('base64')}`);
    expect(v1?.headers['x-affinity-api-version']).toBeUndefined();
    expect(v2?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(v2?.headers['x-affinity-api-version']).toBe('2024-01-01');
    expect(v2?.headers['user-agent']).toMatch(/^relsync\/0\.1\.0 \(\+node \d+\.\d+\.\d+\)$/);
  });

  it('turns arrays into repeated keys and skips undefined', async () => {
    const { server, client } = await setup(ok);
    await client.get('/v2/companies', { ids: [1, 2], limit: 10, flag: true, skip: undefined });
    expect(server.requests[0]?.url).toBe('/v2/companies?ids=1&ids=2&limit=10&flag=true');
  });

  it('sends JSON bodies on writes', async () => {
    const { server, client } = await setup(ok);
    await client.request('POST', '/organizations', { body: { name: 'Acme' } });
    expect(server.requests[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ name: 'Acme' });
  });
});

describe('counting', () => {
  it('counts every attempt by endpoint label, retries included', async () => {
    const { client } = await setup(failThen(1, (_q, res) => sendJson(res, 500, { message: 'x' })));
    await client.get('/v2/lists/12/list-entries');
    await client.get('/v2/lists/13/list-entries');
    await client.get('/v2/companies', undefined, { endpoint: 'companies page' });
    expect(client.counts()).toEqual({ 'GET /v2/lists/{id}/list-entries': 3, 'companies page': 1 });
    expect(client.totalCalls()).toBe(4);
    client.resetCounts();
    expect(client.totalCalls()).toBe(0);
  });
});

describe('getUrl', () => {
  it('follows a URL on our origin verbatim and refuses any other origin', async () => {
    const { server, client } = await setup(ok);
    await client.getUrl(`${server.url}/v2/companies?cursor=abc&fieldTypes=enriched&fieldTypes=global`);
    expect(server.requests[0]?.url).toBe('/v2/companies?cursor=abc&fieldTypes=enriched&fieldTypes=global');
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    const otherPort = server.url.replace(/:(\d+)$/, (_m, p: string) => `:${Number(p) + 1}`);
    await expect(client.getUrl(`${otherPort}/v2/companies?cursor=abc`)).rejects.toBeInstanceOf(ForeignOriginError);
    await expect(client.getUrl('https://evil.example.com/v2/companies')).rejects.toBeInstanceOf(ForeignOriginError);
    expect(server.requests).toHaveLength(1);
  });
});

describe('cancellation', () => {
  it('an aborted signal stops at once and is not retried', async () => {
    const ac = new AbortController();
    // Abort while the server holds the request (it never answers); a fixed timer could fire before a busy
    // machine has even sent it.
    const { server, client } = await setup(() => ac.abort(new Error('stop now')), { timeoutMs: 5000 });
    await expect(client.get('/v2/companies', undefined, { signal: ac.signal })).rejects.toThrow('stop now');
    expect(server.requests).toHaveLength(1);
  });
});
