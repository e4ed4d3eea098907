import { createRequire as relsyncCreateRequire } from 'node:module';
const require = relsyncCreateRequire(import.meta.url);
import {
  ALL_STREAMS,
  SourceBook,
  TIER_SLACK,
  budgetPlan,
  readsPerRun,
  skipReason,
  tierCapsOf,
  withNeverReadTail
} from "./chunk-VHZNFHXY.js";
import {
  tableExists
} from "./chunk-C4J6S7LO.js";

// src/budget/tier-summary.ts
function completeBy(neverRead, share, plan, now, atOnce) {
  if (neverRead === 0) return null;
  if (share <= 0) return "never (no room in the budget)";
  const runs = atOnce ? 1 : Math.ceil(neverRead / share);
  return new Date(now.getTime() + runs * plan.runIntervalMs).toISOString();
}
function tierSummary(tiers, plan, config, now) {
  const caps = tierCapsOf(plan, config);
  const lines = ["hot", "cold"].map((tier) => {
    const c = tiers.counts[tier];
    const periodMs = tier === "hot" ? caps.hotPeriodMs : caps.coldPeriodMs;
    const share = withNeverReadTail(readsPerRun(c.records, periodMs, caps.runIntervalMs, TIER_SLACK[tier]), c.neverRead > 0, periodMs);
    return {
      tier,
      records: c.records,
      neverRead: c.neverRead,
      oldestReadAt: c.oldestReadAt,
      periodMs,
      // The tier's own link reads (the sweeps and the re-reads by id serve both tiers and are priced apart).
      callsPerMonth: plan.streams.filter((s) => s.tier === tier && s.name === tiers.costs[0]?.name).reduce((x, s) => x + s.perMonth, 0),
      completeBy: completeBy(c.neverRead, Number.isFinite(share) ? share : c.records, plan, now, tier === "hot" || caps.neverReadAtOnce === true)
    };
  });
  return { side: tiers.side, hotStretch: plan.hotStretch, lines };
}

// src/budget/plan-report.ts
var HOURS = 36e5;
function adviceFor(plan) {
  if (plan.fits || plan.monthlyBudget === null) return [];
  if (!Number.isFinite(plan.stretch)) {
    return [
      `every-run work alone (change log, feeds: ${Math.round(plan.everyRunPerMonth)} calls a month) exceeds the budget: run less often (schedule) or raise monthlyBudget`
    ];
  }
  const periods = plan.streams.filter((s) => s.kind === "periodic" && s.calls > 0).map((s) => `${s.name} ${Math.ceil(s.effectivePeriodMs / HOURS)}h`);
  return [
    `set longer periods (sweeps.entities / sweeps.other / sweeps.overrides); relsync stretches them itself to: ${periods.join(", ")}`,
    `or raise monthlyBudget to at least ${Math.ceil(plan.totalPerMonth)}`,
    `or run less often: every-run work costs ${Math.round(plan.everyRunPerMonth)} of the ${plan.monthlyBudget} calls a month`
  ];
}
async function hasPricedRun(db) {
  if (!await tableExists(db, "sync_runs")) return false;
  const row = await db.kysely.selectFrom("sync_runs").select("id").where("status", "in", ["succeeded", "partial"]).limit(1).executeTakeFirst();
  return row !== void 0;
}
async function planReport(db, config, now = () => /* @__PURE__ */ new Date()) {
  const streams = ALL_STREAMS.filter((s) => skipReason(s, config) === null);
  const book = await SourceBook.load(db, streams, config.reprobeRefusedAfter, now);
  const { plan, unknown, tiers } = await budgetPlan(db, config, streams, (name) => book.sweptWithoutFeed(name), now());
  return { plan, unpriced: unknown, advice: adviceFor(plan), ...tiers ? { tiers: tierSummary(tiers, plan, config, now()) } : {} };
}

// src/cli/format/tier-words.ts
var n = (x) => Math.round(x).toLocaleString("en-US");
var period = (ms) => Number.isFinite(ms) ? `every ${ms >= 1728e5 ? `${(ms / 864e5).toFixed(1)} d` : `${(ms / 36e5).toFixed(1)} h`}` : "never re-read (no room in the budget)";
function tierWords(t, forStatus) {
  const side = t.side === "company" ? "companies (GET /organizations/{id})" : "persons (GET /persons/{id})";
  const out = [`relevance tiers: company\u2194person sets read one by one from ${side}`];
  for (const l of t.lines) {
    const fresh = l.oldestReadAt ? `oldest read ${l.oldestReadAt}` : `${n(l.neverRead)} never read`;
    const rest = l.completeBy ? `; all read once by ${l.completeBy}` : "";
    out.push(
      forStatus ? `  ${l.tier.padEnd(4)} ${n(l.records).padStart(8)} records: ${fresh}${rest}` : `  ${l.tier.padEnd(4)} ${n(l.records).padStart(8)} records: ${period(l.periodMs)}, ${n(l.callsPerMonth)} calls a month${rest}`
    );
  }
  if (t.hotStretch > 1)
    out.push(`  the hot tier does not fit the monthly budget beside the cold tier at its longest: hot periods stretched \xD7${t.hotStretch.toFixed(2)}`);
  return out;
}

export {
  tierWords,
  adviceFor,
  hasPricedRun,
  planReport
};
