/**
 * Every default relsync uses, in one place. The config schema and the HTTP client both read these, so a
 * default cannot differ between a run from the command line and a client built in code or a test.
 * This module imports nothing: any layer may import it.
 */

// The service.
export const DEFAULT_BASE_URL = 'https://api.affinity.co';
/** The `X-Affinity-API-Version` sent on `/v2` requests; must be one of the versions the config accepts. */
export const DEFAULT_API_VERSION = '2026-09-17' as const;

// Requests.
/** Requests in flight at once. The service publishes no number; 4 stays well inside it. */
export const DEFAULT_CONCURRENCY = 4;
/** One deadline for headers AND body of each attempt. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_RETRIES = 6;
/** Capped exponential backoff with full jitter: the first retry waits up to the base, no wait exceeds the cap. */
export const DEFAULT_BACKOFF_BASE_MS = 250;
export const DEFAULT_BACKOFF_CAP_MS = 30_000;
/**
 * The most one request waits between its attempts in all. A 429 storm whose `Retry-After` says an hour
 * would otherwise hold a run for retries × the clamped wait (6 × 120 s); past this the request gives up,
 * its stream fails with "(gave up after N attempts)", and the next run resumes from the checkpoints.
 */
export const DEFAULT_RETRY_WAIT_TOTAL_MS = 180_000;
/**
 * Before the service has answered once (a JSON answer), a request that times out is retried only this
 * often: a base URL that accepts connections and never answers should stop the run in seconds, not after
 * every retry of every stream.
 */
export const DEFAULT_FIRST_CONTACT_RETRIES = 1;
/** How long an idle keep-alive connection to the service stays open. */
export const DEFAULT_KEEP_ALIVE_MS = 30_000;
/** `/v2` answers 404 for a while after an older-interface create: that many short retries, each this long. */
export const DEFAULT_CREATE_LAG_RETRIES = 5;
export const DEFAULT_CREATE_LAG_MIN_MS = 100;
export const DEFAULT_CREATE_LAG_MAX_MS = 500;

// Rate limits.
/** Monthly calls held back for other tools on the same account; a run stops before spending them. */
export const DEFAULT_MONTHLY_RESERVE = 500;
/** Stop this many calls before the per-minute allowance runs out (other clients of the same key, rounding). */
export const DEFAULT_RATE_SAFETY_MARGIN = 2;
/** When a low per-minute remaining comes without a reset header, assume a window of this length. */
export const DEFAULT_USER_WINDOW_MS = 60_000;

// The warehouse and the schedule.
export const DEFAULT_DATABASE_URL = 'sqlite:./relsync.db';
/**
 * Rows per PostgreSQL upsert statement (one array parameter per column, see src/load/dialects/pg/pg-upsert.ts):
 * at 100,000 `companies` rows, 1,000-3,000 rows a statement wrote fastest; one statement for all rows
 * was slower (one huge array per column to decode before the first row lands).
 */
export const DEFAULT_PG_UPSERT_ROWS = 2000;
/**
 * Rows per prepared SQLite upsert statement (src/load/dialects/sqlite/sqlite-upsert.ts): fewer steps through the driver
 * than one row a statement, about 1.3 times the rows per CPU second at 10-200 rows.
 */
