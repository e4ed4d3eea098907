import { afterEach, describe, expect, it, vi } from 'vitest';
import { cronIntervalMs } from '../../src/scheduler/cron.ts';
import { evaluateHealth } from '../../src/scheduler/health.ts';
import { RunMetrics } from '../../src/scheduler/prom-metrics.ts';
import { RunStats } from '../../src/scheduler/run-stats.ts';
import type { RunSummary, StreamRunStats } from '../../src/state/runs.ts';
import { parseExposition, sampleValue } from '../helpers/prom-text.ts';

const stream = (over: Partial<StreamRunStats>): StreamRunStats => ({
  status: 'succeeded',
  mode: 'sweep',
  pages: 1,
  records: 1,
  rows: 0,
  invalid: 0,
  softDeleted: 0,
  calls: 1,
  durationMs: 10,
  ...over,
});

const WEIRD = 'we"ird\\stream\nname';

const KNOWN: RunSummary = {
  status: 'partial',
  finishedAt: '2024-01-01T00:00:01.500Z',
  durationMs: 1500,
  callsTotal: 5,
  rowsTotal: 12,
  streams: {
    companies: stream({ rows: 10, invalid: 2 }),
    [WEIRD]: stream({ status: 'failed', rows: 2, error: 'HTTP 500' }),
    relationship_strengths: stream({ status: 'skipped', mode: 'disabled' }),
  },
  calls: { 'GET /v2/companies': 3, 'GET /v2/lists/{id}/list-entries': 2 },
  errors: [{ stream: WEIRD, message: 'HTTP 500' }],
  rateBudget: {
    userLimit: 900,
    userRemaining: 895,
    userResetAt: '2024-01-01T00:01:00.000Z',
    orgLimit: 100000,
    orgRemaining: 99995,
    orgResetAt: '2024-02-01T00:00:00.000Z',
    observedAt: '2024-01-01T00:00:01.400Z',
  },
};

