import { createRequire as relsyncCreateRequire } from 'node:module';
const require = relsyncCreateRequire(import.meta.url);
import {
  streamModeWords,
  textTable
} from "./chunk-GZP5GT6K.js";
import {
  readStatus
} from "./chunk-V55AR3HD.js";
import {
  hasPricedRun,
  planReport,
  tierWords
} from "./chunk-44NLPC4N.js";
import {
  webhookStatusLine,
  webhookSummary
} from "./chunk-M27R3QCK.js";
import "./chunk-DEPKI7M5.js";
import {
  UNAVAILABLE,
  streamNames
} from "./chunk-VHZNFHXY.js";
import {
  openDatabase,
  tableExists,
  warehouseFile
} from "./chunk-C4J6S7LO.js";
import {
  commandContext
} from "./chunk-U6T6MHVZ.js";
import {
  UserError
} from "./chunk-CRSUMNAO.js";

// src/cli/status-command.ts
import { existsSync } from "node:fs";

// src/cli/format/status-text.ts
var table = (headers, rows) => textTable(headers, rows, { rule: true });
function ago(seconds) {
  if (seconds === null) return "-";
  if (seconds < 120) return `${seconds}s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)}m`;
  if (seconds < 172800) return `${Math.round(seconds / 3600)}h`;
  return `${Math.round(seconds / 86400)}d`;
}
function checkpointWords(x) {
  if (x.due) return "full pass due (upgrade)";
  if (x.mode === "never run") return x.lastRun ? "nothing saved yet" : "never run";
  return x.mode === "incremental" ? "following changes" : x.mode;
}
function rateWords(remaining, limit) {
  return `remaining ${remaining ?? "?"}${limit ? ` of ${limit}` : ""}`;
}
function formatStatus(s) {
  const out = [`warehouse: ${s.database}`, ""];
  out.push(
    s.streams.length === 0 ? "no stream has run yet: run `relsync sync`" : table(
      ["stream", "checkpoint", "last completed", "ago", "last full sweep", "last run", "pages read", "rows written (all its tables)"],
      s.streams.map((x) => [
        x.stream,
        checkpointWords(x),
        x.lastSuccessAt ?? "-",
        ago(x.lagSeconds),
        x.lastSweepAt ?? "-",
        x.lastRun ? `${x.lastRun.status}: ${streamModeWords(x.lastRun)}` : "-",
        x.lastRun ? String(x.lastRun.pages) : "-",
        x.lastRun ? String(x.lastRun.rows) : "-"
      ])
    )
  );
  const due = s.streams.filter((x) => x.due);
  if (due.length > 0) out.push("", "due after the upgrade (the next sync reads these passes):", ...due.map((x) => `  ${x.stream}: ${x.due}`));
  out.push(
    "",
    "rows:",
    table(
      ["table", "rows"],
      Object.entries(s.rowCounts).map(([t, n]) => [t, String(n)])
    )
  );
  if (s.lastRuns.length > 0) {
    out.push(
      "",
      "last runs:",
      table(
        ["started", "command", "mode", "status", "calls", "rows", "duration"],
        s.lastRuns.map((r) => [
          r.startedAt,
          r.command,
          r.mode,
          r.status,
          String(r.calls),
          String(r.rows),
          r.durationMs === null ? "-" : `${(r.durationMs / 1e3).toFixed(1)}s`
        ])
      )
    );
  }
  const capabilities = s.sources.filter((c) => c.source !== UNAVAILABLE);
  if (capabilities.length > 0) {
    out.push(
      "",
      "sources (where each capability comes from):",
      table(
        ["capability", "source", "decided", "refused"],
        capabilities.map((c) => [c.capability, c.source, c.decidedAt ?? "-", Object.keys(c.refused).join(", ") || "-"])
      )
    );
    for (const c of capabilities) {
      for (const [source, r] of Object.entries(c.refused)) out.push(`  ${source} refused ${r.at}: ${r.status ?? "?"} on ${r.endpoint}: ${r.message}`);
    }
  }
  const unavailable = s.sources.filter((c) => c.source === UNAVAILABLE);
  if (unavailable.length > 0) {
    out.push("", "optional endpoints:");
    for (const c of unavailable) {
      const r = c.refused[c.capability];
      const said = r ? ` (${r.status ?? "?"} on ${r.endpoint}: ${r.message})` : "";
      out.push(`  ${c.capability}: unavailable on this tenant since ${c.decidedAt ?? "-"}${said}`);
    }
  }
  if (s.quarantined.length > 0) {
    out.push(
      "",
      "quarantined records (failed validation or transform; the record and the reason are in table quarantine):",
      table(
        ["stream", "records", "last refused"],
        s.quarantined.map((q) => [q.stream, String(q.records), q.lastSeenAt])
      )
    );
  }
  const errors = s.streams.filter((x) => x.lastRun?.error);
  const errorLine = (stream, error) => error.startsWith(`${stream}: `) ? `  ${error}` : `  ${stream}: ${error}`;
  if (errors.length > 0) out.push("", "errors in the last runs:", ...errors.map((x) => errorLine(x.stream, x.lastRun?.error ?? "")));
  const b = s.rateBudget;
  out.push(
    "",
    b ? `rate budget (seen ${b.observedAt ?? "?"}): ${rateWords(b.userRemaining, b.userLimit)} this minute, ${b.orgRemaining === null || b.orgRemaining === void 0 ? "no monthly cap" : `${rateWords(b.orgRemaining, b.orgLimit)} this month`}` : "rate budget: unknown (no run yet)"
  );
  const p = s.monthProjection;
  if (p) {
    const n = (x) => Math.round(x).toLocaleString("en-US");
    const verdict = p.monthlyBudget === null ? "no monthly budget known" : `budget ${n(p.monthlyBudget)}: ${p.fits ? "fits" : `does NOT fit, periods stretched \xD7${(p.stretch ?? Infinity).toFixed(2)}`}`;
    out.push(
      `month projected (relsync plan): ${n(p.plannedPerMonth)} calls (every run ${n(p.everyRunPerMonth)}, periodic ${n(p.periodicPerMonth)}); ${verdict}${p.unpriced.length ? `; not priced yet: ${p.unpriced.length} streams` : ""}`
    );
  }
  if (s.tiers) out.push(...tierWords(s.tiers, true));
  out.push(`next scheduled run: ${s.nextScheduledRun ?? "-"}`, "");
  return out.join("\n");
}

