import { createRequire as relsyncCreateRequire } from 'node:module';
const require = relsyncCreateRequire(import.meta.url);
import {
  readStatus
} from "./chunk-V55AR3HD.js";
import {
  createReceiver,
  deliveryStats,
  parseDelivery,
  pendingDeliveries,
  storeDelivery
} from "./chunk-DEPKI7M5.js";
import {
  clientFromConfig,
  executeSync,
  notFoundMissing,
  softDeleteMissing,
  stampKeys,
  unmetNeeds
} from "./chunk-KPKK5NZ3.js";
import "./chunk-3EUJRTOD.js";
import {
  ALL_STREAMS,
  HINT_RUN_COMMAND,
  companyPersonSide,
  markDirty
} from "./chunk-VHZNFHXY.js";
import {
  WarehouseBusyError,
  acquireWriterLock,
  upgradeWarehouse
} from "./chunk-3AGDFFSI.js";
import {
  openDatabase,
  tableExists
} from "./chunk-C4J6S7LO.js";
import {
  commandContext,
  installStopSignals,
  missingKeyError
} from "./chunk-U6T6MHVZ.js";
import {
  DEFAULT_WEBHOOK_MAX_BODY_BYTES,
  DEFAULT_WEBHOOK_RATE_PER_MINUTE,
  UserError,
  errorMessage,
  external_exports,
  maskUrlPasswords,
  redact
} from "./chunk-CRSUMNAO.js";

// src/scheduler/metrics.ts
import { createServer } from "node:http";

// src/scheduler/run-stats.ts
var RUN_OUTCOMES = ["succeeded", "partial", "failed", "interrupted"];
var budgetSchema = external_exports.object({
  userRemaining: external_exports.number().nullable().optional(),
  orgRemaining: external_exports.number().nullable().optional()
});
var RunStats = class {
  startedAt;
  runningSince = null;
  lastRun = null;
  lastSuccessAt = null;
  overlapsSkipped = 0;
  runs = { succeeded: 0, partial: 0, failed: 0, interrupted: 0 };
  streams = /* @__PURE__ */ new Map();
  apiCalls = /* @__PURE__ */ new Map();
  rateLimit = { minute: null, month: null };
  constructor(startedAt) {
    this.startedAt = startedAt.toISOString();
  }
  /** Last-seen values from the warehouse, so a restarted scheduler does not report "never" until its first run. */
  seed(status) {
    for (const s of status.streams) this.stream(s.stream).lastSuccessAt ??= s.lastSuccessAt;
    const success = status.lastRuns.find((r) => r.status === "succeeded");
    if (success && !this.lastSuccessAt) {
      this.lastSuccessAt = new Date(Date.parse(success.startedAt) + (success.durationMs ?? 0)).toISOString();
    }
    this.takeBudget(status.rateBudget);
  }
  recordStart(at) {
    this.runningSince = at.toISOString();
  }
  /** A run that found nothing to do (a hint run with no pending hint) ended: not running, nothing else changes. */
  recordIdle() {
    this.runningSince = null;
  }
  recordOverlap() {
    this.overlapsSkipped += 1;
    return this.overlapsSkipped;
  }
  recordSummary(summary, startedAt) {
    const outcome = summary.status === "running" ? "interrupted" : summary.status;
    this.runs[outcome] += 1;
    for (const [name, s] of Object.entries(summary.streams)) {
      const c = this.stream(name);
      c.rows += s.rows;
      if (s.status === "succeeded") c.lastSuccessAt = summary.finishedAt;
    }
    for (const e of summary.errors) this.stream(e.stream).errors += 1;
    for (const [endpoint, n] of Object.entries(summary.calls)) this.apiCalls.set(endpoint, (this.apiCalls.get(endpoint) ?? 0) + n);
    this.takeBudget(summary.rateBudget);
    this.lastRun = {
      status: outcome,
      startedAt: startedAt.toISOString(),
      finishedAt: summary.finishedAt,
      durationMs: summary.durationMs,
      rows: summary.rowsTotal,
      calls: summary.callsTotal,
      errors: summary.errors.map((e) => `${e.stream}: ${e.message}`)
    };
    if (outcome === "succeeded") this.lastSuccessAt = summary.finishedAt;
    this.runningSince = null;
  }
  /** The runner threw before it could summarise (lock busy, key rejected, database unreachable). */
  recordFailure(message, startedAt, finishedAt) {
    this.runs.failed += 1;
    this.lastRun = {
      status: "failed",
      startedAt: startedAt.toISOString(),
      finishedAt: finishedAt.toISOString(),
      durationMs: finishedAt.getTime() - startedAt.getTime(),
      rows: null,
      calls: null,
      errors: [message]
    };
    this.runningSince = null;
  }
  snapshot() {
    return {
      startedAt: this.startedAt,
      running: this.runningSince !== null,
      runningSince: this.runningSince,
      lastRun: this.lastRun ? { ...this.lastRun, errors: [...this.lastRun.errors] } : null,
      lastSuccessAt: this.lastSuccessAt,
      overlapsSkipped: this.overlapsSkipped,
      runs: { ...this.runs },
      streams: Object.fromEntries([...this.streams].map(([k, v]) => [k, { ...v }])),
      apiCalls: Object.fromEntries(this.apiCalls),
      rateLimit: { ...this.rateLimit }
    };
  }
  stream(name) {
    let c = this.streams.get(name);
    if (!c) {
      c = { lastSuccessAt: null, rows: 0, errors: 0 };
      this.streams.set(name, c);
    }
    return c;
  }
  /** Keep the last value actually seen: a run that failed before its first response knows nothing new. */
  takeBudget(raw) {
    const parsed = budgetSchema.safeParse(raw);
    if (!parsed.success) return;
    this.rateLimit = {
      minute: parsed.data.userRemaining ?? this.rateLimit.minute,
      month: parsed.data.orgRemaining ?? this.rateLimit.month
    };
  }
};

