import { sql } from 'kysely';
import { createTask } from 'node-cron';
import type { Db } from '../load/db.ts';
import { tableExists } from '../load/db.ts';
import { listCheckpoints } from './checkpoint.ts';

export interface StreamStatus {
  stream: string;
  partitions: number;
  lastSuccessAt: string | null;
  lastSweepAt: string | null;
  mode: 'never run' | 'sweep in progress' | 'incremental' | 'swept';
  lagSeconds: number | null;
}

export interface Status {
  database: string;
  streams: StreamStatus[];
  lastRuns: Array<{ id: string; command: string; mode: string; status: string; startedAt: string; durationMs: number | null; calls: number; rows: number }>;
  rowCounts: Record<string, number>;
  rateBudget: unknown;
  nextScheduledRun: string | null;
}

const COUNTED_TABLES = [
  'companies', 'persons', 'opportunities', 'lists', 'list_entries', 'fields', 'field_values', 'field_value_changes',
  'opportunity_persons', 'opportunity_companies', 'company_persons', 'notes', 'reminders', 'interactions', 'files',
  'users', 'quarantine',
];

export async function readStatus(db: Db, opts: { now: Date; schedule: string }): Promise<Status> {
  const cps = await listCheckpoints(db.kysely);
  const byStream = new Map<string, StreamStatus>();
  for (const cp of cps) {
    const s = byStream.get(cp.stream) ?? { stream: cp.stream, partitions: 0, lastSuccessAt: null, lastSweepAt: null, mode: 'never run' as const, lagSeconds: null };
    s.partitions += 1;
    if (cp.lastSuccessAt && (!s.lastSuccessAt || cp.lastSuccessAt > s.lastSuccessAt)) s.lastSuccessAt = cp.lastSuccessAt;
    const sweptAt = cp.checkpoint.lastSweepCompletedAt;
    if (sweptAt && (!s.lastSweepAt || sweptAt > s.lastSweepAt)) s.lastSweepAt = sweptAt;
    if (cp.checkpoint.sweep) s.mode = 'sweep in progress';
    else if (s.mode !== 'sweep in progress') s.mode = cp.checkpoint.highWater ? 'incremental' : sweptAt ? 'swept' : s.mode;
    byStream.set(cp.stream, s);
  }
  for (const s of byStream.values()) {
    s.lagSeconds = s.lastSuccessAt ? Math.round((opts.now.getTime() - Date.parse(s.lastSuccessAt)) / 1000) : null;
  }
  const runs = await db.kysely.selectFrom('sync_runs').selectAll().orderBy('started_at', 'desc').limit(5).execute();
  const rowCounts: Record<string, number> = {};
  for (const table of COUNTED_TABLES) {
    if (!(await tableExists(db, table))) continue;
    const r = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db.kysely);
    rowCounts[table] = Number(r.rows[0]?.n ?? 0);
  }
  const budgetRow = runs.find((r) => r.rate_budget_json);
  let next: string | null = null;
  try {
    const task = createTask(opts.schedule, () => undefined);
    next = task.getNextRun()?.toISOString() ?? null;
    await task.destroy();
  } catch {
    next = null;
  }
  return {
    database: db.describe,
    streams: [...byStream.values()],
    lastRuns: runs.map((r) => ({
      id: r.id, command: r.command, mode: r.mode, status: r.status, startedAt: r.started_at,
      durationMs: r.duration_ms, calls: r.calls_total, rows: r.rows_total,
    })),
    rowCounts,
    rateBudget: budgetRow?.rate_budget_json ? (JSON.parse(budgetRow.rate_budget_json) as unknown) : null,
    nextScheduledRun: next,
  };
}

function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

function ago(seconds: number | null): string {
  if (seconds === null) return '-';
  if (seconds < 120) return `${seconds}s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)}m`;
  if (seconds < 172800) return `${Math.round(seconds / 3600)}h`;
  return `${Math.round(seconds / 86400)}d`;
}

export function formatStatus(s: Status): string {
  const out: string[] = [`warehouse: ${s.database}`, ''];
  out.push(
    s.streams.length === 0
      ? 'no stream has run yet: run `relsync sync`'
      : table(
          ['stream', 'mode', 'partitions', 'last success', 'lag', 'last full sweep'],
          s.streams.map((x) => [x.stream, x.mode, String(x.partitions), x.lastSuccessAt ?? '-', ago(x.lagSeconds), x.lastSweepAt ?? '-']),
        ),
  );
  out.push('', 'rows:', table(['table', 'rows'], Object.entries(s.rowCounts).map(([t, n]) => [t, String(n)])));
  if (s.lastRuns.length > 0) {
    out.push('', 'last runs:', table(
      ['started', 'command', 'mode', 'status', 'calls', 'rows', 'duration'],
      s.lastRuns.map((r) => [r.startedAt, r.command, r.mode, r.status, String(r.calls), String(r.rows), r.durationMs === null ? '-' : `${(r.durationMs / 1000).toFixed(1)}s`]),
    ));
  }
  out.push('', `rate budget (last seen): ${s.rateBudget ? JSON.stringify(s.rateBudget) : 'unknown'}`);
  out.push(`next scheduled run: ${s.nextScheduledRun ?? '-'}`, '');
  return out.join('\n');
}
