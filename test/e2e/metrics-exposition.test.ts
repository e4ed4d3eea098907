/**
 * The metrics where job platforms look (issue 36): `schedule` with metricsHost 0.0.0.0 serves /metrics, scraped
 * here through 127.0.0.1; a one-shot `sync --metrics-file` writes the same metrics in node_exporter's textfile
 * format, a failed run included. Both are read by a parser of the exposition format (test/helpers/prom-text.ts).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningSimulator } from '@relsync/simulator';
import { runCli, spawnSchedule } from '../helpers/cli.ts';
import { forEachDialect, freshDatabaseUrl, type TestDatabase } from '../helpers/dialects.ts';
import { freePort } from '../helpers/free-port.ts';
import { parseExposition, sampleValue, type PromFamily } from '../helpers/prom-text.ts';
import { startE2eSimulator } from '../helpers/sync-fixture.ts';

const TENANT = '1';

function everySampleHasTenant(f: Map<string, PromFamily>): void {
  for (const fam of f.values()) for (const s of fam.samples) expect(s.labels.tenant, s.name).toBe(TENANT);
}

forEachDialect('e2e: metrics from schedule and from a one-shot sync', (dialect) => {
  let sim: RunningSimulator;
  let wh: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    sim = await startE2eSimulator({ scale: 'tiny' });
    wh = await freshDatabaseUrl(dialect);
    dir = mkdtempSync(join(tmpdir(), 'relsync-metrics-'));
  });
  afterAll(async () => {
    await sim?.close();
    await wh?.cleanup();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('sync --metrics-file writes the run in the textfile format, atomically, and a failed run too', async () => {
    const file = join(dir, 'relsync.prom');
    const env = { AFFINITY_BASE_URL: sim.url, AFFINITY_API_KEY: sim.apiKey, DATABASE_URL: wh.url };
    const r = await runCli(['sync', '--metrics-file', file], { env });
    expect(r.code, r.stderr).toBe(0);
    const f = parseExposition(readFileSync(file, 'utf8'));
    everySampleHasTenant(f);
    expect(sampleValue(f, 'relsync_runs_total', { status: 'succeeded' })).toBe(1);
    // Rows of every table the stream writes (companies, their field values, ...).
    expect(sampleValue(f, 'relsync_stream_rows_total', { stream: 'companies' })).toBeGreaterThanOrEqual(sim.store.companies.size);
    expect(sampleValue(f, 'relsync_page_duration_seconds_count', { stream: 'companies' })).toBeGreaterThan(0);
    expect(sampleValue(f, 'relsync_last_run_success_timestamp_seconds')).toBeGreaterThan(Date.now() / 1000 - 600);
    expect(sampleValue(f, 'relsync_process_resident_memory_bytes')).toBeGreaterThan(0);
    // node_exporter serves its own process_* families: none here, and no temporary file is left beside it.
    expect([...f.keys()].filter((n) => !n.startsWith('relsync_'))).toEqual([]);
    expect(readdirSync(dir)).toEqual(['relsync.prom']);

    const bad = await runCli(['sync', '--metrics-file', file], { env: { ...env, AFFINITY_API_KEY: 'not-the-key' } });
    expect(bad.code).toBe(2);
    const failed = parseExposition(readFileSync(file, 'utf8'));
    expect(sampleValue(failed, 'relsync_runs_total', { status: 'failed' })).toBe(1);
    expect(sampleValue(failed, 'relsync_runs_total', { status: 'succeeded' })).toBe(0);

    const nowhere = await runCli(['sync', '--metrics-file', join(dir, 'no-such-dir', 'x.prom')], { env });
    expect(nowhere.code).toBe(2);
    expect(nowhere.stderr).toMatch(/^relsync: --metrics-file .*no-such-dir.*: cannot write into/m);
  });

  it('schedule with metricsHost 0.0.0.0 serves /metrics and /healthz, scraped through 127.0.0.1', async () => {
    const port = await freePort();
    const {
      child,
      out: output,
      exited,
    } = spawnSchedule({
      AFFINITY_BASE_URL: sim.url,
      AFFINITY_API_KEY: sim.apiKey,
      DATABASE_URL: wh.url,
      RELSYNC_SCHEDULE: '*/2 * * * * *',
      RELSYNC_METRICS_PORT: String(port),
      RELSYNC_METRICS_HOST: '0.0.0.0',
      LOG_LEVEL: 'warn',
    });
    const out = () => output.stdout + output.stderr;
    try {
      let text = '';
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        const h = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null);
        const body = h ? ((await h.json()) as { lastRun: { status: string } | null }) : null;
        if (body?.lastRun?.status === 'succeeded') {
          text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
          break;
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(text, out()).not.toBe('');
      expect(out()).toContain(`health: http://0.0.0.0:${port}/healthz`);
      const f = parseExposition(text);
      everySampleHasTenant(f);
      expect(sampleValue(f, 'relsync_runs_total', { status: 'succeeded' })).toBeGreaterThanOrEqual(1);
      expect(sampleValue(f, 'relsync_run_duration_seconds_count')).toBeGreaterThanOrEqual(1);
      expect(sampleValue(f, 'relsync_last_success_timestamp_seconds', { stream: 'companies' })).toBeGreaterThan(Date.now() / 1000 - 600);
      expect(sampleValue(f, 'relsync_account_info', { tenant_name: sim.store.tenant.name })).toBe(1);
      expect(f.get('process_cpu_seconds_total')?.type).toBe('counter');
      expect(f.get('nodejs_eventloop_lag_seconds')?.type).toBe('gauge');
    } finally {
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
    expect(existsSync(join(dir, 'relsync.prom'))).toBe(true);
  }, 120_000);
});