// src/scheduler/metrics-text.ts
function escapeLabelValue(value) {
  return value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
}
function escapeHelp(text) {
  return text.replace(/\\/g, "\\\\").replace(/\n/g, "\\n");
}
function formatSampleValue(n) {
  if (Number.isNaN(n)) return "NaN";
  if (n === Infinity) return "+Inf";
  if (n === -Infinity) return "-Inf";
  return String(n);
}
function family(name, type, help, samples) {
  const lines = [`# HELP ${name} ${escapeHelp(help)}`, `# TYPE ${name} ${type}`];
  for (const s of samples) {
    const labels = Object.entries(s.labels ?? {});
    const rendered = labels.length === 0 ? "" : `{${labels.map(([k, v]) => `${k}="${escapeLabelValue(v)}"`).join(",")}}`;
    lines.push(`${name}${rendered} ${formatSampleValue(s.value)}`);
  }
  return lines;
}
var byName = (rec) => Object.entries(rec).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0);
function renderMetrics(s) {
  const streams = byName(s.streams);
  const lines = [
    ...family(
      "relsync_last_success_timestamp_seconds",
      "gauge",
      "Unix time each stream last finished a run without error.",
      streams.flatMap(([stream, c]) => c.lastSuccessAt ? [{ labels: { stream }, value: Date.parse(c.lastSuccessAt) / 1e3 }] : [])
    ),
    ...family(
      "relsync_stream_rows_total",
      "counter",
      "Warehouse rows written per stream since the scheduler started.",
      streams.map(([stream, c]) => ({ labels: { stream }, value: c.rows }))
    ),
    ...family(
      "relsync_stream_errors_total",
      "counter",
      "Stream failures since the scheduler started.",
      streams.map(([stream, c]) => ({ labels: { stream }, value: c.errors }))
    ),
    ...family(
      "relsync_api_calls_total",
      "counter",
      "Affinity API calls per endpoint since the scheduler started.",
      byName(s.apiCalls).map(([endpoint, n]) => ({ labels: { endpoint }, value: n }))
    ),
    ...family("relsync_run_duration_seconds", "gauge", "Duration of the last finished run.", s.lastRun ? [{ value: s.lastRun.durationMs / 1e3 }] : []),
    ...family(
      "relsync_runs_total",
      "counter",
      "Finished runs by outcome since the scheduler started.",
      RUN_OUTCOMES.map((status) => ({ labels: { status }, value: s.runs[status] }))
    ),
    ...family("relsync_overlaps_skipped_total", "counter", "Cron ticks skipped because the previous run was still going.", [{ value: s.overlapsSkipped }]),
    ...family("relsync_rate_limit_remaining", "gauge", "Requests left in the API rate-limit window, as last seen (minute: per user, month: per account).", [
      ...s.rateLimit.minute !== null ? [{ labels: { scope: "minute" }, value: s.rateLimit.minute }] : [],
      ...s.rateLimit.month !== null ? [{ labels: { scope: "month" }, value: s.rateLimit.month }] : []
    ])
  ];
  return `${lines.join("\n")}
`;
}

