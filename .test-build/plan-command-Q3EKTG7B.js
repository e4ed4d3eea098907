import { createRequire as relsyncCreateRequire } from 'node:module';
const require = relsyncCreateRequire(import.meta.url);
import {
  adviceFor,
  hasPricedRun,
  planReport,
  tierWords
} from "./chunk-44NLPC4N.js";
import {
  Pager,
  checkSweepOverrides,
  clientFromConfig
} from "./chunk-KPKK5NZ3.js";
import "./chunk-3EUJRTOD.js";
import {
  ALL_STREAMS,
  ApiError,
  V1_SEARCH_PAGE,
  V2_PAGE,
  meanIntervalMs,
  monthlyBudgetOf,
  planBudget,
  skipReason,
  sweepInterval,
  v1ListSchema
} from "./chunk-VHZNFHXY.js";
import "./chunk-3AGDFFSI.js";
import {
  openDatabase,
  warehouseFile
} from "./chunk-C4J6S7LO.js";
import {
  commandContext,
  missingKeyError
} from "./chunk-U6T6MHVZ.js";
import {
  UserError,
  external_exports
} from "./chunk-CRSUMNAO.js";

// src/cli/plan-command.ts
import { existsSync } from "node:fs";

// src/budget/counted-costs.ts
var pages = (n2, per) => Math.max(1, Math.ceil(n2 / per));
function of(count, f) {
  return count === null ? null : { calls: f(count.n), basis: count.exact ? "counted" : "at least" };
}
function sum(parts) {
  if (parts.some((p) => p === null)) return null;
  const ps = parts;
  return { calls: ps.reduce((n2, p) => n2 + p.calls, 0), basis: ps.every((p) => p.basis === "counted") ? "counted" : "at least" };
}
function linkSide(c) {
  if (c.companies === null || c.persons === null) return { side: "company", est: null };
  const side = c.companies.n <= c.persons.n ? "company" : "person";
  const smaller = side === "company" ? c.companies : c.persons;
  const exact = c.companies.exact && c.persons.exact;
  return { side, est: { calls: smaller.n, basis: exact ? "counted" : "at least" } };
}
var LIST_COUNT = (c) => ({ n: c.lists.length, exact: true });
var PASS = {
  companies: (c) => of(c.companies, (n2) => pages(n2, V2_PAGE)),
  persons: (c) => of(c.persons, (n2) => pages(n2, V2_PAGE)),
  opportunities: (c) => of(c.opportunities, (n2) => pages(n2, V2_PAGE)),
  opportunity_associations: (c) => of(c.opportunities, (n2) => pages(n2, V1_SEARCH_PAGE)),
  list_entries: (c) => sum(c.lists.map((l) => of(l.size, (n2) => pages(n2, V2_PAGE)))),
  lists: (c) => of(LIST_COUNT(c), (n2) => pages(n2, V2_PAGE)),
  // Bare arrays, never paged (docs/contract.md §4): one call whatever their size.
  lists_v1: () => ({ calls: 1, basis: "counted" }),
  fields_v1: () => ({ calls: 1, basis: "counted" }),
  // Companies' and persons' field lists, then one per list.
  fields: (c) => of(LIST_COUNT(c), (n2) => n2 + 2),
  saved_views: (c) => of(LIST_COUNT(c), (n2) => n2),
  notes: (c) => of(c.notes, (n2) => pages(n2, V1_SEARCH_PAGE)),
  company_persons_full: (c) => {
    const { side, est } = linkSide(c);
    return side === "company" ? est : { calls: 0, basis: est?.basis ?? "counted" };
  },
  person_companies_full: (c) => {
    const { side, est } = linkSide(c);
    return side === "person" ? est : { calls: 0, basis: est?.basis ?? "counted" };
  },
  // Without the arrays on the search (absent is not empty) every opportunity needs its single read.
  opportunity_associations_full: (c) => c.opportunitySearchArrays === false ? of(c.opportunities, (n2) => n2) : c.opportunitySearchArrays === true ? { calls: 0, basis: "at least" } : null
};
function countedCosts(streams, counts) {
  const costs = [];
  let first = 0;
  let firstExact = true;
  for (const s of streams) {
    const est = PASS[s.name]?.(counts) ?? null;
    const pass = est ?? { calls: 1, basis: "not counted" };
    if (s.kind === "periodic" || s.kind === "link-reads") {
      costs.push({ name: s.name, kind: "periodic", calls: pass.calls, periodMs: s.periodMs, basis: pass.basis });
      first += pass.calls;
      firstExact &&= pass.basis === "counted";
    } else {
      const calls = s.kind === "change-marks" ? 0 : 1;
      costs.push({ name: s.name, kind: "every-run", calls, periodMs: 0, basis: "at least" });
      if (s.kind === "feed") {
        first += 1;
        firstExact = false;
      }
    }
  }
  return { costs, firstSync: { calls: first, basis: firstExact ? "counted" : "at least" } };
}

