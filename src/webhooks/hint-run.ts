import type { Config } from '../config/schema.ts';
import type { Db } from '../load/db.ts';
import type { Logger } from '../log.ts';
import { unmetNeeds } from '../planner/selection.ts';
import { clientFromConfig, executeSync } from '../runner/execute.ts';
import { HINT_RUN_COMMAND, type RunSummary } from '../state/runs.ts';
import { ALL_STREAMS } from '../streams/registry.ts';
import { applyPendingHints, type AppliedHints } from './apply-hints.ts';
import { confirmDeletes, type ConfirmedDeletes } from './confirm-deletes.ts';

/**
 * The streams that consume the marks hints set (each reads only marked records): the entities by id (100 a
 * call), the company↔person sets and opportunity links by single read, the list entries one by one.
 */
export const HINT_STREAMS = [
  'companies_changed',
  'persons_changed',
  'list_entries_changed',
  'company_persons_full',
  'person_companies_full',
  'opportunity_associations_full',
] as const;

export interface HintRunOptions {
  config: Config;
  log: Logger;
  apiKey: string;
  db: Db;
  shouldStop?: () => boolean;
  now?: () => Date;
}

export interface HintRunResult {
  applied: AppliedHints;
  summary: RunSummary | null;
  deletes: ConfirmedDeletes | null;
}

/** Apply pending hints (capped) and say so when the cap held some back. */
export async function applyHintsCapped(db: Db, config: Config, log: Logger, now: Date): Promise<AppliedHints> {
  const applied = await applyPendingHints(db, { maxCalls: config.webhookMaxCallsPerRun, now });
  if (applied.capped) {
    log.warn(
      { component: 'webhooks', cap: config.webhookMaxCallsPerRun, marked: applied.marks, deferred: applied.deferred },
      'webhook hints over webhookMaxCallsPerRun: the rest stay pending for the next run',
    );
  }
  return applied;
}

/**
 * A small targeted run: mark what pending deliveries name, re-read only that, confirm deletions. Relevance
 * tiers are off for it and its set reads take only the marks these hints made (`hintedSince`), never a
 * tier's periodic share nor the backlog of marks the entity sweeps left. A
 * warehouse that has not completed the streams the hint streams read leaves its hints for the scheduled
 * run (a hint run must never turn into a first full sync).
 */
export async function runHintRun(opts: HintRunOptions): Promise<HintRunResult> {
  const now = opts.now ?? (() => new Date());
  const log = opts.log.child({ component: 'webhooks' });
  const selected = ALL_STREAMS.filter((s) => (HINT_STREAMS as readonly string[]).includes(s.name));
  const missing = await unmetNeeds({ db: opts.db }, ALL_STREAMS, selected);
  const empty: AppliedHints = { deliveries: 0, marks: 0, deferred: 0, capped: false, merges: false, deletes: [] };
  if (missing.length > 0) {
    log.info({ missing }, 'webhook hints wait for the first complete sync of the streams they re-read');
    return { applied: empty, summary: null, deletes: null };
  }
  const appliedAt = now();
  const applied = await applyHintsCapped(opts.db, opts.config, log, appliedAt);
  if (applied.deliveries === 0) return { applied, summary: null, deletes: null };
  const config: Config = { ...opts.config, tiers: { ...opts.config.tiers, enabled: false } };
  const streams = [...HINT_STREAMS, ...(applied.merges ? ['company_merges'] : [])];
  const { summary } = await executeSync({
    config,
    log,
    apiKey: opts.apiKey,
    mode: 'incremental',
    command: HINT_RUN_COMMAND,
    // Only the sets these hints marked: the entity sweeps leave a link mark on every company for the tiers to
    // work through, and a hint run that took them all cost 8.7 calls a change (month bench, small, tiers on).
    hintedSince: appliedAt.toISOString(),
    streams,
    tty: false,
    db: opts.db,
    now,
    ...(opts.shouldStop ? { shouldStop: opts.shouldStop } : {}),
  });
  let deletes: ConfirmedDeletes | null = null;
  if (applied.deletes.length > 0) {
    const client = clientFromConfig(opts.config, log, opts.apiKey);
    try {
      deletes = await confirmDeletes(opts.db, client, applied.deletes, log, now);
      summary.callsTotal += client.totalCalls();
    } finally {
      await client.close();
    }
  }
  if (applied.capped) {
    summary.warnings = [
      ...(summary.warnings ?? []),
      {
        stream: 'webhooks',
        message: `${applied.deferred} webhook deliveries over the cap of ${opts.config.webhookMaxCallsPerRun} calls left for the next run`,
      },
    ];
  }
  log.info({ deliveries: applied.deliveries, marked: applied.marks, calls: summary.callsTotal, capped: applied.capped }, 'webhook hint run finished');
  return { applied, summary, deletes };
}
