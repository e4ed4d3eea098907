import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/log.ts';
import type { HealthReport } from '../../src/scheduler/health.ts';
import { startMetricsServer, type MetricsServer } from '../../src/scheduler/metrics.ts';
import { RunMetrics } from '../../src/scheduler/prom-metrics.ts';
import { parseExposition, sampleValue } from '../helpers/prom-text.ts';

describe('metrics server (node:http, 127.0.0.1 unless metricsHost says otherwise)', () => {
  let server: MetricsServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  function source(health: HealthReport) {
    const metrics = new RunMetrics();
    metrics.recordOverlap();
    return { metrics, health: () => health };
  }

  const failing: HealthReport = {
    httpStatus: 503,
    body: {
      status: 'failing',
      reason: 'the last run failed',
      running: false,
      runningSince: null,
      lastRun: null,
      lastSuccessAt: null,
      nextRun: null,
      overlapsSkipped: 1,
    },
  };

  it('serves /healthz with the report status and JSON body, /metrics as Prometheus text, and 404/405 otherwise', async () => {
    server = await startMetricsServer({ port: 0, source: source(failing), log: silentLogger() });
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);

    const h = await fetch(`${server.url}/healthz`);
    expect(h.status).toBe(503);
    expect(h.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await h.json()).toEqual(failing.body);

    const m = await fetch(`${server.url}/metrics?x=1`);
    expect(m.status).toBe(200);
    expect(m.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(sampleValue(parseExposition(await m.text()), 'relsync_overlaps_skipped_total')).toBe(1);

    const head = await fetch(`${server.url}/metrics`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');

    expect((await fetch(`${server.url}/`)).status).toBe(404);
    const post = await fetch(`${server.url}/healthz`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('close() returns even while a client holds a keep-alive connection', async () => {
    server = await startMetricsServer({ port: 0, source: source(failing), log: silentLogger() });
    await (await fetch(`${server.url}/metrics`, { headers: { connection: 'keep-alive' } })).text();
    const closing = server.close();
    server = undefined;
    await expect(Promise.race([closing.then(() => 'closed'), new Promise((r) => setTimeout(() => r('hung'), 2000))])).resolves.toBe('closed');
  });
});