// src/budget/count-service.ts
var LIST_KIND = { 0: "person", 1: "company", 8: "opportunity" };
var listsSchema = external_exports.array(v1ListSchema);
var oppSearchSchema = external_exports.looseObject({ opportunities: external_exports.array(external_exports.looseObject({})).nullish() });
var notesSchema = external_exports.looseObject({ pagination: external_exports.looseObject({ totalCount: external_exports.number().int().nonnegative().optional() }).nullish() });
function declined(err) {
  return err instanceof ApiError && err.status !== null && [400, 403, 404, 422].includes(err.status);
}
async function optional(ask) {
  try {
    return await ask();
  } catch (err) {
    if (declined(err)) return null;
    throw err;
  }
}
async function pageCount(client, path, key, calls) {
  if (calls <= 0) return null;
  const pager = new Pager(client, { path, query: { page_size: V1_SEARCH_PAGE }, paginator: "v1-token", recordsKey: key }, external_exports.unknown());
  let n2 = 0;
  for (let i = 0; i < calls && !pager.done; i++) n2 += (await pager.next()).records.length;
  return { n: n2, exact: pager.done };
}
async function countService(client, cap) {
  const start = client.totalCalls();
  const left = () => cap - (client.totalCalls() - start);
  const raw = listsSchema.parse(await client.get("/lists", void 0, { endpoint: "GET /lists" }));
  const lists = [];
  for (const l of raw) {
    let size = l.list_size ?? null;
    if (size === null && left() > 0) {
      const one = await optional(() => client.get(`/lists/${l.id}`, void 0, { endpoint: "GET /lists/{id}" }));
      size = one === null ? null : v1ListSchema.parse(one).list_size ?? null;
    }
    lists.push({ id: l.id, kind: LIST_KIND[l.type] ?? null, size: size === null ? null : { n: size, exact: true } });
  }
  const oppLists = lists.filter((l) => l.kind === "opportunity");
  const opportunities = { n: oppLists.reduce((n2, l) => n2 + (l.size?.n ?? 0), 0), exact: oppLists.every((l) => l.size !== null) };
  let opportunitySearchArrays = null;
  if (left() > 0 && opportunities.n > 0) {
    const page = await optional(async () => oppSearchSchema.parse(await client.get("/opportunities", { page_size: 1 }, { endpoint: "GET /opportunities" })));
    const first = page?.opportunities?.[0];
    if (first) opportunitySearchArrays = Array.isArray(first.person_ids) && Array.isArray(first.organization_ids);
  }
  let notes = null;
  if (left() > 0) {
    const page = await optional(async () => notesSchema.parse(await client.get("/v2/notes", { limit: 1, totalCount: "true" }, { endpoint: "GET /v2/notes" })));
    const total = page?.pagination?.totalCount;
    notes = total === void 0 ? null : { n: total, exact: true };
  }
  const companies = await pageCount(client, "/organizations", "organizations", Math.ceil(left() / 2));
  const persons = await pageCount(client, "/persons", "persons", left());
  return { counts: { lists, companies, persons, opportunities, notes, opportunitySearchArrays }, calls: client.totalCalls() - start, cap };
}

// src/budget/plan-counted.ts
function countedStreams(streams, config) {
  const eligible = streams.filter((s) => skipReason(s, config) === null);
  const out = [];
  for (const s of eligible) {
    const slot = s.source;
    if (slot && eligible.some((o) => o.source?.capability === slot.capability && o.source.rank < slot.rank)) continue;
    const read = s.read;
    const period = sweepInterval(config, s.name, s.group);
    if (read.kind === "feed") out.push({ name: s.name, kind: "feed", periodMs: 0 });
    else if (read.kind === "ids" && read.consumes?.endsWith("_links")) out.push({ name: s.name, kind: "link-reads", periodMs: period });
    else if (read.kind === "ids" && read.consumes) out.push({ name: s.name, kind: "change-marks", periodMs: 0 });
    else {
      out.push({ name: s.name, kind: "periodic", periodMs: period });
      if (read.kind === "sweep" && read.between) out.push({ name: s.name, kind: "between", periodMs: 0 });
    }
  }
  return out;
}
async function countedPlanReport(client, config, cap) {
  const counting = await countService(client, cap);
  const { costs, firstSync } = countedCosts(countedStreams(ALL_STREAMS, config), counting.counts);
  const budget = monthlyBudgetOf(config.monthlyBudget, client.budget.snapshot().orgLimit ?? null, config.monthlyReserve);
  const plan = planBudget(costs, meanIntervalMs(config.schedule), budget);
  const notCounted = [...new Set(costs.filter((c) => c.basis === "not counted").map((c) => c.name))];
  return { plan, unpriced: [], advice: adviceFor(plan), counted: { ...counting, firstSync, notCounted } };
}

