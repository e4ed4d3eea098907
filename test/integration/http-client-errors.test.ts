import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, AuthError, CursorExpiredError, MergedRecordError, NotFoundError, PageTokenMismatchError } from '../../src/extract/http/index.ts';
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

describe('fatal errors', () => {
  it.each([
    [400, { errors: [{ code: 'validation', message: 'limit too big', param: 'limit' }] }, ApiError, 'limit too big'],
    [403, { errors: [{ code: 'authorization', message: 'no access' }] }, ApiError, 'no access'],
    [404, { errors: [{ code: 'not-found', message: 'Company not found' }] }, NotFoundError, 'Company not found'],
    [405, { message: 'method not allowed' }, ApiError, 'method not allowed'],
    [409, { error: 'conflict' }, ApiError, 'conflict'],
    [422, { errors: ['Tracking changes for this entity attribute is not yet supported'] }, ApiError, 'not yet supported'],
  ] as const)('%i is thrown after one attempt', async (status, body, cls, text) => {
    const { server, client } = await setup((_q, res) => sendJson(res, status, body));
    const err = await client.get('/v2/companies/5').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(cls);
    expect((err as ApiError).status).toBe(status);
    expect((err as ApiError).retryable).toBe(false);
    expect((err as Error).message).toContain(text);
    expect(server.requests).toHaveLength(1);
  });

  it('401 is an AuthError that says how to get a key', async () => {
    const { server, client } = await setup((_q, res) => sendJson(res, 401, { errors: [{ code: 'authentication', message: 'Unauthorized' }] }));
    const err = await client.get('/v2/companies').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AuthError);
    expect((err as AuthError).message).toContain('API key was rejected');
    expect((err as AuthError).hint).toContain('Affinity → Settings → API');
    expect(server.requests).toHaveLength(1);
  });

  it('parses MergedRecordError from v1 and v2 bodies', async () => {
    const { client } = await setup((req, res) =>
      req.path.startsWith('/v2')
        ? sendJson(res, 422, { errors: [{ code: 'unprocessable-entity', message: '77 no longer exists as it has been merged into 88' }] })
        : sendJson(res, 422, { error: '123 no longer exists as it has been merged into 456' }),
    );
    const v1 = await client.get('/organizations/123').catch((e: unknown) => e);
    expect(v1).toBeInstanceOf(MergedRecordError);
    expect(v1).toMatchObject({ oldId: 123, newId: 456, status: 422 });
    await expect(client.get('/v2/companies/77')).rejects.toMatchObject({ name: 'MergedRecordError', oldId: 77, newId: 88 });
  });

  it('tells an expired cursor from a v1 page_token mismatch', async () => {
    const { client } = await setup((req, res) =>
      req.path.startsWith('/v2')
        ? sendJson(res, 400, { errors: [{ code: 'validation', message: 'Invalid cursor', param: 'cursor' }] })
        : sendJson(res, 422, { error: 'Invalid page_token variable' }),
    );
    await expect(client.get('/v2/companies', { cursor: 'x' })).rejects.toBeInstanceOf(CursorExpiredError);
    await expect(client.get('/organizations', { page_token: 'x' })).rejects.toBeInstanceOf(PageTokenMismatchError);
  });
});

describe('read-after-create lag', () => {
  const notFound: MiniHandler = (_q, res) => sendJson(res, 404, { errors: [{ code: 'not-found', message: 'Opportunity not found' }] });

  it('404 twice then 200 succeeds when the record is expected to exist', async () => {
    const { server, client, sleeps } = await setup(failThen(2, notFound));
    await expect(client.get('/v2/opportunities/5', undefined, { expectExists: true })).resolves.toMatchObject({ ok: true });
    expect(server.requests).toHaveLength(3);
    expect(sleeps).toEqual([300, 300]); // 100 + 400 * random(0.5)
  });

  it('without expectExists a 404 is immediate', async () => {
    const { server, client } = await setup(failThen(2, notFound));
    const err = await client.get('/v2/opportunities/5').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotFoundError);
    expect((err as NotFoundError).lagExhausted).toBe(false);
    expect(server.requests).toHaveLength(1);
  });

  it('an always-404 record ends with lagExhausted after createLag.retries', async () => {
    const { server, client } = await setup(notFound, { createLag: { retries: 3, minMs: 100, maxMs: 500 } });
    const err = await client.get('/v2/opportunities/5', undefined, { expectExists: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotFoundError);
    expect((err as NotFoundError).lagExhausted).toBe(true);
    expect(server.requests).toHaveLength(4);
  });

  // Issue 32 defect 5: the lag is a `/v2` read's, after an older-interface create (docs/contract.md §0).
  it.each([
    ['an older-interface single read', '/persons/5', (_q, res) => sendJson(res, 404, { error: 'Person not found' })],
    ['a /v2 route the service does not serve', '/v2/opportunities/5', (_q, res) => sendJson(res, 404, { title: 'Not Found', status: 404, detail: 'No route' })],
    ['a /v2 404 that is not JSON', '/v2/opportunities/5', (_q, res) => void res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>')],
  ] satisfies Array<[string, string, MiniHandler]>)('%s: a 404 is one call, even where the record is expected to exist', async (_name, path, handler) => {
    const { server, client, sleeps } = await setup(handler);
    const err = await client.get(path, undefined, { expectExists: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotFoundError);
    expect(server.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });
});

describe('what a 404 is about (not-found-scope.ts)', () => {
  it.each([
    ['/v2/companies/5', 'application/json', { errors: [{ code: 'not-found', message: 'Company not found' }] }, 'record'],
    ['/v2/companies/5', 'application/json', { errors: [{ code: 'not-found', message: 'No route for GET /v2/companies/5' }] }, 'route'],
    ['/v2/companies/5', 'application/json', { message: 'Company not found' }, 'foreign'],
    ['/persons/5', 'application/json', { error: 'Person not found' }, 'record'],
    ['/persons/5', 'application/json', { errors: ['not found'] }, 'record'],
    [
      '/persons/5',
      'application/problem+json',
      {
        type: 'https://stoplight.io/prism/errors#NO_PATH_MATCHED_ERROR',
        title: 'Route not resolved, no path matched',
        status: 404,
        detail: "The route /persons/5 hasn't been found",
      },
      'route',
    ],
    ['/persons/5', 'application/json', { title: 'Not Found', status: 404 }, 'route'],
    ['/persons/5', 'application/json', { id: 5 }, 'foreign'],
    ['/persons/5', 'text/html', '<h1>404 Not Found</h1>', 'foreign'],
  ])('%s answering %s %j is about: %s', async (path, contentType, body, scope) => {
    const { client } = await setup(
      (_q, res) => void res.writeHead(404, { 'content-type': contentType }).end(typeof body === 'string' ? body : JSON.stringify(body)),
    );
    const err = await client.get(path).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotFoundError);
    expect((err as NotFoundError).notFound).toBe(scope);
  });
});