describe('RunMetrics (prom-client, Prometheus text exposition)', () => {
  it('labels every sample with the account, and counts a known summary per stream, endpoint and scope', async () => {
    const m = new RunMetrics();
    m.setAccount({ id: '42', name: 'Acme "Ventures"' });
    m.recordSummary(KNOWN);
    m.recordPage({ stream: 'companies', partition: '', page: 1, records: 3, rows: 3, invalid: 0, durationMs: 30 });
    m.recordPage({ stream: 'companies', partition: '', page: 2, records: 3, rows: 3, invalid: 0, durationMs: 3000 });
    m.recordOverlap();
    const f = parseExposition(await m.text());
    for (const fam of f.values()) for (const s of fam.samples) expect(s.labels.tenant, `${s.name}`).toBe('42');
    expect(sampleValue(f, 'relsync_account_info', { tenant_name: 'Acme "Ventures"' })).toBe(1);
    expect(sampleValue(f, 'relsync_runs_total', { status: 'partial' })).toBe(1);
    expect(sampleValue(f, 'relsync_runs_total', { status: 'succeeded' })).toBe(0);
    expect(sampleValue(f, 'relsync_run_duration_seconds_sum')).toBe(1.5);
    expect(sampleValue(f, 'relsync_run_duration_seconds_bucket', { le: '1' })).toBe(0);
    expect(sampleValue(f, 'relsync_run_duration_seconds_bucket', { le: '5' })).toBe(1);
    expect(sampleValue(f, 'relsync_stream_rows_total', { stream: 'companies' })).toBe(10);
    expect(sampleValue(f, 'relsync_stream_rows_total', { stream: WEIRD })).toBe(2);
    expect(sampleValue(f, 'relsync_stream_errors_total', { stream: WEIRD })).toBe(1);
    expect(sampleValue(f, 'relsync_quarantined_records_total', { stream: 'companies' })).toBe(2);
    expect(sampleValue(f, 'relsync_last_success_timestamp_seconds', { stream: 'companies' })).toBe(1704067201.5);
    expect(() => sampleValue(f, 'relsync_last_success_timestamp_seconds', { stream: WEIRD })).toThrow(/0 samples/);
    expect(sampleValue(f, 'relsync_last_run_success_timestamp_seconds')).toBe(0); // never: the run was partial
    expect(sampleValue(f, 'relsync_api_calls_total', { endpoint: 'GET /v2/lists/{id}/list-entries' })).toBe(2);
    expect(sampleValue(f, 'relsync_page_duration_seconds_count', { stream: 'companies' })).toBe(2);
    expect(sampleValue(f, 'relsync_page_duration_seconds_bucket', { stream: 'companies', le: '0.05' })).toBe(1);
    expect(sampleValue(f, 'relsync_rate_limit_remaining', { scope: 'minute' })).toBe(895);
    expect(sampleValue(f, 'relsync_rate_limit_limit', { scope: 'month' })).toBe(100000);
    expect(sampleValue(f, 'relsync_overlaps_skipped_total')).toBe(1);
    expect(f.get('process_cpu_seconds_total')?.type).toBe('counter');
    expect(f.get('nodejs_heap_size_used_bytes')?.type).toBe('gauge');
  });

  it('accumulates across runs; a thrown run counts as failed and keeps the last budget seen', async () => {
    const m = new RunMetrics();
    m.recordSummary(KNOWN);
    m.recordSummary({
      ...KNOWN,
      status: 'succeeded',
      errors: [],
      finishedAt: '2024-01-01T01:00:02.000Z',
      rateBudget: null,
      streams: { companies: stream({ rows: 4 }) },
    });
    m.recordFailure(250);
    const f = parseExposition(await m.text());
    expect(sampleValue(f, 'relsync_stream_rows_total', { stream: 'companies' })).toBe(14);
    expect(sampleValue(f, 'relsync_api_calls_total', { endpoint: 'GET /v2/companies' })).toBe(6);
    expect(sampleValue(f, 'relsync_last_success_timestamp_seconds', { stream: 'companies' })).toBe(1704070802);
    expect(sampleValue(f, 'relsync_last_run_success_timestamp_seconds')).toBe(1704070802);
    expect(sampleValue(f, 'relsync_runs_total', { status: 'failed' })).toBe(1);
    expect(sampleValue(f, 'relsync_run_duration_seconds_count')).toBe(3);
    expect(sampleValue(f, 'relsync_rate_limit_remaining', { scope: 'minute' })).toBe(895);
    // Before any account is known, no sample claims one.
    expect([...f.values()].flatMap((x) => x.samples).some((x) => 'tenant' in x.labels)).toBe(false);
  });

  it('a textfile prefix renames the process metrics only (node_exporter serves its own process_*)', async () => {
    const f = parseExposition(await new RunMetrics({ processPrefix: 'relsync_' }).text());
    expect(f.has('relsync_process_cpu_seconds_total')).toBe(true);
    expect([...f.keys()].filter((n) => !n.startsWith('relsync_'))).toEqual([]);
  });

  it('seeds last-seen gauges and the account from the warehouse status; junk budgets are ignored', async () => {
    const m = new RunMetrics();
    m.seed({
      account: { id: '7', name: null, subdomain: null, recordedAt: '2024-01-01T00:00:00.000Z' },
      streams: [
        { stream: 'persons', partitions: 1, lastSuccessAt: '2024-01-01T12:00:00.000Z', lastSweepAt: null, mode: 'incremental', lagSeconds: 0, lastRun: null },
      ],
      rateBudget: { userRemaining: 12, orgRemaining: null },
      lastRuns: [
        { id: 'a', command: 'sync', mode: 'incremental', status: 'succeeded', startedAt: '2024-01-01T11:59:00.000Z', durationMs: 60_000, calls: 9, rows: 9 },
      ],
    });
    m.seed({ account: null, streams: [], rateBudget: 'not a budget', lastRuns: [] });
    const f = parseExposition(await m.text());
    expect(sampleValue(f, 'relsync_last_success_timestamp_seconds', { stream: 'persons', tenant: '7' })).toBe(1704110400);
    expect(sampleValue(f, 'relsync_rate_limit_remaining', { scope: 'minute' })).toBe(12);
    expect(() => sampleValue(f, 'relsync_rate_limit_remaining', { scope: 'month' })).toThrow(/0 samples/);
    expect(sampleValue(f, 'relsync_last_run_success_timestamp_seconds')).toBe(1704110400);
  });

  it('the parser refuses what a scraper refuses', () => {
    const ok = '# HELP a_total x\n# TYPE a_total counter\na_total{l="v\\"w"} 1\n';
    expect(sampleValue(parseExposition(ok), 'a_total', { l: 'v"w' })).toBe(1);
    expect(() => parseExposition('a_total 1\n')).toThrow(/no declared family/);
    expect(() => parseExposition('# TYPE a gauge\na{l="x\\t"} 1\n')).toThrow(/bad escape/);
    expect(() => parseExposition('# TYPE a gauge\na 1\na 2\n')).toThrow(/twice/);
    expect(() => parseExposition('# TYPE a gauge\na one\n')).toThrow(/not a sample value/);
    expect(() => parseExposition('# TYPE h histogram\nh_bucket{le="1"} 2\nh_bucket{le="+Inf"} 1\nh_sum 1\nh_count 1\n')).toThrow(/cumulative/);
    expect(() => parseExposition('# TYPE h histogram\nh_bucket{le="+Inf"} 2\nh_sum 1\nh_count 1\n')).toThrow(/_count/);
  });
});

