import { z } from 'zod';
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

export interface StreamCounters {
  /** When the stream last finished a run without error (seeded from the warehouse at start). */
  lastSuccessAt: string | null;
  rows: number;
  errors: number;
}

/** Everything /healthz and /metrics show: counters are for this process's lifetime, gauges are last seen. */
export interface SchedulerSnapshot {
  startedAt: string;
  running: boolean;
  runningSince: string | null;
  lastRun: LastRun | null;
  lastSuccessAt: string | null;
  overlapsSkipped: number;
  runs: Record<RunOutcome, number>;
  streams: Record<string, StreamCounters>;
  apiCalls: Record<string, number>;
  rateLimit: { minute: number | null; month: number | null };
}

/** The rate-limit part of a run's `rateBudget` (a BudgetSnapshot, stored as JSON, so read it defensively). */
const budgetSchema = z.object({
  userRemaining: z.number().nullable().optional(),
  orgRemaining: z.number().nullable().optional(),
});

/** Accumulates run outcomes for the scheduler's health and metrics. No I/O, no clock of its own. */
export class RunStats {
  private readonly startedAt: string;
  private runningSince: string | null = null;
  private lastRun: LastRun | null = null;
  private lastSuccessAt: string | null = null;
  private overlapsSkipped = 0;
  private readonly runs: Record<RunOutcome, number> = { succeeded: 0, partial: 0, failed: 0, interrupted: 0 };
  private readonly streams = new Map<string, StreamCounters>();
  private readonly apiCalls = new Map<string, number>();
  private rateLimit: { minute: number | null; month: number | null } = { minute: null, month: null };

  constructor(startedAt: Date) {
    this.startedAt = startedAt.toISOString();
  }

  /** Last-seen values from the warehouse, so a restarted scheduler does not report "never" until its first run. */
  seed(status: Pick<Status, 'streams' | 'lastRuns' | 'rateBudget'>): void {
    for (const s of status.streams) this.stream(s.stream).lastSuccessAt ??= s.lastSuccessAt;
    const success = status.lastRuns.find((r) => r.status === 'succeeded');
    if (success && !this.lastSuccessAt) {
      this.lastSuccessAt = new Date(Date.parse(success.startedAt) + (success.durationMs ?? 0)).toISOString();
    }
    this.takeBudget(status.rateBudget);
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
    for (const [name, s] of Object.entries(summary.streams)) {
      const c = this.stream(name);
      c.rows += s.rows;
      if (s.status === 'succeeded') c.lastSuccessAt = summary.finishedAt;
    }
    for (const e of summary.errors) this.stream(e.stream).errors += 1;
    for (const [endpoint, n] of Object.entries(summary.calls)) this.apiCalls.set(endpoint, (this.apiCalls.get(endpoint) ?? 0) + n);
    this.takeBudget(summary.rateBudget);
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
      streams: Object.fromEntries([...this.streams].map(([k, v]) => [k, { ...v }])),
      apiCalls: Object.fromEntries(this.apiCalls),
      rateLimit: { ...this.rateLimit },
    };
  }

  private stream(name: string): StreamCounters {
    let c = this.streams.get(name);
    if (!c) {
      c = { lastSuccessAt: null, rows: 0, errors: 0 };
      this.streams.set(name, c);
    }
    return c;
  }

  /** Keep the last value actually seen: a run that failed before its first response knows nothing new. */
  private takeBudget(raw: unknown): void {
    const parsed = budgetSchema.safeParse(raw);
    if (!parsed.success) return;
    this.rateLimit = {
      minute: parsed.data.userRemaining ?? this.rateLimit.minute,
      month: parsed.data.orgRemaining ?? this.rateLimit.month,
    };
  }
}
