import { createRequire as relsyncCreateRequire } from 'node:module';
const require = relsyncCreateRequire(import.meta.url);
import {
  REPORTED_TABLES,
  listSources
} from "./chunk-VHZNFHXY.js";
import {
  listCheckpoints,
  sql,
  tableExists
} from "./chunk-C4J6S7LO.js";

// src/state/status.ts
import { createTask } from "node-cron";
async function quarantineCounts(db) {
  if (!await tableExists(db, "quarantine")) return [];
  const rows = await db.kysely.selectFrom("quarantine").select((eb) => ["stream", eb.fn.countAll().as("records"), eb.fn.max("last_seen_at").as("lastSeenAt")]).groupBy("stream").orderBy("stream").execute();
  return rows.map((r) => ({ stream: r.stream, records: Number(r.records), lastSeenAt: String(r.lastSeenAt) }));
}
async function readStatus(db, opts) {
  const cps = await listCheckpoints(db.kysely);
  const byStream = /* @__PURE__ */ new Map();
  for (const cp of cps) {
    const s = byStream.get(cp.stream) ?? {
      stream: cp.stream,
      partitions: 0,
      lastSuccessAt: null,
      lastSweepAt: null,
      mode: "never run",
      lagSeconds: null,
      lastRun: null
    };
    s.partitions += 1;
    if (cp.lastSuccessAt && (!s.lastSuccessAt || cp.lastSuccessAt > s.lastSuccessAt)) s.lastSuccessAt = cp.lastSuccessAt;
    const sweptAt = cp.checkpoint.lastSweepCompletedAt;
    if (sweptAt && (!s.lastSweepAt || sweptAt > s.lastSweepAt)) s.lastSweepAt = sweptAt;
    if (cp.checkpoint.due) s.due = cp.checkpoint.due.reason;
    if (cp.checkpoint.sweep) s.mode = "sweep in progress";
    else if (s.mode !== "sweep in progress") s.mode = cp.checkpoint.highWater ? "incremental" : sweptAt ? "swept" : s.mode;
    byStream.set(cp.stream, s);
  }
  for (const s of byStream.values()) {
    s.lagSeconds = s.lastSuccessAt ? Math.round((opts.now.getTime() - Date.parse(s.lastSuccessAt)) / 1e3) : null;
  }
  for (const name of opts.streams ?? []) {
    if (!byStream.has(name))
      byStream.set(name, { stream: name, partitions: 0, lastSuccessAt: null, lastSweepAt: null, mode: "never run", lagSeconds: null, lastRun: null });
  }
  const runs = await db.kysely.selectFrom("sync_runs").selectAll().orderBy("started_at", "desc").limit(20).execute();
  for (const r of runs) {
    const streams = r.streams_json ? JSON.parse(r.streams_json) : {};
    for (const [name, st] of Object.entries(streams)) {
      const s = byStream.get(name);
      if (s && !s.lastRun && st.status !== "skipped")
        s.lastRun = {
          status: st.status,
          mode: st.mode,
          pages: st.pages,
          rows: st.rows,
          ...st.error ? { error: st.error } : {},
          ...st.sweepPart ? { sweepPart: st.sweepPart } : {}
        };
    }
  }
  const rowCounts = {};
  for (const table of REPORTED_TABLES) {
    if (!await tableExists(db, table)) continue;
    const r = await sql`select count(*) as n from ${sql.table(table)}`.execute(db.kysely);
    rowCounts[table] = Number(r.rows[0]?.n ?? 0);
  }
  const sources = await tableExists(db, "sync_sources") ? await listSources(db.kysely) : [];
  const budgetRow = runs.find((r) => r.rate_budget_json);
  let next = null;
  try {
    const task = createTask(opts.schedule, () => void 0);
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
      rows: r.rows_total
    })),
    rowCounts,
    rateBudget: budgetRow?.rate_budget_json ? JSON.parse(budgetRow.rate_budget_json) : null,
    nextScheduledRun: next,
    sources,
    quarantined: await quarantineCounts(db)
  };
}

export {
  readStatus
};
