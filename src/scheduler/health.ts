import type { LastRun, SchedulerSnapshot } from './run-stats.ts';

export interface HealthBody {
  status: 'ok' | 'failing';
  reason?: string;
  running: boolean;
  runningSince: string | null;
  lastRun: LastRun | null;
  lastSuccessAt: string | null;
  nextRun: string | null;
  overlapsSkipped: number;
}

export interface HealthReport {
  httpStatus: 200 | 503;
  body: HealthBody;
}

/** How many schedule intervals may pass without a successful run before /healthz turns 503. */
export const STALE_INTERVALS = 3;

/**
 * 503 when the last run failed, or when no run succeeded within 3× the schedule interval. The clock starts
 * at the later of the last success and this scheduler's start, so a fresh process gets a fair chance.
 */
export function evaluateHealth(s: SchedulerSnapshot, opts: { now: Date; intervalMs: number; nextRun: Date | null }): HealthReport {
  const base: Omit<HealthBody, 'status'> = {
    running: s.running,
    runningSince: s.runningSince,
    lastRun: s.lastRun,
    lastSuccessAt: s.lastSuccessAt,
    nextRun: opts.nextRun ? opts.nextRun.toISOString() : null,
    overlapsSkipped: s.overlapsSkipped,
  };
  if (s.lastRun?.status === 'failed') {
    return { httpStatus: 503, body: { status: 'failing', reason: 'the last run failed', ...base } };
  }
  const since = Math.max(Date.parse(s.startedAt), s.lastSuccessAt ? Date.parse(s.lastSuccessAt) : 0);
  const allowedMs = STALE_INTERVALS * opts.intervalMs;
  if (opts.now.getTime() - since > allowedMs) {
    const reason = `no run succeeded in the last ${Math.round(allowedMs / 1000)} s (${STALE_INTERVALS}× the schedule interval)`;
    return { httpStatus: 503, body: { status: 'failing', reason, ...base } };
  }
  return { httpStatus: 200, body: { status: 'ok', ...base } };
}
