import { schedule, type Logger as CronLogger, type ScheduledTask } from 'node-cron';
import { UserError, errorMessage, redact } from '../errors.ts';
import type { Logger } from '../log.ts';
import { maskUrlPasswords } from '../mask-url.ts';
import { WarehouseBusyError } from '../state/lock.ts';
import type { RunSummary } from '../state/runs.ts';
import { cronIntervalMs } from './cron.ts';
import { evaluateHealth, type HealthReport } from './health.ts';
import { RunMetrics } from './prom-metrics.ts';
import { RunStats, type SchedulerSnapshot } from './run-stats.ts';

/** Handed to each run: the runner polls it between pages and stops there (the client's own stop signal cuts waits short). */
export interface RunSignal {
  shouldStop: () => boolean;
}

export interface SchedulerOptions {
  /** A node-cron expression (5 fields, or 6 with seconds). */
  cron: string;
  runOnce: (signal: RunSignal) => Promise<RunSummary>;
  log: Logger;
  now?: () => Date;
  /** Removed from any error text before it is logged or served on /healthz (the API key). */
  secrets?: ReadonlyArray<string | undefined>;
  /** What /metrics serves; the command hands the runs its page and account hooks too. */
  metrics?: RunMetrics;
}

/** node-cron's own messages go through our structured logger instead of the console. */
function cronLogger(log: Logger): CronLogger {
  const detail = (m: string | Error) => (typeof m === 'string' ? m : m.message);
  return {
    info: (m) => log.debug({ source: 'node-cron', detail: m }, 'node-cron message'),
    warn: (m) => log.warn({ source: 'node-cron', detail: m }, 'node-cron warning'),
    error: (m) => log.error({ source: 'node-cron', detail: detail(m) }, 'node-cron error'),
    debug: (m) => log.debug({ source: 'node-cron', detail: detail(m) }, 'node-cron message'),
  };
}

/**
 * Runs `runOnce` on a cron expression, never two at once: a tick that arrives while a run is going is
 * skipped and counted (the next tick picks the work up, since runs are incremental). A failed run is
 * logged and the schedule goes on. `stop()` is the graceful shutdown: no more ticks, the run in hand
 * stops after its page (its checkpoint is then consistent), and the promise resolves once it has.
 */
export class Scheduler {
  readonly stats: RunStats;
  readonly metrics: RunMetrics;
  readonly cron: string;
  /** The schedule's (longest) interval between runs, for /healthz staleness. */
  readonly intervalMs: number;
  private readonly runOnce: SchedulerOptions['runOnce'];
  private readonly log: Logger;
  private readonly now: () => Date;
  private readonly secrets: ReadonlyArray<string | undefined>;
  private task: ScheduledTask | null = null;
  private current: Promise<void> | null = null;
  private stopping = false;
  private stopped: Promise<void> | null = null;

  constructor(opts: SchedulerOptions) {
    this.cron = opts.cron;
    this.runOnce = opts.runOnce;
    this.log = opts.log;
    this.now = opts.now ?? (() => new Date());
    this.secrets = opts.secrets ?? [];
    this.intervalMs = cronIntervalMs(opts.cron);
    this.stats = new RunStats(this.now());
    this.metrics = opts.metrics ?? new RunMetrics();
  }

  /** Arm the cron task. A no-op once stopping (a signal may arrive before start). */
  start(): void {
    if (this.task || this.stopping) return;
    const task = schedule(this.cron, () => this.tick(), { name: 'relsync schedule', logger: cronLogger(this.log) });
    // Listening marks missed ticks as handled, so node-cron does not print its own console warning.
    task.on('execution:missed', (ctx) => this.log.debug({ missedAt: ctx.date.toISOString() }, 'cron tick missed: the event loop was busy'));
    this.task = task;
  }

  get running(): boolean {
    return this.current !== null;
  }

  nextRun(): Date | null {
    return this.task && !this.stopping ? this.task.getNextRun() : null;
  }

