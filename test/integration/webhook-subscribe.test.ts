/**
 * `relsync webhooks subscribe|status` against the simulator: the limit of 3 per instance refused with the
 * fix, `/v2/webhooks` where the API version has it and `/webhook/subscribe` below, a second subscribe of
 * the same URL re-enabling a disabled subscription, and the status saying DISABLED loudly, with the fix,
 * without printing the secret.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSchema } from '../../src/config/schema.ts';
import { UserError } from '../../src/errors.ts';
import { silentLogger } from '../../src/log.ts';
import { clientFromConfig } from '../../src/runner/execute.ts';
import type { RunningSimulator } from '@relsync/simulator';
import { subscribe } from '../../src/webhooks/subscribe.ts';
import { runCli } from '../helpers/cli.ts';
import { startE2eSimulator } from '../helpers/sync-fixture.ts';

const SECRET = 'subscribe-secret-0123456789abcdef';
const URL_OF = (host: string) => `https://${host}/webhooks/${SECRET}`;

describe('webhooks subscribe and status', () => {
  let sim: RunningSimulator;
  let dir: string;
  beforeAll(async () => {
    sim = await startE2eSimulator({ contract: 'reference' });
    dir = mkdtempSync(join(tmpdir(), 'relsync-webhooks-'));
  });
  afterAll(async () => {
    await sim?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const client = (apiVersion: '2024-01-01' | '2026-09-17') =>
    clientFromConfig(configSchema.parse({ apiKey: sim.apiKey, baseUrl: sim.url, apiVersion, logLevel: 'silent' }), silentLogger(), sim.apiKey);

  it('refuses a fourth subscription, naming the limit and the fix', async () => {
    expect(sim.store.webhooks.size).toBe(3);
    const c = client('2026-09-17');
    const err = await subscribe(c, { apiVersion: '2026-09-17', url: URL_OF('a.example.com'), events: [] }).catch((e: unknown) => e);
    await c.close();
    expect(err).toBeInstanceOf(UserError);
    expect((err as UserError).message).toMatch(/already has 3 webhook subscriptions, the most it allows/);
    expect((err as UserError).hint).toMatch(/Delete one/);
  });

  it('creates through /v2/webhooks, and through /webhook/subscribe below its version', async () => {
    for (const id of [...sim.store.webhooks.keys()].slice(0, 2)) sim.store.webhooks.delete(id);
    const v2 = client('2026-09-17');
    const a = await subscribe(v2, { apiVersion: '2026-09-17', url: URL_OF('a.example.com'), events: ['person.updated'] });
    expect(v2.counts()).toMatchObject({ 'POST /v2/webhooks': 1 });
    await v2.close();
    expect(a).toMatchObject({ action: 'created', subscription: { status: 'active', events: ['person.updated'] } });
    const v1 = client('2024-01-01');
    const b = await subscribe(v1, { apiVersion: '2024-01-01', url: URL_OF('b.example.com'), events: [] });
    expect(v1.counts()).toMatchObject({ 'POST /webhook/subscribe': 1 });
    await v1.close();
    expect(b.action).toBe('created');
    expect(sim.store.webhooks.size).toBe(3);
  });

  it('status reports a disabled subscription loudly with the fix; subscribing again re-enables it', async () => {
    const mine = [...sim.store.webhooks.values()].find((w) => w.url === URL_OF('a.example.com'))!;
    mine.status = 'disabled';
    const env = { AFFINITY_API_KEY: sim.apiKey, AFFINITY_BASE_URL: sim.url, DATABASE_URL: `sqlite:${join(dir, 'w.db')}`, LOG_LEVEL: 'warn' };
    expect((await runCli(['migrate'], { env, cwd: dir })).code).toBe(0);
    const r = await runCli(['webhooks', 'status'], { env, cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/DISABLED https:\/\/a\.example\.com\/webhooks\/<secret>/);
    expect(r.stdout).toMatch(/relsync webhooks subscribe --url <the same URL>/);
    expect(r.stdout).toMatch(/hints pending: 0/);
    expect(r.stderr).toMatch(/subscription is disabled/);
    expect(r.stdout + r.stderr).not.toContain(SECRET);

    const again = await runCli(['webhooks', 'subscribe', '--url', URL_OF('a.example.com')], { env, cwd: dir });
    expect(again.stdout).toMatch(/re-enabled/);
    expect(again.stdout).not.toContain(SECRET);
    expect(mine.status).toBe('active');
  });

  it('a URL without /webhooks/<secret> is refused with the fix', async () => {
    const r = await runCli(['webhooks', 'subscribe', '--url', 'https://a.example.com/hook'], {
      env: { AFFINITY_API_KEY: sim.apiKey, AFFINITY_BASE_URL: sim.url, DATABASE_URL: `sqlite:${join(dir, 'w.db')}` },
      cwd: dir,
    });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/does not end in \/webhooks\/<secret>/);
  });
});