export const DEFAULT_SQLITE_UPSERT_ROWS = 50;
/** Cron expression for `relsync schedule`: hourly, on the hour. */
export const DEFAULT_SCHEDULE = '0 * * * *';
export const DEFAULT_LOG_LEVEL = 'info' as const;
/** Port for `schedule`'s /healthz and /metrics; 0 disables the endpoint. */
export const DEFAULT_METRICS_PORT = 9464;
/** Address of that endpoint: this host only; `0.0.0.0` lets a container's probes and a Prometheus server reach it. */
export const DEFAULT_METRICS_HOST = '127.0.0.1';
/** Histogram buckets (seconds) of a whole run: an idle incremental run takes seconds, a first sync of a large tenant hours. */
export const DEFAULT_RUN_DURATION_BUCKETS: readonly number[] = [1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600, 7200, 14400];
/** Histogram buckets (seconds) of one page, from the request to its commit: mostly the service's answer time. */
export const DEFAULT_PAGE_DURATION_BUCKETS: readonly number[] = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
// Webhook hints (src/webhooks, docs/webhooks.md).
/** With hints pending, `schedule` starts a small targeted run this many seconds after the first one arrived. */
export const DEFAULT_WEBHOOK_DELAY_SECONDS = 30;
/**
 * Most calls one hint run's reads cost (webhooks/hint-cost.ts): a flood of forged deliveries with the right
 * secret spends no more than this a run; the rest waits for the next, which starts
 * DEFAULT_WEBHOOK_BACKLOG_DELAY_MS after it.
 */
export const DEFAULT_WEBHOOK_MAX_CALLS_PER_RUN = 200;
/**
 * After a hint run that its cap stopped, the next starts this soon: the deliveries are already in hand, and
 * waiting the full delay again made a burst of 500 wait three delays.
 */
export const DEFAULT_WEBHOOK_BACKLOG_DELAY_MS = 1000;
/**
 * Percent of the monthly budget webhook hint runs may spend in a calendar month (budget/hint-share.ts): at
 * about one call a delivery, 20% of a 100,000-call month is about 660 deliveries a day, and whoever holds the
 * secret cannot spend more than that of the month.
 */
export const DEFAULT_WEBHOOK_MONTHLY_SHARE_PERCENT = 20;
/**
 * A hint run reuses the account a pre-flight of the same `schedule` process named this recently instead of
 * asking whoami again (webhooks/verified-account.ts): a burst's runs follow each other a second apart, and
 * the account a key reads does not change while the process runs.
 */
export const DEFAULT_WEBHOOK_ACCOUNT_REUSE_MS = 60 * 60_000;
/** The receiver's own port; 0 serves `/webhooks/<secret>` on the metrics port instead. */
export const DEFAULT_WEBHOOK_PORT = 0;
/** Address the receiver listens on; a TLS proxy in front forwards to it (docs/webhooks.md). */
export const DEFAULT_WEBHOOK_HOST = '127.0.0.1';
/** Largest delivery body accepted; the service's bodies are single records, a few KiB. */
export const DEFAULT_WEBHOOK_MAX_BODY_BYTES = 256 * 1024;
/** Deliveries accepted per minute (all senders together); more are answered 429 and logged, never stored. */
export const DEFAULT_WEBHOOK_RATE_PER_MINUTE = 600;
/** Shortest secret path token accepted: a guessable path is the only thing between a sender and the receiver. */
export const DEFAULT_WEBHOOK_SECRET_MIN_LENGTH = 24;
/** Relationship strengths cost one call per internal person; off unless asked for. */
export const DEFAULT_RELATIONSHIP_STRENGTHS = false;
/** How often entity collections (companies, persons, opportunities, lists, list entries) are fully re-swept. */
export const DEFAULT_SWEEP_ENTITIES = '24h';
/** How often everything else without a change signal is re-swept. */
export const DEFAULT_SWEEP_OTHER = '7d';
/**
 * Relevance tiers (planner/tiers.ts): how often a hot record's association set (company↔person) is read
 * again by a single read, which no change signal covers; cold records get `DEFAULT_SWEEP_COLD`.
 */
export const DEFAULT_SWEEP_HOT = '24h';
/** How often a cold record's association set is read again (cold periods stretch first under the budget). */
export const DEFAULT_SWEEP_COLD = '30d';
/**
 * Relevance tiers on: the month bench meets its targets with them (BENCHMARKS "A simulated month"). Off
 * (`tiers.enabled: false`): every company↔person set is read again on each entity pass (the design before tiers).
 */
export const DEFAULT_TIERS_ENABLED = true;
/**
 * Cold (and untiered) periods stretch first under the monthly budget, but at most by this factor (30 days
 * become 90): past it the hot tier stretches too, so the cold tail is never left without re-reads.
 */
