import { afterEach, describe, expect, it } from 'vitest';
import { ForbiddenError, RateLimitedError, ServerError, TransientError } from '../../src/extract/http/index.ts';
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

describe('the client follows the failure table', () => {
  it.each([501, 505])('a %i is thrown after one attempt as a ServerError, not a TransientError', async (status) => {
    const { server, client, sleeps } = await setup((_q, res) => sendJson(res, status, { message: 'not implemented here' }));
    const err = await client.get('/v2/companies').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServerError);
    expect(err).not.toBeInstanceOf(TransientError);
    expect((err as ServerError).retryable).toBe(false);
    expect((err as ServerError).stopsRun).toBe(false);
    expect(server.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('a 403 is a ForbiddenError with the service message, after one attempt, that does not stop the run', async () => {
    const { server, client } = await setup((_q, res) =>
      sendJson(res, 403, { errors: [{ code: 'authorization', message: 'Requires the "Export data" permission' }] }),
    );
    const err = await client.get('/v2/lists').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ForbiddenError);
    expect((err as ForbiddenError).serviceMessage).toBe('Requires the "Export data" permission');
    expect((err as ForbiddenError).stopsRun).toBe(false);
    expect(server.requests).toHaveLength(1);
  });

  it('the Retry-After on the error is the delay the client slept', async () => {
    const { client, sleeps } = await setup(
      failThen(1, (_q, res) => sendJson(res, 429, { message: 'slow down' }, { 'retry-after': '9' })),
      { maxRetries: 0 },
    );
    const err = await client.get('/v2/companies').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitedError);
    expect((err as RateLimitedError).retryAfterMs).toBe(9000);

    const again = await setup(failThen(1, (_q, res) => sendJson(res, 429, { message: 'slow down' }, { 'retry-after': '9' })));
    await expect(again.client.get('/v2/companies')).resolves.toMatchObject({ ok: true });
    expect(again.sleeps).toEqual([9000]);
    expect(sleeps).toEqual([]);
  });

  it('an HTTP-date Retry-After on a 503 becomes the delay, within the clamp', async () => {
    const { client, sleeps } = await setup(
      failThen(1, (_q, res) => sendJson(res, 503, { message: 'busy' }, { 'retry-after': new Date(Date.now() + 8000).toUTCString() })),
      { backoff: { baseMs: 10, capMs: 1000 } },
    );
    await client.get('/v2/companies');
    // capMs * 4: the service's date is honoured up to the clamp, and not replaced by the 10 ms backoff.
    expect(sleeps).toEqual([4000]);
  });
});