// src/scheduler/metrics.ts
var PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8";
function send(res, status, type, body, head) {
  res.writeHead(status, { "content-type": type, "content-length": Buffer.byteLength(body), "cache-control": "no-store" });
  res.end(head ? void 0 : body);
}
function handle(req, res, source) {
  const path = (req.url ?? "/").split("?")[0];
  const head = req.method === "HEAD";
  if (path !== "/healthz" && path !== "/metrics") {
    send(res, 404, "text/plain; charset=utf-8", "not found: try /healthz or /metrics\n", head);
    return;
  }
  if (req.method !== "GET" && !head) {
    res.setHeader("allow", "GET, HEAD");
    send(res, 405, "text/plain; charset=utf-8", "method not allowed\n", false);
    return;
  }
  if (path === "/healthz") {
    const h = source.health();
    send(res, h.httpStatus, "application/json; charset=utf-8", `${JSON.stringify(h.body)}
`, head);
    return;
  }
  send(res, 200, PROMETHEUS_TEXT, renderMetrics(source.snapshot()), head);
}
async function startMetricsServer(opts) {
  const host = opts.host ?? "127.0.0.1";
  const server = createServer((req, res) => {
    try {
      if (opts.extra?.(req, res)) return;
      handle(req, res, opts.source);
    } catch (err) {
      opts.log.error({ err: errorMessage(err), path: req.url }, "metrics endpoint failed");
      if (!res.headersSent) send(res, 500, "text/plain; charset=utf-8", "internal error\n", false);
      else res.destroy();
    }
  });
  await new Promise((resolve, reject) => {
    const onError = (err) => {
      if (err.code === "EADDRINUSE") {
        reject(
          new UserError(`RELSYNC_METRICS_PORT ${opts.port} is already in use on ${host}.`, {
            hint: 'Set RELSYNC_METRICS_PORT (or "metricsPort" in the config file) to a free port, or to 0 to turn the endpoint off.'
          })
        );
      } else {
        reject(err);
      }
    };
    server.once("error", onError);
    server.listen(opts.port, host, () => {
      server.off("error", onError);
      resolve();
    });
  });
  const port = server.address().port;
  return {
    url: `http://${host}:${port}`,
    port,
    close: () => new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    })
  };
}

// src/scheduler/scheduler.ts
import { schedule } from "node-cron";

// src/scheduler/cron.ts
import { createTask } from "node-cron";
function nextRuns(expression, count) {
  const task = createTask(expression, () => void 0);
  try {
    return task.getNextRuns(count);
  } finally {
    void task.destroy();
  }
}
function cronIntervalMs(expression, samples = 12) {
  const runs = nextRuns(expression, samples + 1);
  let longest = 0;
  for (let i = 1; i < runs.length; i++) {
    const a = runs[i - 1];
    const b = runs[i];
    if (a && b) longest = Math.max(longest, b.getTime() - a.getTime());
  }
  return longest;
}

// src/scheduler/health.ts
var STALE_INTERVALS = 3;
function evaluateHealth(s, opts) {
  const base = {
    running: s.running,
    runningSince: s.runningSince,
    lastRun: s.lastRun,
    lastSuccessAt: s.lastSuccessAt,
    nextRun: opts.nextRun ? opts.nextRun.toISOString() : null,
    overlapsSkipped: s.overlapsSkipped
  };
  if (s.lastRun?.status === "failed") {
    return { httpStatus: 503, body: { status: "failing", reason: "the last run failed", ...base } };
  }
  const since = Math.max(Date.parse(s.startedAt), s.lastSuccessAt ? Date.parse(s.lastSuccessAt) : 0);
  const allowedMs = STALE_INTERVALS * opts.intervalMs;
  if (opts.now.getTime() - since > allowedMs) {
    const reason = `no run succeeded in the last ${Math.round(allowedMs / 1e3)} s (${STALE_INTERVALS}\xD7 the schedule interval)`;
    return { httpStatus: 503, body: { status: "failing", reason, ...base } };
  }
  return { httpStatus: 200, body: { status: "ok", ...base } };
}

