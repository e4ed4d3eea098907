import { inspect } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AffinityClient, type AffinityClientOptions } from '../../src/extract/http/index.ts';
import { Pager } from '../../src/extract/pager.ts';
import { captureLogger, sendJson, startMiniServer, type MiniHandler } from '../helpers/mini-server.ts';

const KEY = 'sk-relsync-SECRET-9x7Qw2Lm';
const BASIC = Buffer.from(`:${KEY}`).toString('base64');
const logs = captureLogger();
const seen: string[] = [];

/** Everything a person or a log collector could ever see of an error: message, stack, fields, causes. */
function exposeError(err: unknown): string {
  return [inspect(err, { depth: 6, showHidden: true }), err instanceof Error ? String(err.stack) : '', JSON.stringify(err) ?? ''].join('\n');
}

/** Echo the Authorization header back in every error body, in the given shape. */
const echo =
  (status: number, shape: 'v2' | 'v1' | 'html' | 'text' | 'broken-json' | 'envelope'): MiniHandler =>
  (req, res) => {
    const auth = String(req.headers.authorization);
    const said = `you sent Authorization: ${auth} and X-Api-Key ${auth.replace(/^(Bearer|Basic) /, '')}`;
    if (shape === 'v2') return sendJson(res, status, { errors: [{ code: 'validation', message: said, param: 'limit' }] });
    if (shape === 'v1') return sendJson(res, status, { error: said });
    if (shape === 'envelope') return sendJson(res, status, { wrong: said });
    if (shape === 'broken-json') {
      res.writeHead(status, { 'content-type': 'application/json' });
      return res.end(`{"data": "${said}`);
    }
    res.writeHead(status, { 'content-type': shape === 'html' ? 'text/html' : 'text/plain' });
    res.end(shape === 'html' ? `<html><body><h1>${status}</h1><pre>${said}</pre></body></html>` : said);
  };

async function scenario(handler: MiniHandler, run: (c: AffinityClient, url: string) => Promise<unknown>, opts: Partial<AffinityClientOptions> = {}) {
  const server = await startMiniServer(handler);
  const client = new AffinityClient({
    baseUrl: server.url,
    apiKey: KEY,
    apiVersion: '2024-01-01',
    logger: logs.logger,
    sleep: async () => undefined,
    maxRetries: 2,
    timeoutMs: 200,
    ...opts,
  });
  try {
    const err = await run(client, server.url).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err, 'scenario should fail').toBeDefined();
    seen.push(exposeError(err));
    return err;
  } finally {
    await client.close();
    await server.close();
  }
}

const Any = z.object({ id: z.number() });

describe('the API key never leaks', () => {
  it.each([
    ['v2 400 echoing Bearer', echo(400, 'v2'), '/v2/companies'],
    ['v1 400 echoing Basic', echo(400, 'v1'), '/organizations'],
    ['401 echo', echo(401, 'v1'), '/organizations'],
    ['403 plain text echo', echo(403, 'text'), '/v2/companies'],
    ['persistent HTML 500 echo', echo(500, 'html'), '/v2/companies'],
    ['persistent HTML 502 echo on v1', echo(502, 'html'), '/persons'],
    ['persistent 429 text echo', echo(429, 'text'), '/v2/companies'],
    ['malformed 200 JSON echo', echo(200, 'broken-json'), '/v2/companies'],
    ['malformed 200 JSON echo on v1', echo(200, 'broken-json'), '/organizations'],
    ['200 HTML echo', echo(200, 'html'), '/organizations'],
  ])('%s', async (_name, handler, path) => {
    const err = await scenario(handler, (c) => c.get(path, { term: 'x' }));
    expect((err as Error).message).toContain('[redacted]');
  });

  it('a wrong pager envelope echoing the key', async () => {
    await scenario(echo(200, 'envelope'), (c) => new Pager(c, { path: '/v2/companies', paginator: 'v2' }, Any).next());
  });

  it('the read-after-create lag running out', async () => {
    await scenario(echo(404, 'v2'), (c) => c.get('/v2/opportunities/9', undefined, { expectExists: true }), {
      createLag: { retries: 2, minMs: 1, maxMs: 2 },
    });
  });

  it('a merged record whose message carries the key', async () => {
    const handler: MiniHandler = (req, res) =>
      sendJson(res, 422, { error: `1 no longer exists as it has been merged into 2 (${String(req.headers.authorization)})` });
    const err = await scenario(handler, (c) => c.get('/organizations/1'));
    expect(err).toMatchObject({ name: 'MergedRecordError', oldId: 1, newId: 2 });
  });

  it('resets and timeouts', async () => {
    await scenario(
      (_q, _res, _n, raw) => raw.socket.destroy(),
      (c) => c.get('/v2/companies'),
    );
    await scenario(
      () => undefined,
      (c) => c.get('/organizations'),
    );
  });

  it('a key placed in a query value or a foreign URL', async () => {
    await scenario(echo(500, 'text'), (c) => c.get('/v2/companies', { term: KEY }));
    await scenario(echo(200, 'v2'), (c) => c.getUrl(`https://evil.example/${KEY}/v2?k=${KEY}`));
  });

  afterAll(() => {
    const haystack = [...seen, ...logs.lines];
    // The scenarios ran and produced retries/warnings: an empty capture would prove nothing.
    expect(seen.length).toBeGreaterThanOrEqual(15);
    expect(logs.lines.filter((l) => l.includes('retrying request')).length).toBeGreaterThan(5);
    for (const text of haystack) {
      expect(text).not.toContain(KEY);
      expect(text).not.toContain(BASIC);
    }
  });
});
