import { RUN_OUTCOMES, type SchedulerSnapshot } from './run-stats.ts';

/** Prometheus text exposition (format 0.0.4): label values escape backslash, double quote and newline. */
export function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/** HELP text escapes only backslash and newline. */
function escapeHelp(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
}

export function formatSampleValue(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (n === Infinity) return '+Inf';
  if (n === -Infinity) return '-Inf';
  return String(n);
}

type Sample = { labels?: Record<string, string>; value: number };

function family(name: string, type: 'gauge' | 'counter', help: string, samples: Sample[]): string[] {
  const lines = [`# HELP ${name} ${escapeHelp(help)}`, `# TYPE ${name} ${type}`];
  for (const s of samples) {
    const labels = Object.entries(s.labels ?? {});
    const rendered = labels.length === 0 ? '' : `{${labels.map(([k, v]) => `${k}="${escapeLabelValue(v)}"`).join(',')}}`;
    lines.push(`${name}${rendered} ${formatSampleValue(s.value)}`);
  }
  return lines;
}

const byName = <T>(rec: Record<string, T>): Array<[string, T]> => Object.entries(rec).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** The /metrics body for a snapshot; pure, so it is tested line by line. Label values are sorted for stable output. */
export function renderMetrics(s: SchedulerSnapshot): string {
  const streams = byName(s.streams);
  const lines = [
    ...family(
      'relsync_last_success_timestamp_seconds',
      'gauge',
      'Unix time each stream last finished a run without error.',
      streams.flatMap(([stream, c]) => (c.lastSuccessAt ? [{ labels: { stream }, value: Date.parse(c.lastSuccessAt) / 1000 }] : [])),
    ),
    ...family(
      'relsync_stream_rows_total',
      'counter',
      'Warehouse rows written per stream since the scheduler started.',
      streams.map(([stream, c]) => ({ labels: { stream }, value: c.rows })),
    ),
    ...family(
      'relsync_stream_errors_total',
      'counter',
      'Stream failures since the scheduler started.',
      streams.map(([stream, c]) => ({ labels: { stream }, value: c.errors })),
    ),
    ...family(
      'relsync_api_calls_total',
      'counter',
      'Affinity API calls per endpoint since the scheduler started.',
      byName(s.apiCalls).map(([endpoint, n]) => ({ labels: { endpoint }, value: n })),
    ),
    ...family('relsync_run_duration_seconds', 'gauge', 'Duration of the last finished run.', s.lastRun ? [{ value: s.lastRun.durationMs / 1000 }] : []),
    ...family(
      'relsync_runs_total',
      'counter',
      'Finished runs by outcome since the scheduler started.',
      RUN_OUTCOMES.map((status) => ({ labels: { status }, value: s.runs[status] })),
    ),
    ...family('relsync_overlaps_skipped_total', 'counter', 'Cron ticks skipped because the previous run was still going.', [{ value: s.overlapsSkipped }]),
    ...family('relsync_rate_limit_remaining', 'gauge', 'Requests left in the API rate-limit window, as last seen (minute: per user, month: per account).', [
      ...(s.rateLimit.minute !== null ? [{ labels: { scope: 'minute' }, value: s.rateLimit.minute }] : []),
      ...(s.rateLimit.month !== null ? [{ labels: { scope: 'month' }, value: s.rateLimit.month }] : []),
    ]),
  ];
  return `${lines.join('\n')}\n`;
}
