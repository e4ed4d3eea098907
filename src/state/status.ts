import { sql } from 'kysely';
import { createTask } from 'node-cron';
import type { Db } from '../load/db.ts';
import { tableExists } from '../load/db.ts';
import { REPORTED_TABLES } from '../load/tables.ts';
import { listCheckpoints } from './checkpoint.ts';
import { listSources, UNAVAILABLE, type CapabilitySource } from './sources.ts';
import type { SweepPart } from './runs.ts';
import { streamModeWords } from './stream-words.ts';
import { tierWords, type TierSummary } from './tier-words.ts';

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
  lastRun?: { status: string; mode: string; pages: number; rows: number; error?: string; sweepPart?: SweepPart } | null;
}

export interface Status {
  database: string;
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
      ? (JSON.parse(r.streams_json) as Record<string, { status: string; mode: string; pages: number; rows: number; error?: string; sweepPart?: SweepPart }>)
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
  };
}

function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

function ago(seconds: number | null): string {
  if (seconds === null) return '-';
  if (seconds < 120) return `${seconds}s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)}m`;
  if (seconds < 172800) return `${Math.round(seconds / 3600)}h`;
  return `${Math.round(seconds / 86400)}d`;
}

/**
 * The checkpoint state in words. A stream that ran but saved no checkpoint (nothing was due, or it had
 * nothing to read) is not "never run" beside its last run.
 */
function checkpointWords(x: StreamStatus): string {
  if (x.due) return 'full pass due (upgrade)';
  if (x.mode === 'never run') return x.lastRun ? 'nothing saved yet' : 'never run';
  return x.mode === 'incremental' ? 'following changes' : x.mode;
}

/** Calls left, never readable as calls used: `remaining 890 of 900` (the headers give remaining / limit). */
function rateWords(remaining: number | null | undefined, limit: number | null | undefined): string {
  return `remaining ${remaining ?? '?'}${limit ? ` of ${limit}` : ''}`;
}

export function formatStatus(s: Status): string {
  const out: string[] = [`warehouse: ${s.database}`, ''];
  out.push(
    s.streams.length === 0
      ? 'no stream has run yet: run `relsync sync`'
      : table(
          ['stream', 'checkpoint', 'last completed', 'ago', 'last full sweep', 'last run', 'pages read', 'rows written (all its tables)'],
          s.streams.map((x) => [
            x.stream,
            checkpointWords(x),
            x.lastSuccessAt ?? '-',
            ago(x.lagSeconds),
            x.lastSweepAt ?? '-',
            x.lastRun ? `${x.lastRun.status}: ${streamModeWords(x.lastRun)}` : '-',
            x.lastRun ? String(x.lastRun.pages) : '-',
            x.lastRun ? String(x.lastRun.rows) : '-',
          ]),
        ),
  );
  const due = s.streams.filter((x) => x.due);
  if (due.length > 0) out.push('', 'due after the upgrade (the next sync reads these passes):', ...due.map((x) => `  ${x.stream}: ${x.due}`));
  out.push(
    '',
    'rows:',
    table(
      ['table', 'rows'],
      Object.entries(s.rowCounts).map(([t, n]) => [t, String(n)]),
    ),
  );
  if (s.lastRuns.length > 0) {
    out.push(
      '',
      'last runs:',
      table(
        ['started', 'command', 'mode', 'status', 'calls', 'rows', 'duration'],
        s.lastRuns.map((r) => [
          r.startedAt,
          r.command,
          r.mode,
          r.status,
          String(r.calls),
          String(r.rows),
          r.durationMs === null ? '-' : `${(r.durationMs / 1000).toFixed(1)}s`,
        ]),
      ),
    );
  }
  const capabilities = s.sources.filter((c) => c.source !== UNAVAILABLE);
  if (capabilities.length > 0) {
    out.push(
      '',
      'sources (where each capability comes from):',
      table(
        ['capability', 'source', 'decided', 'refused'],
        capabilities.map((c) => [c.capability, c.source, c.decidedAt ?? '-', Object.keys(c.refused).join(', ') || '-']),
      ),
    );
    for (const c of capabilities) {
      for (const [source, r] of Object.entries(c.refused)) out.push(`  ${source} refused ${r.at}: ${r.status ?? '?'} on ${r.endpoint}: ${r.message}`);
    }
  }
  // Optional endpoints this tenant does not have (runner/sources.ts): the row is keyed by the stream.
  const unavailable = s.sources.filter((c) => c.source === UNAVAILABLE);
  if (unavailable.length > 0) {
    out.push('', 'optional endpoints:');
    for (const c of unavailable) {
      const r = c.refused[c.capability];
      const said = r ? ` (${r.status ?? '?'} on ${r.endpoint}: ${r.message})` : '';
      out.push(`  ${c.capability}: unavailable on this tenant since ${c.decidedAt ?? '-'}${said}`);
    }
  }
  const errors = s.streams.filter((x) => x.lastRun?.error);
  if (errors.length > 0) out.push('', 'errors in the last runs:', ...errors.map((x) => `  ${x.stream}: ${x.lastRun?.error}`));
  const b = s.rateBudget as {
    userRemaining?: number | null;
    userLimit?: number | null;
    orgRemaining?: number | null;
    orgLimit?: number | null;
    observedAt?: string | null;
  } | null;
  out.push(
    '',
    b
      ? `rate budget (seen ${b.observedAt ?? '?'}): ${rateWords(b.userRemaining, b.userLimit)} this minute, ${b.orgRemaining === null || b.orgRemaining === undefined ? 'no monthly cap' : `${rateWords(b.orgRemaining, b.orgLimit)} this month`}`
      : 'rate budget: unknown (no run yet)',
  );
  const p = s.monthProjection;
  if (p) {
    const n = (x: number) => Math.round(x).toLocaleString('en-US');
    const verdict =
      p.monthlyBudget === null
        ? 'no monthly budget known'
        : `budget ${n(p.monthlyBudget)}: ${p.fits ? 'fits' : `does NOT fit, periods stretched ×${(p.stretch ?? Infinity).toFixed(2)}`}`;
    out.push(
      `month projected (relsync plan): ${n(p.plannedPerMonth)} calls (every run ${n(p.everyRunPerMonth)}, periodic ${n(p.periodicPerMonth)}); ${verdict}${p.unpriced.length ? `; not priced yet: ${p.unpriced.length} streams` : ''}`,
    );
  }
  if (s.tiers) out.push(...tierWords(s.tiers, true));
  out.push(`next scheduled run: ${s.nextScheduledRun ?? '-'}`, '');
  return out.join('\n');
}