// src/scheduler/scheduler.ts
function cronLogger(log) {
  const detail = (m) => typeof m === "string" ? m : m.message;
  return {
    info: (m) => log.debug({ source: "node-cron", detail: m }, "node-cron message"),
    warn: (m) => log.warn({ source: "node-cron", detail: m }, "node-cron warning"),
    error: (m) => log.error({ source: "node-cron", detail: detail(m) }, "node-cron error"),
    debug: (m) => log.debug({ source: "node-cron", detail: detail(m) }, "node-cron message")
  };
}
var Scheduler = class {
  stats;
  cron;
  /** The schedule's (longest) interval between runs, for /healthz staleness. */
  intervalMs;
  runOnce;
  log;
  now;
  secrets;
  task = null;
  current = null;
  stopping = false;
  stopped = null;
  constructor(opts) {
    this.cron = opts.cron;
    this.runOnce = opts.runOnce;
    this.log = opts.log;
    this.now = opts.now ?? (() => /* @__PURE__ */ new Date());
    this.secrets = opts.secrets ?? [];
    this.intervalMs = cronIntervalMs(opts.cron);
    this.stats = new RunStats(this.now());
  }
  /** Arm the cron task. A no-op once stopping (a signal may arrive before start). */
  start() {
    if (this.task || this.stopping) return;
    const task = schedule(this.cron, () => this.tick(), { name: "relsync schedule", logger: cronLogger(this.log) });
    task.on("execution:missed", (ctx) => this.log.debug({ missedAt: ctx.date.toISOString() }, "cron tick missed: the event loop was busy"));
    this.task = task;
  }
  get running() {
    return this.current !== null;
  }
  nextRun() {
    return this.task && !this.stopping ? this.task.getNextRun() : null;
  }
  /**
   * One cron tick: start a run unless one is in hand. node-cron calls it; it resolves when the run it
   * started (if any) has finished, and never rejects.
   */
  tick() {
    if (this.stopping) return Promise.resolve();
    if (this.current) {
      const overlapsSkipped = this.stats.recordOverlap();
      this.log.warn(
        { skipped: true, reason: "overlap", overlapsSkipped, runningSince: this.stats.snapshot().runningSince },
        "tick skipped: the previous run is still going"
      );
      return Promise.resolve();
    }
    const run = this.runGuarded(this.runOnce, "scheduled run").finally(() => {
      this.current = null;
    });
    this.current = run;
    return run;
  }
  /**
   * Start `run` now, outside the cron expression (a webhook hint run, webhooks/trigger.ts), unless a run is in
   * hand or the scheduler is stopping: then null, and the caller tries again after it. `run` resolving
   * to null did nothing and is not recorded.
   */
  runNow(run, label) {
    if (this.stopping || this.current) return null;
    const p = this.runGuarded(run, label).finally(() => {
      this.current = null;
    });
    this.current = p;
    return p;
  }
  /** Graceful shutdown; idempotent (a second call returns the same promise). */
  stop() {
    if (this.stopped) return this.stopped;
    this.stopping = true;
    const task = this.task;
    this.task = null;
    const inHand = this.current;
    if (inHand) this.log.warn({ runningSince: this.stats.snapshot().runningSince }, "stopping: the run in hand finishes its page, then stops");
    else this.log.info("stopping: no run in progress");
    this.stopped = (async () => {
      await task?.destroy();
      if (inHand) await inHand;
      this.log.info("scheduler stopped");
    })();
    return this.stopped;
  }
  snapshot() {
    return this.stats.snapshot();
  }
  health() {
    return evaluateHealth(this.stats.snapshot(), { now: this.now(), intervalMs: this.intervalMs, nextRun: this.nextRun() });
  }
  async runGuarded(runOnce, label) {
    const startedAt = this.now();
    this.stats.recordStart(startedAt);
    this.log.info({ startedAt: startedAt.toISOString(), run: label }, "scheduled run starting");
    try {
      const summary = await runOnce({ shouldStop: () => this.stopping });
      if (summary === null) {
        this.stats.recordIdle();
        return;
      }
      this.stats.recordSummary(summary, startedAt);
      const fields = { status: summary.status, rows: summary.rowsTotal, calls: summary.callsTotal, durationMs: summary.durationMs };
      if (summary.errors.length > 0 || summary.status === "failed") {
        const errors = summary.errors.map((e) => ({ stream: e.stream, message: maskUrlPasswords(redact(e.message, this.secrets)) }));
        this.log.error({ ...fields, errors }, "scheduled run finished with errors; the schedule goes on");
      } else {
        this.log.info(fields, "scheduled run finished");
      }
    } catch (err) {
      if (err instanceof WarehouseBusyError) {
        this.stats.recordIdle();
        this.log.warn({ skipped: this.stats.recordOverlap(), holder: err.message }, "scheduled run skipped: another process is writing to this warehouse");
        return;
      }
      const message = maskUrlPasswords(redact(errorMessage(err), this.secrets));
      const hint = err instanceof UserError && err.hint ? maskUrlPasswords(redact(err.hint, this.secrets)) : void 0;
      this.stats.recordFailure(message, startedAt, this.now());
      this.log.error({ err: message, ...hint ? { hint } : {} }, "scheduled run failed; the schedule goes on");
    }
    const next = this.nextRun();
    if (next) this.log.info({ nextRun: next.toISOString() }, "next run");
  }
};