// src/cli/format/plan-text.ts
var HOURS = 36e5;
var n = (x) => Math.round(x).toLocaleString("en-US");
function countedLines(c) {
  const count = (name, x) => `${name} ${x === null ? "not counted" : `${x.exact ? "" : "at least "}${n(x.n)}`}`;
  const { counts } = c;
  return [
    `no completed sync in this warehouse: priced from ${c.calls} counting calls (at most ${c.cap}; --count-calls)`,
    `counted: ${[
      count("lists", { n: counts.lists.length, exact: true }),
      count("companies", counts.companies),
      count("persons", counts.persons),
      count("opportunities", counts.opportunities),
      count("notes", counts.notes)
    ].join(", ")}`,
    `first full sync: ${c.firstSync.basis === "counted" ? "about" : "at least"} ${n(c.firstSync.calls)} calls`,
    ""
  ];
}
function stretchWords(plan) {
  const cold = Number.isFinite(plan.stretch) ? `\xD7${plan.stretch.toFixed(2)}` : "to never";
  if (plan.hotPerMonth === 0) return `periods stretched ${cold}`;
  return plan.hotStretch > 1 ? `hot periods stretched \xD7${plan.hotStretch.toFixed(2)}, cold ones ${cold}` : `cold periods stretched ${cold}, hot periods kept`;
}
function formatPlan(r) {
  const { plan } = r;
  const lines = [
    ...r.counted ? countedLines(r.counted) : [],
    `schedule: a run every ${(plan.runIntervalMs / 6e4).toFixed(0)} min, ${n(plan.runsPerMonth)} runs a month`,
    ""
  ];
  const basis = (s) => r.counted ? ` ${s.basis ?? ""}` : "";
  lines.push(
    `${"stream".padEnd(34)} ${"kind".padEnd(9)} ${"period".padStart(8)} ${"calls".padStart(8)} ${"per run".padStart(8)} ${"per day".padStart(8)} ${"per month".padStart(10)}${basis({ basis: "price" })}`
  );
  for (const s of [...plan.streams].sort((a, b) => b.perMonth - a.perMonth)) {
    if (s.perMonth === 0 && s.calls === 0) continue;
    const period = s.kind === "every-run" ? "run" : Number.isFinite(s.effectivePeriodMs) ? `${(s.effectivePeriodMs / HOURS).toFixed(1)}h` : "never";
    lines.push(
      `${s.name.padEnd(34)} ${s.kind.padEnd(9)} ${period.padStart(8)} ${s.calls.toFixed(1).padStart(8)} ${s.perRun.toFixed(1).padStart(8)} ${n(s.perDay).padStart(8)} ${n(s.perMonth).padStart(10)}${basis(s)}`
    );
  }
  const atLeast = r.counted && plan.streams.some((s) => s.basis !== "counted") ? "at least " : "";
  lines.push(
    "",
    `total a month as configured: ${atLeast}${n(plan.totalPerMonth)} calls (every run ${n(plan.everyRunPerMonth)}, periodic ${n(plan.periodicPerMonth)})`
  );
  lines.push(
    plan.monthlyBudget === null ? "monthly budget: unknown (set monthlyBudget, or run a sync so the service's headers report the limit)" : `monthly budget: ${n(plan.monthlyBudget)} calls: ${plan.fits ? "fits" : `does NOT fit; ${stretchWords(plan)}`}; a run spends at most ${n(plan.perRunShare ?? 0)}`
  );
  if (r.tiers) lines.push("", ...tierWords(r.tiers, false));
  if (r.unpriced.length > 0) lines.push(`not priced yet (no complete pass in this warehouse; counted as 1 call): ${r.unpriced.join(", ")}`);
  if (r.counted?.notCounted.length)
    lines.push(`not counted (no cheap count in either document; priced at 1 call a pass, the least a pass costs): ${r.counted.notCounted.join(", ")}`);
  if (r.counted) lines.push("every-run work is priced idle (1 call a feed, nothing for change re-reads); after a sync, `relsync plan` prices from the runs");
  for (const a of r.advice) lines.push(`- ${a}`);
  return `${lines.join("\n")}
`;
}

// src/cli/plan-command.ts
function missingSqliteFile(databaseUrl) {
  const file = warehouseFile(databaseUrl);
  return file !== void 0 && !existsSync(file);
}
async function countedReport(config, log, cap) {
  if (!config.apiKey) throw missingKeyError();
  const client = clientFromConfig(config, log, config.apiKey);
  try {
    return await countedPlanReport(client, config, cap);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    throw new UserError(`relsync plan found no completed sync to price from, and could not count at ${config.baseUrl}: ${err.message}`, {
      exitCode: err.exitCode,
      hint: err.hint ?? "Check AFFINITY_BASE_URL and AFFINITY_API_KEY, then run `relsync plan` again.",
      cause: err
    });
  } finally {
    await client.close();
  }
}
async function report(config, log, cap) {
  if (missingSqliteFile(config.databaseUrl)) return countedReport(config, log, cap);
  const db = await openDatabase(config.databaseUrl);
  try {
    if (await hasPricedRun(db)) return await planReport(db, config);
  } finally {
    await db.close();
  }
  return countedReport(config, log, cap);
}
async function runPlanCommand(cmd, opts) {
  const { config, log } = commandContext(cmd);
  checkSweepOverrides(config, ALL_STREAMS);
  const r = await report(config, log, opts.countCalls);
  process.stdout.write(opts.json ? `${JSON.stringify(r, (_k, v) => v === Infinity ? null : v, 2)}
` : formatPlan(r));
}
export {
  runPlanCommand
};
