import type { ColumnType } from 'kysely';

/** Timestamps: ISO-8601 UTC strings on both dialects (see the type parsers in dialects/pg/pg-driver.ts). */
export type Ts = string;
/** JSON columns are read back as text on both dialects; write text (JSON.stringify). */
export type JsonText = string;
/** Booleans are boolean on PostgreSQL and 0/1 on SQLite; each dialect object's `bool` converts (load/dialects/warehouse-dialect.ts). */
export type DbBool = ColumnType<boolean | number, boolean | number, boolean | number>;

export interface SyncRunsTable {
  id: string;
  command: string;
  mode: string;
  status: string;
  started_at: Ts;
  finished_at: Ts | null;
  duration_ms: number | null;
  calls_total: ColumnType<number, number | undefined, number>;
  rows_total: ColumnType<number, number | undefined, number>;
  streams_json: JsonText | null;
  calls_json: JsonText | null;
  errors_json: JsonText | null;
  rate_budget_json: JsonText | null;
}

export interface SyncStateTable {
  stream: string;
  partition: ColumnType<string, string | undefined, string>;
  version: number;
  checkpoint_json: JsonText;
  last_success_at: Ts | null;
  last_sweep_at: Ts | null;
  updated_at: Ts;
}

export interface SyncLockTable {
  name: string;
  holder: string;
  pid: number;
  host: string;
  acquired_at: Ts;
  heartbeat_at: Ts;
}

export interface QuarantineTable {
  stream: string;
  record_key: string;
  payload: JsonText;
  error: string;
  run_id: string | null;
  first_seen_at: Ts;
  last_seen_at: Ts;
}

export interface SyncDirtyTable {
  kind: string;
  id: number;
  list_id: number | null;
  marked_at: Ts;
  attempts: ColumnType<number, number | undefined, number>;
}

/** Which source carries a capability, and the sources the service refused (migration 006). */
export interface SyncSourcesTable {
  capability: string;
  source: string;
  refused_json: JsonText | null;
  decided_at: Ts | null;
}

/** The Affinity account the warehouse holds (migration 030): one row, written by the first run. */
export interface SyncAccountTable {
  id: number;
  tenant_id: string;
  tenant_name: string | null;
  subdomain: string | null;
  recorded_at: Ts;
}

/** What a webhook hint marked, and when last (migration 025): a hint run reads only these; tiers keep them hot. */
export interface SyncHintedTable {
  kind: string;
  id: number;
  hinted_at: Ts;
}

/** When a record's association set was last read whole (migration 021; planner/tiers.ts). */
export interface SyncReadWholeTable {
  kind: string;
  id: number;
  read_at: Ts;
}

/** Webhook deliveries the receiver accepted, kept until (and after) they are applied as hints (migration 023). */
export interface WebhookDeliveriesTable {
  id: string;
  received_at: Ts;
  event: string | null;
  body: string;
  /** pending | applied | replayed | over_share | unknown (an event type relsync does not act on) | unparseable */
  status: string;
  applied_at: Ts | null;
  marks: number | null;
  /** SHA-256 of the body (migration 031); null for deliveries stored before it. */
  digest: string | null;
}

/** Child rows of a soft-deleted company or person, kept for a merge learned later (migration 028; load/write/kept-rows.ts). */
export interface KeptChildRowsTable {
  parent_table: string;
  parent_id: number;
  child_table: string;
  row_key: string;
  row_json: JsonText;
  kept_at: Ts;
}

export interface InfraTables {
  sync_dirty: SyncDirtyTable;
  webhook_deliveries: WebhookDeliveriesTable;
  sync_read_whole: SyncReadWholeTable;
  sync_hinted: SyncHintedTable;
  sync_runs: SyncRunsTable;
  sync_state: SyncStateTable;
  sync_lock: SyncLockTable;
  sync_sources: SyncSourcesTable;
  sync_account: SyncAccountTable;
  quarantine: QuarantineTable;
  kept_child_rows: KeptChildRowsTable;
}

// Keyed by InfraTables so the compiler demands every infra table, and no other, in the run-time list.
const INFRA: Readonly<Record<keyof InfraTables, true>> = {
  sync_dirty: true,
  webhook_deliveries: true,
  sync_read_whole: true,
  sync_hinted: true,
  sync_runs: true,
  sync_state: true,
  sync_lock: true,
  sync_sources: true,
  sync_account: true,
  quarantine: true,
  kept_child_rows: true,
};

/** The infra tables by name, at run time (the schema test tells them apart from the warehouse's). */
export const INFRA_TABLE_NAMES = Object.keys(INFRA) as ReadonlyArray<keyof InfraTables>;
