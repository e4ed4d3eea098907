import { sql } from 'kysely';
import { createTask } from 'node-cron';
import type { Db } from '../load/db.ts';
import { tableExists } from '../load/db.ts';
import { readWarehouseAccount, type WarehouseAccount } from './account.ts';
import { REPORTED_TABLES } from '../load/schema/table-specs.ts';
import { listCheckpoints } from './checkpoint.ts';
import { listSources, type CapabilitySource } from './sources.ts';
import type { HeldDeletes, SweepPart } from './runs.ts';
import type { TierSummary } from './tier-lines.ts';

export interface StreamStatus {
  stream: string;
  partitions: number;
  lastSuccessAt: string | null;
  lastSweepAt: string | null;
  mode: 'never run' | 'sweep in progress' | 'incremental' | 'swept';
  lagSeconds: number | null;
  /** Why an upgrade made a full pass of this stream due (state/upgrade.ts), until that pass completes. */
  due?: string;
  /** From the most recent run that ran this stream. */
  lastRun?: { status: string; mode: string; pages: number; rows: number; error?: string; sweepPart?: SweepPart; held?: HeldDeletes } | null;
}

export interface Status {
  database: string;
  /** The Affinity account the warehouse holds (sync_account), null before the first run records it. */
  account: (WarehouseAccount & { recordedAt: string }) | null;
  streams: StreamStatus[];
  lastRuns: Array<{ id: string; command: string; mode: string; status: string; startedAt: string; durationMs: number | null; calls: number; rows: number }>;
  rowCounts: Record<string, number>;
  rateBudget: unknown;
  nextScheduledRun: string | null;
  /** Which source carries each capability, and what the service refused (sync_sources). */
  sources: CapabilitySource[];
  /** The month's calls as `relsync plan` projects them (set by the status command; absent before any run). */
  monthProjection?: MonthProjection | null;
  /** Each relevance tier's oldest whole read of a company↔person set: the staleness bound that holds now. */
  tiers?: TierSummary | null;
  /** Records parked in `quarantine` (failed validation or transform), per stream. */
  quarantined: QuarantineCount[];
}

export interface QuarantineCount {
  stream: string;
  records: number;
  lastSeenAt: string;
}

/** Records in `quarantine` per stream, with when one was last refused. */
async function quarantineCounts(db: Db): Promise<QuarantineCount[]> {
  if (!(await tableExists(db, 'quarantine'))) return [];
  const rows = await db.kysely
    .selectFrom('quarantine')
    .select((eb) => ['stream', eb.fn.countAll<number>().as('records'), eb.fn.max('last_seen_at').as('lastSeenAt')])
    .groupBy('stream')
    .orderBy('stream')
    .execute();
  return rows.map((r) => ({ stream: r.stream, records: Number(r.records), lastSeenAt: String(r.lastSeenAt) }));
}

/** The plan model's month (docs/sync.md "Calls under a monthly budget"), shown next to the rate budget seen. */
export interface MonthProjection {
  plannedPerMonth: number;
  everyRunPerMonth: number;
  periodicPerMonth: number;
  monthlyBudget: number | null;
  fits: boolean;
  stretch: number | null;
  /** Periodic streams not priced yet (no complete pass): their passes are missing from the projection. */
  unpriced: string[];
}

export async function readStatus(db: Db, opts: { now: Date; schedule: string; streams?: readonly string[] }): Promise<Status> {
  const cps = await listCheckpoints(db.kysely);
  const byStream = new Map<string, StreamStatus>();
  for (const cp of cps) {
    const s = byStream.get(cp.stream) ?? {
      stream: cp.stream,
      partitions: 0,
      lastSuccessAt: null,
      lastSweepAt: null,
      mode: 'never run' as const,
      lagSeconds: null,
      lastRun: null,
    };
    s.partitions += 1;
    if (cp.lastSuccessAt && (!s.lastSuccessAt || cp.lastSuccessAt > s.lastSuccessAt)) s.lastSuccessAt = cp.lastSuccessAt;
    const sweptAt = cp.checkpoint.lastSweepCompletedAt;
    if (sweptAt && (!s.lastSweepAt || sweptAt > s.lastSweepAt)) s.lastSweepAt = sweptAt;
    if (cp.checkpoint.due) s.due = cp.checkpoint.due.reason;
    if (cp.checkpoint.sweep) s.mode = 'sweep in progress';
    else if (s.mode !== 'sweep in progress') s.mode = cp.checkpoint.highWater ? 'incremental' : sweptAt ? 'swept' : s.mode;
    byStream.set(cp.stream, s);
  }
  for (const s of byStream.values()) {
    s.lagSeconds = s.lastSuccessAt ? Math.round((opts.now.getTime() - Date.parse(s.lastSuccessAt)) / 1000) : null;
  }
  for (const name of opts.streams ?? []) {
    if (!byStream.has(name))
      byStream.set(name, { stream: name, partitions: 0, lastSuccessAt: null, lastSweepAt: null, mode: 'never run', lagSeconds: null, lastRun: null });
  }
  const runs = await db.kysely.selectFrom('sync_runs').selectAll().orderBy('started_at', 'desc').limit(20).execute();
  for (const r of runs) {
    const streams = r.streams_json
      ? (JSON.parse(r.streams_json) as Record<
          string,
          { status: string; mode: string; pages: number; rows: number; error?: string; sweepPart?: SweepPart; held?: HeldDeletes }
        >)
      : {};
    for (const [name, st] of Object.entries(streams)) {
      const s = byStream.get(name);
      if (s && !s.lastRun && st.status !== 'skipped')
        s.lastRun = {
          status: st.status,
          mode: st.mode,
          pages: st.pages,
          rows: st.rows,
          ...(st.error ? { error: st.error } : {}),
          ...(st.sweepPart ? { sweepPart: st.sweepPart } : {}),
          ...(st.held ? { held: st.held } : {}),
        };
    }
  }
  const rowCounts: Record<string, number> = {};
  for (const table of REPORTED_TABLES) {
    if (!(await tableExists(db, table))) continue;
    const r = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db.kysely);
    rowCounts[table] = Number(r.rows[0]?.n ?? 0);
  }
  const sources = (await tableExists(db, 'sync_sources')) ? await listSources(db.kysely) : [];
  const account = (await tableExists(db, 'sync_account')) ? await readWarehouseAccount(db) : null;
  const budgetRow = runs.find((r) => r.rate_budget_json);
  let next: string | null = null;
  try {
    const task = createTask(opts.schedule, () => undefined);
    // A task that was never started reports no next run; ask for the next match instead.
    next = task.getNextRuns(1)[0]?.toISOString() ?? null;
    await task.destroy();
  } catch {
    next = null;
  }
  return {
    database: db.describe,
    account,
    streams: [...byStream.values()],
    lastRuns: runs.slice(0, 5).map((r) => ({
      id: r.id,
      command: r.command,
      mode: r.mode,
      status: r.status,
      startedAt: r.started_at,
      durationMs: r.duration_ms,
      calls: r.calls_total,
      rows: r.rows_total,
    })),
    rowCounts,
    rateBudget: budgetRow?.rate_budget_json ? (JSON.parse(budgetRow.rate_budget_json) as unknown) : null,
    nextScheduledRun: next,
    sources,
    quarantined: await quarantineCounts(db),
  };
}
