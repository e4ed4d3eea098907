import { afterEach, describe, expect, it, vi } from 'vitest';
import { cronIntervalMs } from '../../src/scheduler/cron.ts';
import { evaluateHealth } from '../../src/scheduler/health.ts';
import { escapeLabelValue, renderMetrics } from '../../src/scheduler/metrics-text.ts';
import { RunStats } from '../../src/scheduler/run-stats.ts';
import type { RunSummary, StreamRunStats } from '../../src/state/runs.ts';

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
    companies: stream({ rows: 10 }),
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

describe('renderMetrics (Prometheus text exposition)', () => {
  it('renders a known summary line for line, label values escaped', () => {
    const stats = new RunStats(new Date('2024-01-01T00:00:00.000Z'));
    stats.recordSummary(KNOWN, new Date('2024-01-01T00:00:00.000Z'));
    stats.recordOverlap();
    stats.recordOverlap();
    stats.recordOverlap();
    expect(renderMetrics(stats.snapshot()).split('\n')).toEqual([
      '# HELP relsync_last_success_timestamp_seconds Unix time each stream last finished a run without error.',
      '# TYPE relsync_last_success_timestamp_seconds gauge',
      'relsync_last_success_timestamp_seconds{stream="companies"} 1704067201.5',
      '# HELP relsync_stream_rows_total Warehouse rows written per stream since the scheduler started.',
      '# TYPE relsync_stream_rows_total counter',
      'relsync_stream_rows_total{stream="companies"} 10',
      'relsync_stream_rows_total{stream="relationship_strengths"} 0',
      'relsync_stream_rows_total{stream="we\\"ird\\\\stream\\nname"} 2',
      '# HELP relsync_stream_errors_total Stream failures since the scheduler started.',
      '# TYPE relsync_stream_errors_total counter',
      'relsync_stream_errors_total{stream="companies"} 0',
      'relsync_stream_errors_total{stream="relationship_strengths"} 0',
      'relsync_stream_errors_total{stream="we\\"ird\\\\stream\\nname"} 1',
      '# HELP relsync_api_calls_total Affinity API calls per endpoint since the scheduler started.',
      '# TYPE relsync_api_calls_total counter',
      'relsync_api_calls_total{endpoint="GET /v2/companies"} 3',
      'relsync_api_calls_total{endpoint="GET /v2/lists/{id}/list-entries"} 2',
      '# HELP relsync_run_duration_seconds Duration of the last finished run.',
      '# TYPE relsync_run_duration_seconds gauge',
      'relsync_run_duration_seconds 1.5',
      '# HELP relsync_runs_total Finished runs by outcome since the scheduler started.',
      '# TYPE relsync_runs_total counter',
      'relsync_runs_total{status="succeeded"} 0',
      'relsync_runs_total{status="partial"} 1',
      'relsync_runs_total{status="failed"} 0',
      'relsync_runs_total{status="interrupted"} 0',
      '# HELP relsync_overlaps_skipped_total Cron ticks skipped because the previous run was still going.',
      '# TYPE relsync_overlaps_skipped_total counter',
      'relsync_overlaps_skipped_total 3',
      '# HELP relsync_rate_limit_remaining Requests left in the API rate-limit window, as last seen (minute: per user, month: per account).',
      '# TYPE relsync_rate_limit_remaining gauge',
      'relsync_rate_limit_remaining{scope="minute"} 895',
      'relsync_rate_limit_remaining{scope="month"} 99995',
      '',
    ]);
  });

  it('accumulates counters across runs; a thrown run counts as failed and keeps the last budget seen', () => {
    const stats = new RunStats(new Date('2024-01-01T00:00:00.000Z'));
    stats.recordSummary(KNOWN, new Date('2024-01-01T00:00:00.000Z'));
    stats.recordSummary(
      { ...KNOWN, status: 'succeeded', errors: [], finishedAt: '2024-01-01T01:00:02.000Z', rateBudget: null, streams: { companies: stream({ rows: 4 }) } },
      new Date('2024-01-01T01:00:00.000Z'),
    );
    stats.recordFailure('lock busy', new Date('2024-01-01T02:00:00.000Z'), new Date('2024-01-01T02:00:00.250Z'));
    const lines = renderMetrics(stats.snapshot()).split('\n');
    expect(lines).toContain('relsync_stream_rows_total{stream="companies"} 14');
    expect(lines).toContain('relsync_api_calls_total{endpoint="GET /v2/companies"} 6');
    expect(lines).toContain('relsync_last_success_timestamp_seconds{stream="companies"} 1704070802');
    expect(lines).toContain('relsync_runs_total{status="failed"} 1');
    expect(lines).toContain('relsync_runs_total{status="succeeded"} 1');
    expect(lines).toContain('relsync_run_duration_seconds 0.25');
    expect(lines).toContain('relsync_rate_limit_remaining{scope="minute"} 895');
    expect(stats.snapshot().lastRun).toMatchObject({ status: 'failed', errors: ['lock busy'], rows: null });
  });

  it('before any run: every family is declared, counters are zero, unknown gauges have no sample', () => {
    const text = renderMetrics(new RunStats(new Date(0)).snapshot());
    expect(text).toContain('# TYPE relsync_run_duration_seconds gauge\n# HELP relsync_runs_total');
    expect(text).toContain('relsync_overlaps_skipped_total 0\n');
    expect(text).toMatch(/# TYPE relsync_rate_limit_remaining gauge\n$/);
    expect(text).not.toContain('relsync_last_success_timestamp_seconds{');
  });

  it('escapes backslash, double quote and newline in label values, nothing else', () => {
    expect(escapeLabelValue('a\\b"c\nd{e}=f,g')).toBe('a\\\\b\\"c\\nd{e}=f,g');
  });

  it('seeds last-seen gauges from the warehouse status (checkpoints, last success, stored budget)', () => {
    const stats = new RunStats(new Date('2024-01-02T00:00:00.000Z'));
    stats.seed({
      streams: [{ stream: 'persons', partitions: 1, lastSuccessAt: '2024-01-01T12:00:00.000Z', lastSweepAt: null, mode: 'incremental', lagSeconds: 0 }],
      lastRuns: [
        { id: 'b', command: 'sync', mode: 'incremental', status: 'failed', startedAt: '2024-01-01T13:00:00.000Z', durationMs: 10, calls: 1, rows: 0 },
        { id: 'a', command: 'sync', mode: 'incremental', status: 'succeeded', startedAt: '2024-01-01T11:59:00.000Z', durationMs: 60_000, calls: 9, rows: 9 },
      ],
      rateBudget: { userRemaining: 12, orgRemaining: null },
    });
    const s = stats.snapshot();
    expect(s.lastSuccessAt).toBe('2024-01-01T12:00:00.000Z');
    expect(s.lastRun).toBeNull(); // a failure before this process started does not make it unhealthy
    expect(renderMetrics(s)).toContain('relsync_last_success_timestamp_seconds{stream="persons"} 1704110400\n');
    expect(renderMetrics(s)).toContain('relsync_rate_limit_remaining{scope="minute"} 12\n');
    expect(renderMetrics(s)).not.toContain('scope="month"');
    stats.seed({ streams: [], lastRuns: [], rateBudget: 'not a budget' }); // junk is ignored, not a crash
    expect(stats.snapshot().rateLimit.minute).toBe(12);
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

  it('a fresh process is healthy for 3 intervals even if the warehouse last succeeded long ago', () => {
    const stats = new RunStats(new Date('2024-01-02T00:00:00.000Z'));
    stats.seed({
      streams: [],
      lastRuns: [{ id: 'a', command: 'sync', mode: 'full', status: 'succeeded', startedAt: '2023-12-01T00:00:00.000Z', durationMs: 0, calls: 0, rows: 0 }],
      rateBudget: null,
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