// src/scheduler/seed.ts
async function seedFromWarehouse(stats, opts) {
  try {
    const db = await openDatabase(opts.databaseUrl);
    try {
      if (!await tableExists(db, "sync_state")) return;
      stats.seed(await readStatus(db, { now: opts.now, schedule: opts.schedule }));
    } finally {
      await db.close();
    }
  } catch (err) {
    opts.log.warn({ err: redact(errorMessage(err), [opts.databaseUrl]) }, "could not read the warehouse status; metrics start empty");
  }
}

// src/webhooks/service.ts
import { createServer as createServer2 } from "node:http";

// src/state/hinted.ts
async function noteHinted(trx, marks, now) {
  await stampKeys(trx, "sync_hinted", marks, now);
}

// src/webhooks/apply-hints.ts
var PAGE = 500;
async function linkedIds(db, column, ids) {
  if (ids.length === 0) return [];
  const other = column === "company_id" ? "person_id" : "company_id";
  const rows = await db.selectFrom("company_persons").select(other).where(column, "in", [...ids]).execute();
  return rows.map((r) => Number(r[other]));
}
async function listOf(db, entryId) {
  const r = await db.selectFrom("list_entries").select("list_id").where("id", "=", entryId).executeTakeFirst();
  return r ? Number(r.list_id) : null;
}
async function entityMarks(db, id) {
  const [c, p] = await Promise.all([
    db.selectFrom("companies").select("id").where("id", "=", id).executeTakeFirst(),
    db.selectFrom("persons").select("id").where("id", "=", id).executeTakeFirst()
  ]);
  return [...c ? [{ kind: "company", id }] : [], ...p ? [{ kind: "person", id }] : []];
}
async function marksOf(db, h, linksSide) {
  if (h.deleted) return [];
  const marks = [];
  const onEntry = h.event.startsWith("list_entry.");
  const persons = onEntry ? [] : [...h.linkedPersons, ...await linkedIds(db, "company_id", h.companies)];
  const companies = onEntry ? [] : [...h.linkedCompanies, ...await linkedIds(db, "person_id", h.persons)];
  const onlyIfMissing = (side) => onEntry || linksSide === side ? { ifMissing: true } : {};
  for (const id of h.companies) marks.push({ kind: "company", id, ...onlyIfMissing("company") }, ...onEntry ? [] : [{ kind: "company_links", id }]);
  for (const id of h.persons) marks.push({ kind: "person", id, ...onlyIfMissing("person") }, ...onEntry ? [] : [{ kind: "person_links", id }]);
  for (const id of persons) marks.push({ kind: "person_links", id });
  for (const id of companies) marks.push({ kind: "company_links", id });
  for (const id of h.opportunities) marks.push({ kind: "opportunity_links", id });
  for (const e of h.listEntries) {
    const listId = e.listId ?? await listOf(db, e.id);
    if (listId !== null) marks.push({ kind: "list_entry", id: e.id, listId });
  }
  for (const id of h.entities) marks.push(...await entityMarks(db, id));
  return marks;
}
async function deletesOf(db, h, deliveryId) {
  if (!h.deleted) return [];
  const out = [];
  for (const id of h.companies) out.push({ kind: "company", id, listId: null, deliveryId });
  for (const id of h.persons) out.push({ kind: "person", id, listId: null, deliveryId });
  for (const id of h.opportunities) out.push({ kind: "opportunity", id, listId: null, deliveryId });
  for (const e of h.listEntries) out.push({ kind: "list_entry", id: e.id, listId: e.listId ?? await listOf(db, e.id), deliveryId });
  return out;
}
async function applyPendingHints(db, opts) {
  const out = { deliveries: 0, marks: 0, deferred: 0, capped: false, merges: false, deletes: [] };
  const seen = /* @__PURE__ */ new Set();
  const now = opts.now.toISOString();
  const linksSide = await companyPersonSide({ db }) ?? "company";
  let after;
  while (!out.capped) {
    const batch = await pendingDeliveries(db.kysely, PAGE, after);
    for (const d of batch) {
      after = { receivedAt: d.receivedAt, id: d.id };
      const parsed = parseDelivery(d.body);
      const hint = parsed.status === "pending" ? parsed.hint : null;
      const marks = (hint ? await marksOf(db.kysely, hint, linksSide) : []).slice(0, opts.maxCalls);
      const deletes = hint ? await deletesOf(db.kysely, hint, d.id) : [];
      const fresh = [.../* @__PURE__ */ new Set([...marks.map((m) => `${m.kind}:${m.id}`), ...deletes.map((t) => `gone:${t.kind}:${t.id}`)])].filter((k) => !seen.has(k));
      const cost = fresh.length + (hint?.merged && !out.merges ? 1 : 0);
      if (out.marks + cost > opts.maxCalls) {
        out.capped = true;
        break;
      }
      for (const k of fresh) seen.add(k);
      out.marks += cost;
      out.deliveries += 1;
      if (hint?.merged) out.merges = true;
      out.deletes.push(...deletes);
      await db.kysely.transaction().execute(async (trx) => {
        if (marks.length > 0) await markDirty(trx, db.dialect, marks, now);
        await noteHinted(trx, marks, now);
        if (deletes.length === 0) {
          await trx.updateTable("webhook_deliveries").set({ status: "applied", applied_at: now, marks: marks.length }).where("id", "=", d.id).execute();
        }
      });
    }
    if (batch.length < PAGE) break;
  }
  if (out.capped) out.deferred = (await deliveryStats(db.kysely)).pending - new Set(out.deletes.map((t) => t.deliveryId)).size;
  return out;
}