export const DEFAULT_MAX_COLD_STRETCH = 3;
/**
 * With tiers on, the single reads no tier ranks (one call an opportunity where the search lacks its sets) take
 * at most this percent of a month that does not fit, as webhook hint runs do: on the seed contract's medium
 * tenant they alone asked 150,000 calls a month and stretched the hot period to 63 h.
 */
export const DEFAULT_SINGLE_READ_SHARE_PERCENT = 20;
/**
 * A record a lookup by id was asked for and did not return in this many runs is given up (its mark
 * dropped): gone upstream, merged away, or out of reach. The read-after-create lag lasts well under a
 * second, and with tiers the collection's own sweep, which used to give such marks up, comes only every
 * cold period: kept, one such mark cost a call a run for a month.
 */
export const DEFAULT_LOOKUP_ATTEMPTS = 3;
/**
 * A change-log entry or a webhook hint promotes its record to the hot tier for this long: its sets are read
 * at once at the hot tier's pace, then it is back in the tier its list entries, deals, interactions and notes
 * give it. Kept hot for the whole window instead, the medium month bench's field changes (100 a day on
 * random companies) added about 100 hot companies a day, a hot tier past the budget within the month.
 */
export const DEFAULT_HOT_PROMOTION_MS = 24 * 3_600_000;
/** Days of webhook hint runs the month plan prices hints from (budget/costs.ts hintRunCost). */
export const DEFAULT_HINT_PRICING_DAYS = 7;
/** A record with a list entry, a deal, or an interaction or note within this window is hot. */
export const DEFAULT_HOT_WINDOW = '90d';
/**
 * How often metadata (lists, fields and their dropdown options, users, teams, merges) is re-read when nothing
 * names an id the warehouse lacks; an unknown list, field or option id re-reads it in the same run.
 */
export const DEFAULT_SWEEP_METADATA = '6h';
/**
 * How often a stream is re-swept when the update feed that would spare its sweeps is refused (neither
 * document describes an `updatedAt` filter on `/v2/reminders`): sweeping it every run would make an idle run
 * cost records / 500 calls, so changes to it wait up to this long instead.
 */
export const DEFAULT_SWEEP_FEEDLESS = '6h';
/** A source the service refused is probed again after this long (a permission granted, a filter now allowed). */
export const DEFAULT_REPROBE_REFUSED_AFTER = '30d';
/** Files through one older `/entity-files` call per person, company and opportunity: off unless asked for. */
export const DEFAULT_FILES_PER_ENTITY = false;
/** Longest query string relsync sends for a batched filter (`field.id=…|…`); URLs past ~2 kB are refused by some proxies. */
export const DEFAULT_FILTER_QUERY_MAX = 1800;
/** Calls `relsync plan` may spend counting before the first sync (`--count-calls`): lists, a few probes, then pages of 500 companies and persons. */
export const DEFAULT_PLAN_COUNT_CALLS = 20;

// Memory.
/**
 * How far V8 lets the heap grow past what the last full collection found live before collecting again
 * (runner/heap-policy.ts). V8's own choice on a machine with memory to spare is up to 300%.
 */
export const DEFAULT_HEAP_GROWING_PERCENT = 50;
/** Ids an `ids` read fetches from the warehouse per query (planner/id-chunks.ts). */
export const DEFAULT_ID_CHUNK = 1000;
/** Rows of relsync's own state tables (marks, read and hint times) written or looked up per statement (src/state). */
export const DEFAULT_STATE_ROWS_PER_STATEMENT = 500;

// Warehouse DDL.
/**
 * Longest a view refresh waits for a lock on PostgreSQL (`lock_timeout`): a reader with an open
 * transaction on a view would otherwise make DROP VIEW wait forever, holding the writer lock, while new
 * readers of that view queue behind the DROP. Past this, the refresh is skipped and retried next run.
 */