describe('health and the cron interval', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('the interval of an irregular expression is its longest gap (a weekday schedule spans the weekend)', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2024-06-05T12:00:00Z'));
    expect(cronIntervalMs('*/15 * * * *')).toBe(15 * 60_000);
    expect(cronIntervalMs('* * * * * *')).toBe(1000);
    expect(cronIntervalMs('0 9 * * 1-5')).toBe(3 * 86_400_000);
  });

  it('seeds the last success from the warehouse, not the failure before this process started', () => {
    const stats = new RunStats(new Date('2024-01-02T00:00:00.000Z'));
    stats.seed({
      lastRuns: [
        { id: 'b', command: 'sync', mode: 'incremental', status: 'failed', startedAt: '2024-01-01T13:00:00.000Z', durationMs: 10, calls: 1, rows: 0 },
        { id: 'a', command: 'sync', mode: 'incremental', status: 'succeeded', startedAt: '2024-01-01T11:59:00.000Z', durationMs: 60_000, calls: 9, rows: 9 },
      ],
    });
    expect(stats.snapshot().lastSuccessAt).toBe('2024-01-01T12:00:00.000Z');
    expect(stats.snapshot().lastRun).toBeNull(); // a failure before this process started does not make it unhealthy
  });

  it('a fresh process is healthy for 3 intervals even if the warehouse last succeeded long ago', () => {
    const stats = new RunStats(new Date('2024-01-02T00:00:00.000Z'));
    stats.seed({
      lastRuns: [{ id: 'a', command: 'sync', mode: 'full', status: 'succeeded', startedAt: '2023-12-01T00:00:00.000Z', durationMs: 0, calls: 0, rows: 0 }],
    });
    const at = (iso: string) => evaluateHealth(stats.snapshot(), { now: new Date(iso), intervalMs: 3_600_000, nextRun: null });
    expect(at('2024-01-02T03:00:00.000Z').httpStatus).toBe(200);
    expect(at('2024-01-02T03:00:00.001Z')).toMatchObject({ httpStatus: 503, body: { status: 'failing', lastSuccessAt: '2023-12-01T00:00:00.000Z' } });
  });

  it('an in-progress run shows as running; a failed last run is 503 even when recent', () => {
    const stats = new RunStats(new Date('2024-01-01T00:00:00.000Z'));
    stats.recordStart(new Date('2024-01-01T00:01:00.000Z'));
    const h = evaluateHealth(stats.snapshot(), {
      now: new Date('2024-01-01T00:01:01.000Z'),
      intervalMs: 60_000,
      nextRun: new Date('2024-01-01T00:02:00.000Z'),
    });
    expect(h).toEqual({
      httpStatus: 200,
      body: {
        status: 'ok',
        running: true,
        runningSince: '2024-01-01T00:01:00.000Z',
        lastRun: null,
        lastSuccessAt: null,
        nextRun: '2024-01-01T00:02:00.000Z',
        overlapsSkipped: 0,
      },
    });
    stats.recordFailure('key rejected', new Date('2024-01-01T00:01:00.000Z'), new Date('2024-01-01T00:01:02.000Z'));
    const f = evaluateHealth(stats.snapshot(), { now: new Date('2024-01-01T00:01:03.000Z'), intervalMs: 60_000, nextRun: null });
    expect(f).toMatchObject({
      httpStatus: 503,
      body: { status: 'failing', reason: 'the last run failed', running: false, lastRun: { errors: ['key rejected'] } },
    });
  });
});