// src/webhooks/confirm-deletes.ts
var TABLE = { company: "companies", person: "persons", opportunity: "opportunities", list_entry: "list_entries" };
function pathOf(t) {
  if (t.kind === "company") return `/organizations/${t.id}`;
  if (t.kind === "person") return `/persons/${t.id}`;
  if (t.kind === "opportunity") return `/opportunities/${t.id}`;
  return t.listId === null ? null : `/v2/lists/${t.listId}/list-entries/${t.id}`;
}
var CONFIRM = { company: "/v2/companies", person: "/v2/persons", opportunity: "/v2/opportunities" };
async function readOnce(client, t, log) {
  const path = pathOf(t);
  if (path === null) return "unreadable";
  try {
    await client.get(path);
    return "there";
  } catch (err) {
    if (notFoundMissing(err)) return t.kind === "list_entry" ? "gone" : confirmGone(client, t.kind, t.id, log);
    log.warn({ kind: t.kind, id: t.id, err: errorMessage(err) }, "could not confirm a deletion hint; kept for the next run");
    return "failed";
  }
}
async function confirmGone(client, kind, id, log) {
  try {
    const page = await client.get(CONFIRM[kind], { ids: [id] }, { endpoint: `GET ${CONFIRM[kind]}?ids` });
    if (!Array.isArray(page.data)) return "failed";
    return page.data.some((r) => r?.id === id) ? "there" : "gone";
  } catch (err) {
    log.warn({ kind, id, err: errorMessage(err) }, "could not confirm a deletion hint; kept for the next run");
    return "failed";
  }
}
async function confirmDeletes(db, client, targets, log, now) {
  const out = { deleted: 0, stillThere: 0, failed: 0 };
  if (targets.length === 0) return out;
  const failedDeliveries = /* @__PURE__ */ new Set();
  const lock = await acquireWriterLock(db, "webhooks confirm-deletes");
  try {
    for (const t of targets) {
      const readAt = now().toISOString();
      const verdict = await readOnce(client, t, log);
      if (verdict === "failed") {
        out.failed += 1;
        failedDeliveries.add(t.deliveryId);
        continue;
      }
      if (verdict === "there") out.stillThere += 1;
      if (verdict !== "gone") continue;
      const n = await db.kysely.transaction().execute((trx) => softDeleteMissing(trx, TABLE[t.kind], { sweepStartedAt: readAt, scope: { id: t.id }, now: now().toISOString() }));
      out.deleted += n;
    }
    const done = [...new Set(targets.map((t) => t.deliveryId))].filter((id) => !failedDeliveries.has(id));
    if (done.length > 0) {
      await db.kysely.updateTable("webhook_deliveries").set({ status: "applied", applied_at: now().toISOString(), marks: 0 }).where("id", "in", done).execute();
    }
  } finally {
    await lock.release();
  }
  if (out.deleted + out.stillThere > 0) log.info(out, "deletion hints confirmed by single reads");
  return out;
}