export const DEFAULT_VIEW_LOCK_TIMEOUT_MS = 3000;
/** Tries at recording a run's outcome while another program holds SQLite's write lock (each waits busy_timeout, 5 s). */
export const DEFAULT_RECORD_RUN_ATTEMPTS = 4;
/**
 * After a run, PostgreSQL tables changed by more than this many rows plus this fraction of their rows
 * since they were last analyzed are analyzed (load/analyze.ts): autovacuum's own default rule, for servers
 * where it is off or has not come round yet, so the views are planned from real row counts.
 */
export const DEFAULT_ANALYZE_MIN_ROWS = 50;
export const DEFAULT_ANALYZE_FRACTION = 0.1;

/** Periodic work per run gets this much slack over its exact share, so a pass ends within its period despite growth. */
export const DEFAULT_SHARE_SLACK = 1.25;
/**
 * The cold tier's share slack (planner/tier-reads.ts): its bound is the MAX staleness of its period (30 days),
 * which needs a pass to end a run or two before the period does, not a fifth early; at 1.25 the cold reads
 * cost 4,700 calls a month more at medium (18,651 cold companies), enough to stretch the cold tier past 30
 * days under 100,000 (the medium month bench's plan: 33 days).
 */
export const DEFAULT_COLD_SHARE_SLACK = 1.05;
/**
 * The hot tier's share slack (planner/tier-reads.ts, planner/hot-refresh.ts): each hot record is read again
 * about every hot period ÷ 1.15 (21 h of 24), which leaves 3 h for the promoted records read ahead of it and
 * for the hourly runs' granularity. At DEFAULT_SHARE_SLACK (19 h of 24) the plan priced the hot reads 4,542
 * calls a month higher at medium, and the uniform medium month spent 100,213 of 100,000 by day 24, not 98,597
 * (BENCHMARKS.md).
 */
export const DEFAULT_HOT_SHARE_SLACK = 1.15;

/**
 * Steps followed from a merge's survivor to the record it finally became (A→B, B→C, …; load/write/merge.ts). A
 * bound only against a corrupt warehouse: a real chain is a handful of merges.
 */
export const DEFAULT_MERGE_CHAIN_LIMIT = 64;

/**
 * Days the child rows of a soft-deleted company or person are kept for a merge learned later
 * (load/write/kept-rows.ts). The merges pass runs every `sweeps.metadata` (6 h by default): a month covers any
 * schedule that still runs, and a stopped one that resumes re-reads the survivor anyway.
 */
export const DEFAULT_KEPT_CHILD_ROWS_DAYS = 30;

/**
 * Sweeps are bounded (budget/sweep-bound.ts): a pass may read this many times the pages its collection's
 * known size justifies (the last complete pass's pages, or the warehouse's rows at `V2_PAGE` a page)
 * before the stream stops with one line, never fewer than `DEFAULT_SWEEP_PAGES_FLOOR`. A pass of a
 * collection of unknown size (its first) stops at `DEFAULT_SWEEP_PAGES_UNKNOWN`, a tenth of a
 * 100,000-call month (1,000,000 records at 100 a page).
 */
export const DEFAULT_SWEEP_PAGES_SLACK = 4;
export const DEFAULT_SWEEP_PAGES_FLOOR = 50;
export const DEFAULT_SWEEP_PAGES_UNKNOWN = 10_000;
/**
 * A completed pass that saw fewer than this share of the live rows it would delete from (a table holding at
 * least `DEFAULT_SWEEP_HOLD_MIN_ROWS`) deletes nothing on its own word: an answer of valid but empty or short
 * pages (a proxy, a wrong tenant's filter, an upstream fault) would otherwise empty the table. The pass is
 * held and the next one is read whole; when that one agrees, its deletions apply (runner/failure-policy.ts).
 */
export const DEFAULT_SWEEP_HOLD_SHARE = 0.5;
export const DEFAULT_SWEEP_HOLD_MIN_ROWS = 20;
/** Quarantined records a pass that did not see its collection names in its one line (the quarantine table keeps them all). */
export const DEFAULT_QUARANTINE_NAMED = 10;
