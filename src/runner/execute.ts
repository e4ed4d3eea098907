import type { Config } from '../config/schema.ts';
import type { Logger } from '../log.ts';
import { openDatabase, type Db } from '../load/db.ts';
import { AffinityClient } from '../extract/http/client.ts';
import { claimWarehouse, type WarehouseAccount } from '../state/account.ts';
import type { PageEvent } from './env.ts';
import { ALL_STREAMS } from '../streams/registry.ts';
import { boundHeapGrowth } from './heap-policy.ts';
import { preflight, reportedAfterWarehouse } from './preflight.ts';
import { createProgress, type ProgressWords } from './progress.ts';
import { unmetNeeds } from '../planner/selection.ts';
import { upgradeWarehouse } from '../state/upgrade.ts';
import type { AnyStream } from '../streams/define.ts';
import { checkSweepOverrides, selectStreams } from './stream-order.ts';
import { runSync, type SyncMode, type SyncResult } from './run-sync.ts';

export function clientFromConfig(config: Config, log: Logger, apiKey: string, stop?: AbortSignal): AffinityClient {
  return new AffinityClient({
    ...(stop ? { stop } : {}),
    baseUrl: config.baseUrl,
    apiKey,
    apiVersion: config.apiVersion,
    logger: log,
    concurrency: config.concurrency,
    timeoutMs: config.requestTimeoutMs,
    maxRetries: config.maxRetries,
    monthlyReserve: config.monthlyReserve,
  });
}

/** Pages per stream in the last run that swept it: the ETA's only honest basis. */
async function expectedPages(db: Db): Promise<Record<string, number>> {
  const rows = await db.kysely
    .selectFrom('sync_runs')
    .select(['streams_json'])
    .where('status', 'in', ['succeeded', 'partial'])
    .orderBy('started_at', 'desc')
    .limit(10)
    .execute();
  const out: Record<string, number> = {};
  for (const r of rows.reverse()) {
    const streams = r.streams_json ? (JSON.parse(r.streams_json) as Record<string, { pages?: number }>) : {};
    for (const [name, s] of Object.entries(streams)) if (s.pages) out[name] = s.pages;
  }
  return out;
}

/**
 * A selection (`--streams`) that reads rows of streams that have never completed in this warehouse
 * gets those streams too, first; otherwise it would read an empty table and report success doing nothing.
 */
async function withUnmetNeeds(db: Db, selected: AnyStream[], log: Logger): Promise<AnyStream[]> {
  if (selected.length === ALL_STREAMS.length) return selected;
  const added = await unmetNeeds({ db }, ALL_STREAMS, selected);
  if (added.length === 0) return selected;
  log.warn({ added, selected: selected.map((s) => s.name) }, 'the selected streams read rows of streams never synced into this warehouse; running those first');
  return [...ALL_STREAMS.filter((s) => added.includes(s.name)), ...selected];
}

export interface ExecuteOptions {
  config: Config;
  log: Logger;
  apiKey: string;
  mode: SyncMode;
  command: string;
  streams?: readonly string[];
  /** Draw progress bars (a TTY), in the CLI's words (src/cli/format/progress-words.ts); otherwise log lines. */
  tty: boolean;
  words?: ProgressWords;
  shouldStop?: () => boolean;
  /** Aborted with shouldStop's first true (cli/stop-signals.ts): ends backoff sleeps and requests in flight at once. */
  stop?: AbortSignal;
  db?: Db;
  /** backfill --since */
  since?: string;
  /** The run's clock (the bench's simulated day); default the wall clock. */
  now?: () => Date;
  /** A webhook hint run: set reads take only the marks its hints made from this instant. */
  hintedSince?: string;
  /** Told of each committed page with its time (the metrics' page-duration histogram). */
  onPage?: (e: PageEvent) => void;
  /** Told of the account the key reads, before the run writes (the metrics' tenant label). */
  onAccount?: (a: WarehouseAccount) => void;
  /**
   * The account the key reads as a pre-flight of this process found it a moment ago (a hint run after
   * another run, webhooks/verified-account.ts): the run makes no whoami call of its own, and the warehouse's
   * recorded account is still checked against it before any write.
   */
  account?: WarehouseAccount;
}

/**
 * The account the key reads (the pre-flight, preflight.ts), asked with a client of its own before the run's
 * client exists, so every line of the run (the HTTP client's too) carries the account.
 */
async function keyAccount(opts: ExecuteOptions): Promise<WarehouseAccount> {
  const probe = clientFromConfig(opts.config, opts.log, opts.apiKey, opts.stop);
  try {
    return await preflight(probe, opts.config.baseUrl);
  } finally {
    await probe.close();
  }
}

/** Open (and migrate) the warehouse, run one sync, close everything; used by sync, backfill, demo and schedule. */
export async function executeSync(opts: ExecuteOptions): Promise<SyncResult & { account: WarehouseAccount }> {
  boundHeapGrowth();
  checkSweepOverrides(opts.config, ALL_STREAMS);
  const selected = selectStreams(ALL_STREAMS, opts.streams);
  // The key, the base URL and the account first: a wrong one is refused before the warehouse is opened, let alone written.
  const asked = await (opts.account ? Promise.resolve(opts.account) : keyAccount(opts)).then(
    (account) => ({ account }),
    (err: unknown) => {
      if (!reportedAfterWarehouse(err)) throw err;
      return { err };
    },
  );
  const db = opts.db ?? (await openDatabase(opts.config.databaseUrl));
  let client: AffinityClient | null = null;
  try {
    const { due } = await upgradeWarehouse(db);
    if (!('account' in asked)) throw asked.err;
    const { account } = asked;
    opts.onAccount?.(account);
    const log = opts.log.child({ tenant: account.id });
    // Before any write of the run: a key of another account is refused here.
    if ((await claimWarehouse(db, account, opts.now?.() ?? new Date())) === 'recorded') log.info({ tenantName: account.name }, 'warehouse account recorded');
    for (const d of due)
      log.warn({ stream: d.stream, partitions: d.partitions, reason: d.reason }, 'the upgrade made a full pass of this stream due: this run reads it');
    client = clientFromConfig(opts.config, log, opts.apiKey, opts.stop);
    const runClient = client;
    const streams = await withUnmetNeeds(db, selected, log);
    const progress = createProgress({ tty: opts.tty, words: opts.words, log, expectedPages: await expectedPages(db), calls: () => runClient.totalCalls() });
    const onPageCommitted = opts.onPage
      ? async (e: PageEvent) => {
          opts.onPage?.(e);
          await progress.hooks.onPageCommitted(e);
        }
      : progress.hooks.onPageCommitted;
    try {
      const result = await runSync({
        db,
        client: runClient,
        config: opts.config,
        log,
        streams,
        mode: opts.mode,
        command: opts.command,
        ...(opts.since ? { since: opts.since } : {}),
        ...(opts.now ? { now: opts.now } : {}),
        ...(opts.hintedSince !== undefined ? { hintedSince: opts.hintedSince } : {}),
        hooks: { ...progress.hooks, onPageCommitted, ...(opts.shouldStop ? { shouldStop: opts.shouldStop } : {}) },
      });
      return { ...result, account };
    } finally {
      progress.stop();
    }
  } finally {
    await client?.close();
    if (!opts.db) await db.close();
  }
}
