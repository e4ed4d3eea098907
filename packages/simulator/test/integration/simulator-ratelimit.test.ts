import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../src/index.ts';
import { rawHead, simCall } from '../../src/test-client.ts';

describe('simulator rate limits', () => {
  let sim: RunningSimulator | undefined;
  afterEach(async () => {
    await sim?.close();
    sim = undefined;
  });

  it('answers 429 past the per-minute budget with Retry-After in seconds', async () => {
    sim = await startSimulator({ scale: 'tiny', rateLimitPerMin: 5 });
    for (let i = 0; i < 5; i++) expect((await simCall(sim, '/v2/companies?limit=1')).status).toBe(200);
    const limited = await simCall(sim, '/v2/companies?limit=1');
    expect(limited.status).toBe(429);
    expect(limited.json).toMatchObject({ errors: [{ code: 'rate-limit' }] });
    const after = Number(limited.headers.get('retry-after'));
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThanOrEqual(60);
    expect(limited.headers.get('x-ratelimit-limit-user-remaining')).toBe('0');
    const v1 = await simCall(sim, '/organizations');
    expect(v1.status).toBe(429);
    expect(sim.stats.rateLimited).toBe(2);
    sim.resetRateWindow();
    expect((await simCall(sim, '/v2/companies?limit=1')).status).toBe(200);
  });

  it('sends Retry-After as an HTTP date when configured, and none when asked', async () => {
    sim = await startSimulator({ scale: 'tiny', rateLimitPerMin: 1, retryAfter: 'http-date' });
    await simCall(sim, '/v2/lists');
    const limited = await simCall(sim, '/v2/lists');
    expect(limited.status).toBe(429);
    const when = Date.parse(limited.headers.get('retry-after') ?? '');
    expect(when).toBeGreaterThan(Date.now() - 1000);
    expect(when).toBeLessThanOrEqual(Date.now() + 61_000);
    await sim.close();
    sim = await startSimulator({ scale: 'tiny', rateLimitPerMin: 1, retryAfter: 'none' });
    await simCall(sim, '/v2/lists');
    const bare = await simCall(sim, '/v2/lists');
    expect(bare.status).toBe(429);
    expect(bare.headers.get('retry-after')).toBeNull();
  });

  it('writes v1 headers in mixed case and /v2 headers in lowercase on the wire, errors included', async () => {
    sim = await startSimulator({ scale: 'tiny' });
    const v1 = await rawHead(sim, '/organizations?page_size=1', `Bearer ${sim.apiKey}`);
    expect(v1).toMatch(/^X-Ratelimit-Limit-User: 900$/m);
    expect(v1).toMatch(/^X-Ratelimit-Limit-User-Remaining: \d+$/m);
    expect(v1).toMatch(/^X-Ratelimit-Limit-User-Reset: \d+$/m);
    expect(v1).toMatch(/^X-Ratelimit-Limit-Org: 100000$/m);
    expect(v1).toMatch(/^X-Ratelimit-Limit-Org-Remaining: \d+$/m);
    expect(v1).toMatch(/^X-Ratelimit-Limit-Org-Reset: \d+$/m);
    const v2 = await rawHead(sim, '/v2/companies?limit=1', `Bearer ${sim.apiKey}`);
    expect(v2).toMatch(/^x-ratelimit-limit-user: 900$/m);
    expect(v2).toMatch(/^x-ratelimit-limit-org-remaining: \d+$/m);
    expect(v2).not.toMatch(/X-Ratelimit/);
    const unauth = await rawHead(sim, '/v2/companies', 'Bearer nope');
    expect(unauth).toMatch(/^HTTP\/1\.1 401/);
    expect(unauth).toMatch(/^x-ratelimit-limit-user: /m);
    const missing = await rawHead(sim, '/organizations/1', `Bearer ${sim.apiKey}`);
    expect(missing).toMatch(/^HTTP\/1\.1 404/);
    expect(missing).toMatch(/^X-Ratelimit-Limit-User: /m);
  });

  it('omits org headers without a monthly budget', async () => {
    sim = await startSimulator({ scale: 'tiny', monthlyLimit: null });
    const r = await simCall(sim, '/v2/companies?limit=1');
    expect(r.headers.get('x-ratelimit-limit-user')).toBe('900');
    expect(r.headers.get('x-ratelimit-limit-org')).toBeNull();
    const status = await simCall(sim, '/rate-limit');
    expect((status.json as { rate: { api_key_per_minute: { limit: number } } }).rate.api_key_per_minute.limit).toBe(900);
  });

  it('enforces the monthly budget; the status endpoints report it without spending it', async () => {
    sim = await startSimulator({ scale: 'tiny', monthlyLimit: 3 });
    for (let i = 0; i < 3; i++) expect((await simCall(sim, '/v2/lists')).status).toBe(200);
    expect((await simCall(sim, '/v2/lists')).status).toBe(429);
    const v1 = await simCall(sim, '/rate-limit');
    expect(v1.status).toBe(200);
    expect(v1.json).toMatchObject({ rate: { org_monthly: { limit: 3, remaining: 0, used: 3 }, api_key_per_minute: { limit: 900 } } });
    const v2 = await simCall(sim, '/v2/rate-limit', { version: '2026-07-15' });
    expect(v2.status).toBe(200);
    expect(v2.json).toMatchObject({ callerPerMinute: { limit: 900 }, orgPerMonth: { limit: 3, used: 3 } });
    expect((await simCall(sim, '/v2/rate-limit', { version: '2024-01-01' })).status).toBe(404);
  });

  it('keeps a monthly budget per organisation, and turns the month on the store clock', async () => {
    const other = { apiKey: 'other-key', tenant: { id: 77, name: 'Other', subdomain: 'other' } };
    sim = await startSimulator({ scale: 'tiny', monthlyLimit: 2, accounts: [other] });
    const juneEnd = Date.UTC(2025, 5, 30, 23, 0);
    let clock = juneEnd;
    sim.store.clock = () => clock;
    const otherKey = { auth: { header: `Bearer ${other.apiKey}` } };
    for (let i = 0; i < 2; i++) expect((await simCall(sim, '/v2/lists')).status).toBe(200);
    const refused = await simCall(sim, '/v2/lists');
    expect(refused.status).toBe(429);
    // The wait is to the month's end on the store clock (an hour), not on the wall clock.
    expect(Number(refused.headers.get('retry-after'))).toBe(3600);
    // Another account is another organisation: its budget is untouched.
    expect((await simCall(sim, '/v2/lists', otherKey)).status).toBe(200);
    expect((await simCall(sim, '/v2/lists', otherKey)).headers.get('x-ratelimit-limit-org-remaining')).toBe('0');
    clock = juneEnd + 3_600_000;
    const july = await simCall(sim, '/v2/lists');
    expect(july.status).toBe(200);
    expect(july.headers.get('x-ratelimit-limit-org-remaining')).toBe('1');
  });
});
