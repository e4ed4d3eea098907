import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../load/schema/database.ts';

type Conn = Kysely<Database> | Transaction<Database>;

export type RunStatus = 'running' | 'succeeded' | 'partial' | 'failed' | 'interrupted';

/** The `command` of a webhook hint run (webhooks/hint-run.ts): priced apart from the scheduled runs (budget/costs.ts). */
export const HINT_RUN_COMMAND = 'webhooks';

/**
 * What a stream did in a run, as a code. Stored in sync_runs (the planner prices periodic passes from
 * past runs' `sweep` entries, so codes never change meaning); the words a person reads are
 * cli/format/stream-words.ts. Runs stored before codes were typed may hold free text here.
 */
export type StreamModeCode =
  /** Every partition read whole. */
  | 'sweep'
  /** Not started yet in an incremental run: a sweep if one is due. */
  | 'sweep-if-due'
  | 'not due'
  | 'nothing to read'
  /** A feed read from its high-water mark. */
  | 'feed'
  /** A sweep stream following its update feed between sweeps. */
  | 'between'
  /** Re-read of the records the change log marked. */
  | 'marked'
  /** Some partitions swept, the others read `between`. */
  | 'mixed'
  /** An optional endpoint this tenant does not have (remembered). */
  | 'unavailable'
  /** Skipped: the config disables the stream. */
  | 'disabled'
  /** Skipped: the configured API version is older than the stream needs (`needsApiVersion`). */
  | 'needs-api-version'
  /** Skipped: another source serves its capability (`source`). */
  | 'source-elsewhere'
  /** Skipped: every source of its capability was refused (`source`). */
  | 'no-source-left'
  /** Skipped: the service refused it this run and the capability falls back (`source`, with `refusedStatus`). */
  | 'source-refused'
  /** Swept because its update feed is refused. */
  | 'sweep-feed-refused';

/** Which source serves a capability, for the `source-*` and `no-source-left` codes. */
export interface SourceChoice {
  capability: string;
  /** The stream that serves it now, or `none`. */
  uses: string;
  /** With `source-refused`: the status the service refused with (null when it sent none). */
  refusedStatus?: number | null;
}

export interface StreamRunStats {
  status: 'succeeded' | 'failed' | 'skipped' | 'interrupted';
  mode: StreamModeCode;
  /** With the `source-*` and `no-source-left` codes. */
  source?: SourceChoice;
  /** With `needs-api-version`: the version the stream needs. */
  needsApiVersion?: string;
  pages: number;
  records: number;
  rows: number;
  invalid: number;
  softDeleted: number;
  calls: number;
  durationMs: number;
  error?: string;
  /** Said once in the run's summary, not an error (an optional endpoint this tenant does not have). */
  warning?: string;
  /** A full sweep the budget spreads over runs: which part this run read, of about how many; `done` when it completed. */
  sweepPart?: SweepPart;
  /** Passes that saw under half the rows they would delete from: nothing deleted (summed over partitions). */
  held?: HeldDeletes;
}

/** Records a held pass saw against the live rows it would have deleted from. */
export interface HeldDeletes {
  seen: number;
  live: number;
}

export interface SweepPart {
  part: number;
  /** Runs a pass takes at this run's share (the last pass's pages / the share); null when not known yet. */
  of: number | null;
  done: boolean;
}

export interface RunSummary {
  status: RunStatus;
  finishedAt: string;
  durationMs: number;
  callsTotal: number;
  rowsTotal: number;
  streams: Record<string, StreamRunStats>;
  calls: Record<string, number>;
  errors: Array<{ stream: string; message: string }>;
  /** Streams the run did without, as warnings: the run still succeeded. */
  warnings?: Array<{ stream: string; message: string }>;
  /** Analyst views this run could not refresh (the tables are up to date), one line each: said as a warning. */
  viewsNotRefreshed?: string[];
  rateBudget: unknown;
}

export async function startRun(trx: Conn, run: { id: string; command: string; mode: string; startedAt: string }): Promise<void> {
  await trx
    .insertInto('sync_runs')
    .values({
      id: run.id,
      command: run.command,
      mode: run.mode,
      status: 'running',
      started_at: run.startedAt,
      finished_at: null,
      duration_ms: null,
      streams_json: null,
      calls_json: null,
      errors_json: null,
      rate_budget_json: null,
    })
    .execute();
}

export async function finishRun(trx: Conn, id: string, s: RunSummary): Promise<void> {
  await trx
    .updateTable('sync_runs')
    .set({
      status: s.status,
      finished_at: s.finishedAt,
      duration_ms: Math.round(s.durationMs),
      calls_total: s.callsTotal,
      rows_total: s.rowsTotal,
      streams_json: JSON.stringify(s.streams),
      calls_json: JSON.stringify(s.calls),
      errors_json: JSON.stringify(s.errors),
      rate_budget_json: JSON.stringify(s.rateBudget ?? null),
    })
    .where('id', '=', id)
    .execute();
}

/** Runs left `running` by a process that died are marked interrupted when the next run takes the lock. */
export async function markAbandonedRuns(trx: Conn, now: string): Promise<number> {
  const r = await trx.updateTable('sync_runs').set({ status: 'interrupted', finished_at: now }).where('status', '=', 'running').executeTakeFirst();
  return Number(r.numUpdatedRows ?? 0);
}

/**
 * When the warehouse's unfinished `sync --full` began, or null: its latest runs were full runs that did not
 * finish (stopped by a signal, or killed and marked interrupted since), and this is the first one's start.
 * The next incremental run carries the full sync on instead, so an interrupted first sync does not leave
 * its cold tail to the budget's trickle, and it skips what that full sync already completed.
 */
export async function unfinishedFullSince(trx: Conn): Promise<string | null> {
  const runs = await trx.selectFrom('sync_runs').select(['mode', 'status', 'started_at']).orderBy('started_at', 'desc').limit(UNFINISHED_CHAIN).execute();
  let since: string | null = null;
  for (const r of runs) {
    if (r.mode !== 'full' || r.status !== 'interrupted') break;
    since = r.started_at;
  }
  return since;
}

/** How many interrupted full runs in a row the next run looks back over for the full sync's start. */
const UNFINISHED_CHAIN = 50;

/**
 * Add calls made after a run was recorded to its record (a hint run's reads that confirm deletions), so
 * `sync_runs` holds every call the run made and the month plan prices it right.
 */
export async function addRunCalls(trx: Conn, id: string, calls: Readonly<Record<string, number>>): Promise<void> {
  const row = await trx.selectFrom('sync_runs').select(['calls_total', 'calls_json']).where('id', '=', id).executeTakeFirst();
  if (!row) return;
  const merged = JSON.parse(row.calls_json ?? '{}') as Record<string, number>;
  let added = 0;
  for (const [endpoint, n] of Object.entries(calls)) {
    merged[endpoint] = (merged[endpoint] ?? 0) + n;
    added += n;
  }
  await trx
    .updateTable('sync_runs')
    .set({ calls_total: Number(row.calls_total ?? 0) + added, calls_json: JSON.stringify(merged) })
    .where('id', '=', id)
    .execute();
}