// src/webhooks/hint-run.ts
var HINT_STREAMS = [
  "companies_changed",
  "persons_changed",
  "list_entries_changed",
  "company_persons_full",
  "person_companies_full",
  "opportunity_associations_full"
];
async function applyHintsCapped(db, config, log, now) {
  const applied = await applyPendingHints(db, { maxCalls: config.webhookMaxCallsPerRun, now });
  if (applied.capped) {
    log.warn(
      { component: "webhooks", cap: config.webhookMaxCallsPerRun, marked: applied.marks, deferred: applied.deferred },
      "webhook hints over webhookMaxCallsPerRun: the rest stay pending for the next run"
    );
  }
  return applied;
}
async function runHintRun(opts) {
  const now = opts.now ?? (() => /* @__PURE__ */ new Date());
  const log = opts.log.child({ component: "webhooks" });
  const selected = ALL_STREAMS.filter((s) => HINT_STREAMS.includes(s.name));
  const missing = await unmetNeeds({ db: opts.db }, ALL_STREAMS, selected);
  const empty = { deliveries: 0, marks: 0, deferred: 0, capped: false, merges: false, deletes: [] };
  if (missing.length > 0) {
    log.info({ missing }, "webhook hints wait for the first complete sync of the streams they re-read");
    return { applied: empty, summary: null, deletes: null };
  }
  const appliedAt = now();
  const applied = await applyHintsCapped(opts.db, opts.config, log, appliedAt);
  if (applied.deliveries === 0) return { applied, summary: null, deletes: null };
  const config = { ...opts.config, tiers: { ...opts.config.tiers, enabled: false } };
  const streams = [...HINT_STREAMS, ...applied.merges ? ["company_merges"] : []];
  const { summary } = await executeSync({
    config,
    log,
    apiKey: opts.apiKey,
    mode: "incremental",
    command: HINT_RUN_COMMAND,
    // Only the sets these hints marked: the entity sweeps leave a link mark on every company for the tiers to
    // work through, and a hint run that took them all cost 8.7 calls a change (month bench, small, tiers on).
    hintedSince: appliedAt.toISOString(),
    streams,
    tty: false,
    db: opts.db,
    now,
    ...opts.shouldStop ? { shouldStop: opts.shouldStop } : {}
  });
  let deletes = null;
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
      ...summary.warnings ?? [],
      {
        stream: "webhooks",
        message: `${applied.deferred} webhook deliveries over the cap of ${opts.config.webhookMaxCallsPerRun} calls left for the next run`
      }
    ];
  }
  log.info({ deliveries: applied.deliveries, marked: applied.marks, calls: summary.callsTotal, capped: applied.capped }, "webhook hint run finished");
  return { applied, summary, deletes };
}

// src/webhooks/trigger.ts
var HintTrigger = class {
  constructor(opts) {
    this.opts = opts;
  }
  opts;
  timer = null;
  stopped = false;
  /** A delivery was stored (or some are pending at start): make sure a run is armed. */
  notify() {
    if (this.stopped || this.timer) return;
    this.arm(this.opts.delayMs);
  }
  get armed() {
    return this.timer !== null;
  }
  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
  arm(ms) {
    this.timer = setTimeout(() => void this.fire(), ms);
    this.timer.unref();
  }
  async fire() {
    this.timer = null;
    if (this.stopped) return;
    const run = this.opts.start();
    if (run === null) {
      this.opts.log.debug({ component: "webhooks" }, "hint run waits: another run is in hand");
      this.arm(this.opts.busyRetryMs ?? Math.max(1e3, this.opts.delayMs));
      return;
    }
    await run;
    try {
      if (await this.opts.pending() > 0) this.notify();
    } catch {
    }
  }
};

