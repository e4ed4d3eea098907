import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { z } from 'zod';
import { DEFAULT_PAGE_DURATION_BUCKETS, DEFAULT_RUN_DURATION_BUCKETS } from '../defaults.ts';
import type { PageEvent } from '../runner/env.ts';
import type { WarehouseAccount } from '../state/account.ts';
import type { RunSummary } from '../state/runs.ts';
import type { Status } from '../state/status.ts';
import { RUN_OUTCOMES, type RunOutcome } from './run-stats.ts';

/** The rate-limit part of a run's `rateBudget` (a BudgetSnapshot, stored as JSON, so read it defensively). */
const budgetSchema = z.object({
  userLimit: z.number().nullable().optional(),
  userRemaining: z.number().nullable().optional(),
  orgLimit: z.number().nullable().optional(),
  orgRemaining: z.number().nullable().optional(),
});

export interface RunMetricsOptions {
  /**
   * Prefix of prom-client's default process metrics. A node_exporter textfile needs one (`relsync_`): the
   * exporter serves its own `process_*` metrics, and a second family of that name fails its scrape.
   */
  processPrefix?: string;
}

/**
 * The metrics of relsync's runs through prom-client: served on `schedule`'s /metrics, written by a one-shot
 * `sync --metrics-file`. Every sample carries the account (`tenant`) once a run has named it. Counters count
 * from the start of this process; gauges hold what was last seen.
 */
export class RunMetrics {
  readonly registry = new Registry();
  private readonly runs = this.counter('relsync_runs_total', 'Finished runs by outcome.', ['status']);
  private readonly runDuration = new Histogram({
    name: 'relsync_run_duration_seconds',
    help: 'Duration of finished runs.',
    buckets: [...DEFAULT_RUN_DURATION_BUCKETS],
    registers: [this.registry],
  });
  private readonly lastRunSuccess = this.gauge(
    'relsync_last_run_success_timestamp_seconds',
    'Unix time the last run that succeeded as a whole finished; 0: none yet.',
    [],
  );
  private readonly lastSuccess = this.gauge('relsync_last_success_timestamp_seconds', 'Unix time each stream last finished a run without error (freshness).', [
    'stream',
  ]);
  private readonly rows = this.counter('relsync_stream_rows_total', 'Warehouse rows written per stream.', ['stream']);
  private readonly pages = this.counter('relsync_stream_pages_total', 'Pages committed per stream.', ['stream']);
  private readonly errors = this.counter('relsync_stream_errors_total', 'Stream failures.', ['stream']);
  private readonly quarantined = this.counter('relsync_quarantined_records_total', 'Records that failed validation and were quarantined, per stream.', [
    'stream',
  ]);
  private readonly calls = this.counter('relsync_api_calls_total', 'Affinity API calls per endpoint.', ['endpoint']);
  private readonly pageDuration = new Histogram({
    name: 'relsync_page_duration_seconds',
    help: 'Time of one page, from its request to its commit, per stream.',
    labelNames: ['stream'],
    buckets: [...DEFAULT_PAGE_DURATION_BUCKETS],
    registers: [this.registry],
  });
  private readonly remaining = this.gauge(
    'relsync_rate_limit_remaining',
    'Requests left in the API rate-limit window, as last seen (minute: per user, month: per account).',
    ['scope'],
  );
  private readonly limit = this.gauge('relsync_rate_limit_limit', 'Requests allowed in the API rate-limit window, as last seen.', ['scope']);
  private readonly overlaps = this.counter('relsync_overlaps_skipped_total', 'Cron ticks skipped because the previous run was still going.', []);
  private readonly account = this.gauge('relsync_account_info', 'The Affinity account (tenant) the warehouse holds; always 1.', ['tenant_name']);

  constructor(opts: RunMetricsOptions = {}) {
    collectDefaultMetrics({ register: this.registry, ...(opts.processPrefix ? { prefix: opts.processPrefix } : {}) });
    for (const status of RUN_OUTCOMES) this.runs.inc({ status }, 0);
    this.overlaps.inc(0);
  }

  /** The account every sample is labelled with (`tenant`: its id). */
  setAccount(a: Pick<WarehouseAccount, 'id' | 'name'>): void {
    this.registry.setDefaultLabels({ tenant: a.id });
    this.account.reset();
    this.account.set({ tenant_name: a.name ?? '' }, 1);
  }

  /** Last-seen values from the warehouse, so a restarted scheduler does not report "never" until its first run. */
  seed(status: Pick<Status, 'streams' | 'rateBudget' | 'account' | 'lastRuns'>): void {
    if (status.account) this.setAccount(status.account);
    const success = status.lastRuns.find((r) => r.status === 'succeeded');
    if (success) this.lastRunSuccess.set((Date.parse(success.startedAt) + (success.durationMs ?? 0)) / 1000);
    for (const s of status.streams) if (s.lastSuccessAt) this.lastSuccess.set({ stream: s.stream }, Date.parse(s.lastSuccessAt) / 1000);
    this.takeBudget(status.rateBudget);
  }

  recordPage(e: PageEvent): void {
    this.pageDuration.observe({ stream: e.stream }, e.durationMs / 1000);
  }

  recordOverlap(): void {
    this.overlaps.inc();
  }

  recordSummary(summary: RunSummary): void {
    const outcome: RunOutcome = summary.status === 'running' ? 'interrupted' : summary.status;
    this.runs.inc({ status: outcome });
    this.runDuration.observe(summary.durationMs / 1000);
    const finished = Date.parse(summary.finishedAt) / 1000;
    if (outcome === 'succeeded') this.lastRunSuccess.set(finished);
    for (const [stream, s] of Object.entries(summary.streams)) {
      this.rows.inc({ stream }, s.rows);
      this.pages.inc({ stream }, s.pages);
      this.quarantined.inc({ stream }, s.invalid);
      if (s.status === 'succeeded') this.lastSuccess.set({ stream }, finished);
    }
    for (const e of summary.errors) this.errors.inc({ stream: e.stream });
    for (const [endpoint, n] of Object.entries(summary.calls)) this.calls.inc({ endpoint }, n);
    this.takeBudget(summary.rateBudget);
  }

  /** The runner threw before it could summarise (lock busy, key rejected, another account's key). */
  recordFailure(durationMs: number): void {
    this.runs.inc({ status: 'failed' });
    this.runDuration.observe(durationMs / 1000);
  }

  /** The Prometheus text exposition (format 0.0.4). */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** Keep the last value actually seen: a run that failed before its first response knows nothing new. */
  private takeBudget(raw: unknown): void {
    const b = budgetSchema.safeParse(raw).data;
    if (!b) return;
    const set = (g: Gauge<'scope'>, scope: string, v: number | null | undefined) => {
      if (typeof v === 'number') g.set({ scope }, v);
    };
    set(this.remaining, 'minute', b.userRemaining);
    set(this.remaining, 'month', b.orgRemaining);
    set(this.limit, 'minute', b.userLimit);
    set(this.limit, 'month', b.orgLimit);
  }

  private counter<L extends string>(name: string, help: string, labelNames: L[]): Counter<L> {
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  private gauge<L extends string>(name: string, help: string, labelNames: L[]): Gauge<L> {
    return new Gauge({ name, help, labelNames, registers: [this.registry] });
  }
}