  /**
   * One cron tick: start a run unless one is in hand. node-cron calls it; it resolves when the run it
   * started (if any) has finished, and never rejects.
   */
  tick(): Promise<void> {
    if (this.stopping) return Promise.resolve();
    if (this.current) {
      const overlapsSkipped = this.stats.recordOverlap();
      this.metrics.recordOverlap();
      this.log.warn(
        { skipped: true, reason: 'overlap', overlapsSkipped, runningSince: this.stats.snapshot().runningSince },
        'tick skipped: the previous run is still going',
      );
      return Promise.resolve();
    }
    const run = this.runGuarded(this.runOnce, 'scheduled run').finally(() => {
      this.current = null;
    });
    this.current = run;
    return run;
  }

  /**
   * Start `run` now, outside the cron expression (a webhook hint run, webhooks/trigger.ts), unless a run is in
   * hand or the scheduler is stopping: then null, and the caller tries again after it. `run` resolving
   * to null did nothing and is not recorded.
   */
  runNow(run: (signal: RunSignal) => Promise<RunSummary | null>, label: string): Promise<void> | null {
    if (this.stopping || this.current) return null;
    const p = this.runGuarded(run, label).finally(() => {
      this.current = null;
    });
    this.current = p;
    return p;
  }

  /** Graceful shutdown; idempotent (a second call returns the same promise). */
  stop(): Promise<void> {
    if (this.stopped) return this.stopped;
    this.stopping = true;
    const task = this.task;
    this.task = null;
    const inHand = this.current;
    if (inHand) this.log.warn({ runningSince: this.stats.snapshot().runningSince }, 'stopping: the run in hand stops at once, keeping every committed page');
    else this.log.info('stopping: no run in progress');
    this.stopped = (async () => {
      await task?.destroy();
      if (inHand) await inHand;
      this.log.info('scheduler stopped');
    })();
    return this.stopped;
  }

  snapshot(): SchedulerSnapshot {
    return this.stats.snapshot();
  }

  health(): HealthReport {
    return evaluateHealth(this.stats.snapshot(), { now: this.now(), intervalMs: this.intervalMs, nextRun: this.nextRun() });
  }

  private async runGuarded(runOnce: (signal: RunSignal) => Promise<RunSummary | null>, label: string): Promise<void> {
    const startedAt = this.now();
    this.stats.recordStart(startedAt);
    this.log.info({ startedAt: startedAt.toISOString(), run: label }, 'scheduled run starting');
    try {
      const summary = await runOnce({ shouldStop: () => this.stopping });
      if (summary === null) {
        this.stats.recordIdle();
        return;
      }
      this.stats.recordSummary(summary, startedAt);
      this.metrics.recordSummary(summary);
      const fields = { status: summary.status, rows: summary.rowsTotal, calls: summary.callsTotal, durationMs: summary.durationMs };
      if (summary.errors.length > 0 || summary.status === 'failed') {
        const errors = summary.errors.map((e) => ({ stream: e.stream, message: maskUrlPasswords(redact(e.message, this.secrets)) }));
        this.log.error({ ...fields, errors }, 'scheduled run finished with errors; the schedule goes on');
      } else {
        this.log.info(fields, 'scheduled run finished');
      }
    } catch (err) {
      if (err instanceof WarehouseBusyError) {
        // Another process (a second scheduler, a hand-run sync) holds the warehouse: this tick is skipped, not failed.
        this.stats.recordIdle();
        this.log.warn({ skipped: this.stats.recordOverlap(), holder: err.message }, 'scheduled run skipped: another process is writing to this warehouse');
        return;
      }
      const message = maskUrlPasswords(redact(errorMessage(err), this.secrets));
      const hint = err instanceof UserError && err.hint ? maskUrlPasswords(redact(err.hint, this.secrets)) : undefined;
      const failedAt = this.now();
      this.stats.recordFailure(message, startedAt, failedAt);
      this.metrics.recordFailure(failedAt.getTime() - startedAt.getTime());
      this.log.error({ err: message, ...(hint ? { hint } : {}) }, 'scheduled run failed; the schedule goes on');
    }
    const next = this.nextRun();
    if (next) this.log.info({ nextRun: next.toISOString() }, 'next run');
  }
}
