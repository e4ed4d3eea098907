import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../src/index.ts';
import { simCall } from '../../src/test-client.ts';

type Outcome = 'ok' | '5xx' | 'html' | 'reset' | 'malformed';

async function classify(sim: RunningSimulator, path: string): Promise<Outcome> {
  let r;
  try {
    r = await simCall(sim, path);
  } catch {
    return 'reset';
  }
  if (r.status === 500 || r.status === 503) {
    expect(r.json).toMatchObject({ errors: [{ code: 'server' }] });
    return '5xx';
  }
  if (r.status === 502) {
    expect(r.headers.get('content-type')).toMatch(/text\/html/);
    expect(r.text).toContain('<h1>502 Bad Gateway</h1>');
    return 'html';
  }
  expect(r.status).toBe(200);
  return r.json === undefined ? 'malformed' : 'ok';
}

describe('simulator faults', () => {
  let sim: RunningSimulator | undefined;
  afterEach(async () => {
    await sim?.close();
    sim = undefined;
  });

  it('injects each fault at roughly its configured rate, on GETs only', async () => {
    sim = await startSimulator({ scale: 'tiny', seed: 3, rateLimitPerMin: 100_000, faults: '5xx=0.15,html=0.1,reset=0.1,malformed=0.1' });
    const n = 400;
    const counts: Record<Outcome, number> = { ok: 0, '5xx': 0, html: 0, reset: 0, malformed: 0 };
    for (let i = 0; i < n; i++) counts[await classify(sim, '/v2/companies?limit=5')]++;
    expect(counts['5xx'] / n).toBeGreaterThan(0.09);
    expect(counts['5xx'] / n).toBeLessThan(0.21);
    for (const k of ['html', 'reset', 'malformed'] as const) {
      expect(counts[k] / n, k).toBeGreaterThan(0.05);
      expect(counts[k] / n, k).toBeLessThan(0.16);
    }
    expect(counts.ok / n).toBeGreaterThan(0.4);
    // Faulted requests still spent budget: every one of the n GETs was counted.
    sim.setFaults('');
    const status = await simCall(sim, '/rate-limit');
    expect((status.json as { rate: { api_key_per_minute: { used: number } } }).rate.api_key_per_minute.used).toBe(n + 1);
    sim.setFaults('5xx=1');
    const post = await simCall(sim, '/v2/notes', { method: 'POST', body: { content: 'never faulted' } });
    expect(post.status).toBe(201);
    expect(await classify(sim, '/v2/lists')).toBe('5xx');
  });

  it('slow bodies arrive complete after a pause', async () => {
    sim = await startSimulator({ scale: 'tiny', faults: 'slow=1' });
    const t = Date.now();
    const r = await simCall(sim, '/v2/companies?limit=10');
    expect(Date.now() - t).toBeGreaterThanOrEqual(1_800);
    expect(r.status).toBe(200);
    expect((r.json as { data: unknown[] }).data).toHaveLength(10);
  });

  it('slowPauseMs sets that pause, and the body still arrives complete', async () => {
    await expect(startSimulator({ scale: 'tiny', slowPauseMs: -1 })).rejects.toThrow(/slowPauseMs must be an integer >= 0/);
    sim = await startSimulator({ scale: 'tiny', faults: 'slow=1', slowPauseMs: 300 });
    const t = Date.now();
    const r = await simCall(sim, '/v2/companies?limit=10');
    expect(Date.now() - t).toBeGreaterThanOrEqual(280);
    expect(r.status).toBe(200);
    expect((r.json as { data: unknown[] }).data).toHaveLength(10);
  });

  it('malformed bodies are truncated JSON with a consistent length', async () => {
    sim = await startSimulator({ scale: 'tiny', faults: 'malformed=1' });
    const r = await simCall(sim, '/organizations?page_size=5');
    expect(r.status).toBe(200);
    expect(r.text.length).toBeGreaterThan(0);
    expect(() => JSON.parse(r.text)).toThrow();
    expect(r.text.startsWith('{"organizations":[')).toBe(true);
  });

  it('adds configured latency to every response', async () => {
    sim = await startSimulator({ scale: 'tiny', latencyMs: 150 });
    const t = Date.now();
    await simCall(sim, '/v2/lists');
    expect(Date.now() - t).toBeGreaterThanOrEqual(140);
  });
});