// src/cli/status-command.ts
async function monthProjection(db, config) {
  if (!await hasPricedRun(db)) return null;
  const { plan, unpriced, tiers } = await planReport(db, config);
  const projection = {
    plannedPerMonth: Math.round(plan.totalPerMonth),
    everyRunPerMonth: Math.round(plan.everyRunPerMonth),
    periodicPerMonth: Math.round(plan.periodicPerMonth),
    monthlyBudget: plan.monthlyBudget,
    fits: plan.fits,
    stretch: Number.isFinite(plan.stretch) ? plan.stretch : null,
    unpriced
  };
  return { projection, tiers: tiers ?? null };
}
function refuseMissingSqliteFile(databaseUrl) {
  const file = warehouseFile(databaseUrl);
  if (file !== void 0 && !existsSync(file)) {
    throw new UserError(`No warehouse at ${file}: the file does not exist.`, {
      hint: "Check DATABASE_URL, or run `relsync sync` (or `relsync migrate`) to create the warehouse."
    });
  }
}
async function runStatusCommand(cmd, opts) {
  const { config } = commandContext(cmd);
  refuseMissingSqliteFile(config.databaseUrl);
  const db = await openDatabase(config.databaseUrl);
  try {
    if (!await tableExists(db, "sync_state")) {
      throw new UserError(`${db.describe} has no relsync tables yet.`, { hint: "Run `relsync migrate` (or `relsync sync`) first." });
    }
    const status = await readStatus(db, { now: /* @__PURE__ */ new Date(), schedule: config.schedule, streams: streamNames() });
    const month = await monthProjection(db, config);
    status.monthProjection = month?.projection ?? null;
    status.tiers = month?.tiers ?? null;
    const hooks = await webhookSummary(db);
    const json = { ...status, webhooks: hooks };
    const line = hooks ? webhookStatusLine(hooks, Boolean(config.webhookSecret)) : "";
    process.stdout.write(opts.json ? `${JSON.stringify(json, null, 2)}
` : `${formatStatus(status)}${line}`);
  } finally {
    await db.close();
  }
}
export {
  runStatusCommand
};