// src/webhooks/service.ts
async function listen(config, receiver) {
  const server = createServer2((req, res) => {
    if (receiver.handle(req, res)) return;
    res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("not found\n");
  });
  await new Promise((resolve, reject) => {
    server.once(
      "error",
      (err) => reject(
        err.code === "EADDRINUSE" || err.code === "EADDRNOTAVAIL" ? new UserError(`RELSYNC_WEBHOOK_PORT ${config.webhookPort} on ${config.webhookHost} cannot be used (${err.code}).`, {
          hint: 'Set RELSYNC_WEBHOOK_PORT (or "webhookPort") to a free port and RELSYNC_WEBHOOK_HOST to an address of this machine, or 0 to serve on the metrics port.'
        }) : err
      )
    );
    server.listen(config.webhookPort, config.webhookHost, () => resolve());
  });
  const port = server.address().port;
  return {
    url: `http://${config.webhookHost}:${port}`,
    close: () => new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    })
  };
}
async function startWebhookService(opts) {
  const { config } = opts;
  const secret = config.webhookSecret;
  if (!secret) return null;
  if (config.webhookPort === 0 && config.metricsPort === 0) {
    throw new UserError("RELSYNC_WEBHOOK_SECRET is set but there is no port to receive deliveries on (webhookPort and metricsPort are both 0).", {
      hint: "Set RELSYNC_WEBHOOK_PORT to a port for the receiver, or RELSYNC_METRICS_PORT to serve it beside /metrics."
    });
  }
  const log = opts.log.child({ component: "webhooks" });
  const db = await openDatabase(config.databaseUrl);
  await upgradeWarehouse(db);
  const trigger = new HintTrigger({
    delayMs: config.webhookDelaySeconds * 1e3,
    log,
    pending: async () => (await deliveryStats(db.kysely)).pending,
    start: () => opts.scheduler.runNow(
      async ({ shouldStop }) => (await runHintRun({ config, log: opts.log, apiKey: opts.apiKey, db, shouldStop })).summary,
      "webhook hint run"
    )
  });
  const told = /* @__PURE__ */ new Set();
  const receiver = createReceiver({
    secret,
    maxBodyBytes: DEFAULT_WEBHOOK_MAX_BODY_BYTES,
    ratePerMinute: DEFAULT_WEBHOOK_RATE_PER_MINUTE,
    log,
    accept: async (body) => {
      const d = await storeDelivery(db.kysely, body, /* @__PURE__ */ new Date());
      if (d.parsed.status === "pending") trigger.notify();
      else if (!told.has(`${d.parsed.status}:${d.parsed.event}`)) {
        told.add(`${d.parsed.status}:${d.parsed.event}`);
        log.warn({ status: d.parsed.status, event: d.parsed.event, reason: d.parsed.reason }, "webhook delivery kept but not acted on");
      }
    }
  });
  const own = config.webhookPort > 0 ? await listen(config, receiver) : null;
  if ((await deliveryStats(db.kysely)).pending > 0) {
    log.info("deliveries accepted before this start are still pending: a hint run is armed");
    trigger.notify();
  }
  return {
    receiver,
    trigger,
    db,
    url: own?.url ?? null,
    handle: (req, res) => receiver.handle(req, res),
    close: async () => {
      trigger.stop();
      await own?.close();
      await db.close();
    }
  };
}

// src/cli/schedule-command.ts
async function runScheduleCommand(cmd) {
  const { config, log } = commandContext(cmd);
  if (!config.apiKey) throw missingKeyError();
  const apiKey = config.apiKey;
  const out = process.stdout;
  const scheduler = new Scheduler({
    cron: config.schedule,
    log,
    secrets: [apiKey],
    runOnce: async ({ shouldStop }) => (await executeSync({ config, log, apiKey, mode: "incremental", command: "schedule", tty: false, shouldStop, stop: signals.signal })).summary
  });
  let onStopped = () => void 0;
  const finished = new Promise((resolve) => {
    onStopped = resolve;
  });
  const signals = installStopSignals({
    log,
    message: "signal received: stopping after the page in hand; send it again to quit at once",
    onFirst: () => void scheduler.stop().then(onStopped)
  });
  let server = null;
  let webhooks = null;
  try {
    await seedFromWarehouse(scheduler.stats, { databaseUrl: config.databaseUrl, schedule: config.schedule, log, now: /* @__PURE__ */ new Date() });
    webhooks = await startWebhookService({ config, log, apiKey, scheduler });
    const extra = webhooks && !webhooks.url ? webhooks.handle : void 0;
    if (config.metricsPort > 0) server = await startMetricsServer({ port: config.metricsPort, source: scheduler, log, ...extra ? { extra } : {} });
    scheduler.start();
    const next = scheduler.nextRun();
    out.write(
      `relsync schedule: "${config.schedule}", incremental sync into ${config.databaseUrl.startsWith("sqlite:") ? config.databaseUrl : "PostgreSQL"}
`
    );
    out.write(`next run at ${next ? next.toISOString() : "never (the expression matches no future time)"}
`);
    out.write(server ? `health: ${server.url}/healthz  metrics: ${server.url}/metrics
` : "metrics endpoint off (metricsPort is 0)\n");
    if (webhooks) out.write(`webhooks: POST ${webhooks.url ?? server?.url ?? ""}/webhooks/<secret> (hints applied within ${config.webhookDelaySeconds} s)
`);
    out.write("stop with Ctrl-C or SIGTERM (the run in hand finishes its page first)\n");
    await finished;
    out.write("scheduler stopped\n");
    process.exitCode = 0;
  } finally {
    await scheduler.stop();
    await server?.close();
    await webhooks?.close();
    signals.dispose();
  }
}
export {
  runScheduleCommand
};
