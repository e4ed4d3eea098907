import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../src/index.ts';
import { pageAllV2, simCall } from '../../src/test-client.ts';

describe('simulator auth, versions, envelopes and cursors', () => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startSimulator({ scale: 'tiny', rateLimitPerMin: 100_000, cursorTtlMs: 300 });
  });
  afterAll(() => sim.close());

  it('answers 401 without a key or with a wrong key on both interfaces', async () => {
    for (const path of ['/v2/companies', '/organizations']) {
      const none = await simCall(sim, path, { auth: 'none' });
      expect(none.status, path).toBe(401);
      const wrong = await simCall(sim, path, { auth: { header: 'Bearer not-the-key' } });
      expect(wrong.status, path).toBe(401);
    }
    const v2 = await simCall(sim, '/v2/companies', { auth: 'none' });
    expect(v2.json).toMatchObject({ errors: [{ code: 'authentication' }] });
    expect(v2.headers.get('x-ratelimit-limit-user')).not.toBeNull();
  });

  it('logs each answered request with the store clock, route, parameters and status only while a log is set', async () => {
    const [id] = sim.store.companies.keys();
    await simCall(sim, `/organizations/${id}`);
    sim.stats.log = [];
    sim.store.clock = () => 42_000;
    try {
      await simCall(sim, `/organizations/${id}`);
      await simCall(sim, '/organizations/1');
      expect(sim.stats.log).toEqual([
        { at: 42_000, route: 'GET /organizations/{id}', params: { id: String(id) }, status: 200 },
        { at: 42_000, route: 'GET /organizations/{id}', params: { id: '1' }, status: 404 },
      ]);
    } finally {
      sim.stats.log = null;
      sim.store.clock = () => Date.now();
    }
  });

  it('takes Basic and Bearer on v1, Bearer only on /v2', async () => {
    expect((await simCall(sim, '/organizations', { auth: 'basic' })).status).toBe(200);
    expect((await simCall(sim, '/organizations', { auth: 'bearer' })).status).toBe(200);
    expect((await simCall(sim, '/v2/companies', { auth: 'bearer' })).status).toBe(200);
    expect((await simCall(sim, '/v2/companies', { auth: 'basic' })).status).toBe(401);
    const wrongBasic = `Basic ${Buffer.from('user:sim-key').toString('base64')}`;
    expect((await simCall(sim, '/organizations', { auth: { header: wrongBasic } })).status).toBe(401);
  });

  it('gates endpoints by API version, echoes the version, rejects unknown versions', async () => {
    const old = await simCall(sim, '/v2/teams', { version: '2024-01-01' });
    expect(old.status).toBe(404);
    expect(old.headers.get('x-affinity-api-version')).toBe('2024-01-01');
    const now = await simCall(sim, '/v2/teams', { version: '2026-09-17' });
    expect(now.status).toBe(200);
    expect(now.headers.get('x-affinity-api-version')).toBe('2026-09-17');
    const current = await simCall(sim, '/v2/teams', { version: 'current' });
    expect(current.status).toBe(200);
    expect(current.headers.get('x-affinity-api-version')).toBe('2026-09-17');
    const dflt = await simCall(sim, '/v2/companies');
    expect(dflt.headers.get('x-affinity-api-version')).toBe('2024-01-01');
    expect((await simCall(sim, '/v2/field-value-changes', { version: '2024-01-01' })).status).toBe(404);
    expect((await simCall(sim, '/v2/field-value-changes', { version: '2026-07-15' })).status).toBe(200);
    const bad = await simCall(sim, '/v2/companies', { version: '2027-01-01' });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ errors: [{ code: 'validation', param: 'X-Affinity-Api-Version' }] });
  });

  it('renders late value types only from 2026-09-17', async () => {
    const early = await simCall(sim, '/v2/companies/fields', { version: '2024-01-01' });
    const late = await simCall(sim, '/v2/companies/fields', { version: '2026-09-17' });
    const types = (r: typeof early) => (r.json as { data: Array<{ valueType: string }> }).data.map((f) => f.valueType);
    expect(types(early)).not.toContain('list-multi');
    expect(types(late)).toContain('list-multi');
  });

  it('returns field data only when fieldIds or fieldTypes is given, and validates limit', async () => {
    const plain = (await simCall(sim, '/v2/companies?limit=3')).json as { data: Array<{ fields: unknown[] }> };
    expect(plain.data.every((c) => c.fields.length === 0)).toBe(true);
    const withTypes = (await simCall(sim, '/v2/companies?limit=3&fieldTypes=enriched&field_types=global')).json as {
      data: Array<{ fields: Array<{ type: string }> }>;
    };
    const kinds = new Set(withTypes.data.flatMap((c) => c.fields.map((f) => f.type)));
    expect(kinds).toEqual(new Set(['enriched', 'global']));
    const byId = (await simCall(sim, '/v2/persons?limit=2&fieldIds=affinity-data-location')).json as { data: Array<{ fields: Array<{ id: string }> }> };
    expect(byId.data[0]?.fields.map((f) => f.id)).toEqual(['affinity-data-location']);
    const over = await simCall(sim, '/v2/companies?limit=101');
    expect(over.status).toBe(400);
    expect(over.json).toMatchObject({ errors: [{ param: 'limit' }] });
    expect((await simCall(sim, '/v2/companies?fieldTypes=list')).status).toBe(400);
  });

  it('keeps the original query (repeated keys) in nextUrl and serves /v2 opportunities partially', async () => {
    const r = await simCall(sim, '/v2/lists/1002/list-entries?limit=2&fieldTypes=list&fieldTypes=global');
    const next = (r.json as { pagination: { nextUrl: string } }).pagination.nextUrl;
    expect(next.startsWith(`${sim.url}/v2/lists/1002/list-entries?`)).toBe(true);
    expect(new URL(next).searchParams.getAll('fieldTypes')).toEqual(['list', 'global']);
    const opp = (await simCall(sim, '/v2/opportunities?limit=1')).json as { data: Array<Record<string, unknown>> };
    expect(Object.keys(opp.data[0] ?? {}).sort()).toEqual(['id', 'listId', 'name']);
  });

  it('answers ids batch lookups, at most 100 ids', async () => {
    const idsWanted = [...sim.store.companies.keys()].slice(0, 3);
    const r = await simCall(sim, `/v2/companies?${idsWanted.map((i) => `ids=${i}`).join('&')}`);
    expect((r.json as { data: Array<{ id: number }> }).data.map((c) => c.id)).toEqual(idsWanted);
    const many = Array.from({ length: 101 }, (_, i) => `ids=${i + 1}`).join('&');
    expect((await simCall(sim, `/v2/companies?${many}`)).status).toBe(400);
  });

  it('refuses a v1 page_token presented with different parameters (422)', async () => {
    const first = await simCall(sim, '/organizations?page_size=5');
    const token = (first.json as { next_page_token: string }).next_page_token;
    expect(token).toBeTruthy();
    expect((await simCall(sim, `/organizations?page_size=5&page_token=${token}`)).status).toBe(200);
    const changed = await simCall(sim, `/organizations?page_size=6&page_token=${token}`);
    expect(changed.status).toBe(422);
    expect(changed.json).toEqual({ error: 'Invalid page_token variable' });
    expect((await simCall(sim, '/organizations?page_size=501')).status).toBe(422);
  });

  it('expires /v2 cursors after cursorTtlMs (400, param cursor)', async () => {
    const first = await simCall(sim, '/v2/companies?limit=2');
    const next = (first.json as { pagination: { nextUrl: string } }).pagination.nextUrl;
    expect((await simCall(sim, next)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 400));
    const expired = await simCall(sim, next);
    expect(expired.status).toBe(400);
    expect(expired.json).toMatchObject({ errors: [{ code: 'validation', param: 'cursor' }] });
  });

  it('speaks the seed envelope ({data, next_cursor}) when asked', async () => {
    const seedSim = await startSimulator({ scale: 'tiny', contract: 'seed', rateLimitPerMin: 100_000 });
    try {
      const first = await simCall(seedSim, '/v2/companies?limit=5');
      const body = first.json as { data: unknown[]; next_cursor?: string; pagination?: unknown };
      expect(body.pagination).toBeUndefined();
      expect(typeof body.next_cursor).toBe('string');
      const all = await pageAllV2(seedSim, '/v2/companies?limit=5');
      expect(all).toHaveLength(seedSim.store.companies.size);
      const last = await simCall(seedSim, '/v2/lists?limit=100');
      expect((last.json as { next_cursor?: string }).next_cursor).toBeUndefined();
    } finally {
      await seedSim.close();
    }
  });
});
