import type { RunStatus, RunSummary } from '../state/runs.ts';
import type { Status } from '../state/status.ts';

/** How a run ended. A run whose runner threw (lock busy, bad key, database down) counts as `failed`. */
export type RunOutcome = Exclude<RunStatus, 'running'>;
export const RUN_OUTCOMES: readonly RunOutcome[] = ['succeeded', 'partial', 'failed', 'interrupted'];

export interface LastRun {
  status: RunOutcome;
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  rows: number | null;
  calls: number | null;
  /** One line per problem (redacted); empty when the run went through cleanly. */
  errors: string[];
}

/** What /healthz shows (the metrics are prom-metrics.ts's): counters are for this process's lifetime. */
export interface SchedulerSnapshot {
  startedAt: string;
  running: boolean;
  runningSince: string | null;
  lastRun: LastRun | null;
  lastSuccessAt: string | null;
  overlapsSkipped: number;
  runs: Record<RunOutcome, number>;
}

/** Accumulates run outcomes for the scheduler's health. No I/O, no clock of its own. */
export class RunStats {
  private readonly startedAt: string;
  private runningSince: string | null = null;
  private lastRun: LastRun | null = null;
  private lastSuccessAt: string | null = null;
  private overlapsSkipped = 0;
  private readonly runs: Record<RunOutcome, number> = { succeeded: 0, partial: 0, failed: 0, interrupted: 0 };

  constructor(startedAt: Date) {
    this.startedAt = startedAt.toISOString();
  }

  /** The last success from the warehouse, so a restarted scheduler does not report "never" until its first run. */
  seed(status: Pick<Status, 'lastRuns'>): void {
    const success = status.lastRuns.find((r) => r.status === 'succeeded');
    if (success && !this.lastSuccessAt) {
      this.lastSuccessAt = new Date(Date.parse(success.startedAt) + (success.durationMs ?? 0)).toISOString();
    }
  }

  recordStart(at: Date): void {
    this.runningSince = at.toISOString();
  }

  /** A run that found nothing to do (a hint run with no pending hint) ended: not running, nothing else changes. */
  recordIdle(): void {
    this.runningSince = null;
  }

  recordOverlap(): number {
    this.overlapsSkipped += 1;
    return this.overlapsSkipped;
  }

  recordSummary(summary: RunSummary, startedAt: Date): void {
    const outcome: RunOutcome = summary.status === 'running' ? 'interrupted' : summary.status;
    this.runs[outcome] += 1;
    this.lastRun = {
      status: outcome,
      startedAt: startedAt.toISOString(),
      finishedAt: summary.finishedAt,
      durationMs: summary.durationMs,
      rows: summary.rowsTotal,
      calls: summary.callsTotal,
      errors: summary.errors.map((e) => `${e.stream}: ${e.message}`),
    };
    if (outcome === 'succeeded') this.lastSuccessAt = summary.finishedAt;
    this.runningSince = null;
  }

  /** The runner threw before it could summarise (lock busy, key rejected, database unreachable). */
  recordFailure(message: string, startedAt: Date, finishedAt: Date): void {
    this.runs.failed += 1;
    this.lastRun = {
      status: 'failed',
      startedAt: startedAt.toISOString(),
      finishedAt: finishedAt.toISOString(),
      durationMs: finishedAt.getTime() - startedAt.getTime(),
      rows: null,
      calls: null,
      errors: [message],
    };
    this.runningSince = null;
  }

  snapshot(): SchedulerSnapshot {
    return {
      startedAt: this.startedAt,
      running: this.runningSince !== null,
      runningSince: this.runningSince,
      lastRun: this.lastRun ? { ...this.lastRun, errors: [...this.lastRun.errors] } : null,
      lastSuccessAt: this.lastSuccessAt,
      overlapsSkipped: this.overlapsSkipped,
      runs: { ...this.runs },
    };
  }
}
