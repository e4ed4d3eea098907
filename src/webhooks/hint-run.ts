import type { Config } from '../config/schema.ts';
import type { Db } from '../load/db.ts';
import type { Logger } from '../log.ts';
import { unmetNeeds } from '../planner/selection.ts';
import { clientFromConfig, executeSync } from '../runner/execute.ts';
import { addRunCalls, HINT_RUN_COMMAND, type RunSummary } from '../state/runs.ts';
import { hintShare } from '../budget/hint-share.ts';
import { ALL_STREAMS } from '../streams/registry.ts';
import { applyPendingHints, type AppliedHints } from './apply-hints.ts';
import { confirmDeletes, type ConfirmedDeletes } from './confirm-deletes.ts';
import type { VerifiedAccount } from './verified-account.ts';

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
  /** The account a recent pre-flight of this process named: reused instead of a whoami of this run's own. */
  verified?: VerifiedAccount;
}

export interface HintRunResult {
  applied: AppliedHints;
  summary: RunSummary | null;
  deletes: ConfirmedDeletes | null;
  /** Deliveries set aside because hint runs had spent their share of the month (budget/hint-share.ts). */
  overShare: number;
}

const NOTHING: AppliedHints = { deliveries: 0, marks: 0, calls: 0, replays: 0, deferred: 0, capped: false, merges: false, deletes: [] };

/**
 * Apply pending hints within this run's calls (the per-run cap, and what is left of the month's share) and
 * say so when the cap held some back. With the share spent, the pending deliveries are set aside
 * (`over_share`): the periodic passes are the safety net, and a hint read next month would be stale.
 */
export async function applyHintsCapped(db: Db, config: Config, log: Logger, now: Date): Promise<{ applied: AppliedHints; overShare: number }> {
  const share = await hintShare(db, config, now);
  const maxCalls = Math.min(config.webhookMaxCallsPerRun, share.left ?? Infinity);
  if (maxCalls <= 0) {
    const overShare = await setAsideOverShare(db, now);
    if (overShare > 0)
      log.warn(
        { component: 'webhooks', deliveries: overShare, spent: share.spent, share: share.calls },
        'webhook hint runs spent their share of the month (webhookMonthlySharePercent): deliveries left to the periodic passes',
      );
    return { applied: NOTHING, overShare };
  }
  const applied = await applyPendingHints(db, { maxCalls, now });
  if (applied.capped) {
    log.warn(
      { component: 'webhooks', cap: maxCalls, calls: applied.calls, deferred: applied.deferred },
      "webhook hints over this run's calls (webhookMaxCallsPerRun, or what is left of the month's share): the rest stay pending for the next run",
    );
  }
  return { applied, overShare: 0 };
}

async function setAsideOverShare(db: Db, now: Date): Promise<number> {
  const r = await db.kysely
    .updateTable('webhook_deliveries')
    .set({ status: 'over_share', applied_at: now.toISOString(), marks: 0 })
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows ?? 0);
}

/** Confirm the deletions hints claimed, and add the calls of those reads to the run's record. */
async function confirmAndRecord(
  opts: HintRunOptions,
  log: Logger,
  runId: string,
  summary: RunSummary,
  targets: AppliedHints['deletes'],
): Promise<ConfirmedDeletes> {
  const client = clientFromConfig(opts.config, log, opts.apiKey);
  try {
    const deletes = await confirmDeletes(opts.db, client, targets, log, opts.now ?? (() => new Date()));
    const calls = client.counts();
    await addRunCalls(opts.db.kysely, runId, calls);
    summary.callsTotal += client.totalCalls();
    for (const [endpoint, n] of Object.entries(calls)) summary.calls[endpoint] = (summary.calls[endpoint] ?? 0) + n;
    return deletes;
  } finally {
    await client.close();
  }
}

/**
 * A small targeted run: mark what pending deliveries name, re-read only that, confirm deletions. Relevance
 * tiers are off for it and its reads take only the marks these hints made (`hintedSince`), never a
 * tier's periodic share nor the backlog of marks the change log and the entity sweeps left. A
 * warehouse that has not completed the streams the hint streams read leaves its hints for the scheduled
 * run (a hint run must never turn into a first full sync).
 */
export async function runHintRun(opts: HintRunOptions): Promise<HintRunResult> {
  const now = opts.now ?? (() => new Date());
  const log = opts.log.child({ component: 'webhooks' });
  const selected = ALL_STREAMS.filter((s) => (HINT_STREAMS as readonly string[]).includes(s.name));
  const missing = await unmetNeeds({ db: opts.db }, ALL_STREAMS, selected);
  if (missing.length > 0) {
    log.info({ missing }, 'webhook hints wait for the first complete sync of the streams they re-read');
    return { applied: NOTHING, summary: null, deletes: null, overShare: 0 };
  }
  const appliedAt = now();
  const { applied, overShare } = await applyHintsCapped(opts.db, opts.config, log, appliedAt);
  if (applied.deliveries === 0) return { applied, summary: null, deletes: null, overShare };
  const config: Config = { ...opts.config, tiers: { ...opts.config.tiers, enabled: false } };
  const streams = [...HINT_STREAMS, ...(applied.merges ? ['company_merges'] : [])];
  const known = opts.verified?.recent() ?? null;
  const { runId, summary } = await executeSync({
    config,
    log,
    apiKey: opts.apiKey,
    mode: 'incremental',
    command: HINT_RUN_COMMAND,
    // Only the marks these hints made: the entity sweeps leave a link mark on every company for the tiers to
    // work through, and a hint run that took them all cost 8.7 calls a change (month bench, small, tiers on).
    hintedSince: appliedAt.toISOString(),
    streams,
    tty: false,
    db: opts.db,
    now,
    ...(opts.shouldStop ? { shouldStop: opts.shouldStop } : {}),
    // A burst's runs follow each other a second apart: one pre-flight names the account for all of them.
    ...(known ? { account: known } : { onAccount: (a) => opts.verified?.record(a) }),
  }).catch((err: unknown) => {
    opts.verified?.forget();
    throw err;
  });
  if (summary.status === 'failed') opts.verified?.forget();
  const deletes = applied.deletes.length > 0 ? await confirmAndRecord(opts, log, runId, summary, applied.deletes) : null;
  if (applied.capped) {
    summary.warnings = [
      ...(summary.warnings ?? []),
      { stream: 'webhooks', message: `${applied.deferred} webhook deliveries over this run's ${applied.calls} calls left for the next run` },
    ];
  }
  log.info(
    {
      deliveries: applied.deliveries,
      replays: applied.replays,
      marked: applied.marks,
      planned: applied.calls,
      calls: summary.callsTotal,
      capped: applied.capped,
    },
    'webhook hint run finished',
  );
  return { applied, summary, deletes, overShare };
}
