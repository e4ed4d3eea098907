import { createRequire as relsyncCreateRequire } from 'node:module';
const require = relsyncCreateRequire(import.meta.url);
import {
  WEBHOOK_PATH_PREFIX,
  deliveryStats
} from "./chunk-DEPKI7M5.js";
import {
  ApiError,
  V2_PAGE,
  V2_WEBHOOKS_FROM
} from "./chunk-VHZNFHXY.js";
import {
  tableExists
} from "./chunk-C4J6S7LO.js";
import {
  UserError,
  external_exports
} from "./chunk-CRSUMNAO.js";

// src/webhooks/subscribe.ts
var MAX_SUBSCRIPTIONS = 3;
var v2Item = external_exports.looseObject({ id: external_exports.number(), url: external_exports.string(), subscriptions: external_exports.array(external_exports.string()).default([]), status: external_exports.string() });
var v1Item = external_exports.looseObject({ id: external_exports.number(), webhook_url: external_exports.string(), subscriptions: external_exports.array(external_exports.string()).default([]), disabled: external_exports.boolean().default(false) });
var v2List = external_exports.looseObject({ data: external_exports.array(v2Item) });
var fromV2 = (w) => ({
  id: w.id,
  url: w.url,
  events: w.subscriptions,
  status: w.status === "disabled" ? "disabled" : "active"
});
var fromV1 = (w) => ({
  id: w.id,
  url: w.webhook_url,
  events: w.subscriptions,
  status: w.disabled ? "disabled" : "active"
});
function maskWebhookUrl(url) {
  const at = url.indexOf(WEBHOOK_PATH_PREFIX);
  return at < 0 ? url : `${url.slice(0, at + WEBHOOK_PATH_PREFIX.length)}<secret>`;
}
function usesV2(apiVersion) {
  return apiVersion >= V2_WEBHOOKS_FROM;
}
async function listSubscriptions(client, apiVersion) {
  if (usesV2(apiVersion)) {
    try {
      const page = v2List.parse(await client.get("/v2/webhooks", { limit: V2_PAGE }));
      return page.data.map(fromV2);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    }
  }
  return external_exports.array(v1Item).parse(await client.get("/webhook")).map(fromV1);
}
function checkWebhookUrl(url) {
  let u;
  try {
    u = new URL(url);
  } catch {
    throw new UserError(`--url "${maskWebhookUrl(url)}" is not a URL.`, {
      hint: "Give the public address of the receiver, e.g. https://sync.example.com/webhooks/<secret>."
    });
  }
  if (!u.pathname.includes(WEBHOOK_PATH_PREFIX) || u.pathname.endsWith(WEBHOOK_PATH_PREFIX)) {
    throw new UserError(`--url "${maskWebhookUrl(url)}" does not end in /webhooks/<secret>.`, {
      hint: "Append the value of RELSYNC_WEBHOOK_SECRET: https://your-proxy.example.com/webhooks/$RELSYNC_WEBHOOK_SECRET"
    });
  }
}
async function enable(client, apiVersion, s) {
  if (usesV2(apiVersion)) return fromV2(v2Item.parse(await client.request("POST", `/v2/webhooks/${s.id}`, { body: { status: "active" } })));
  return fromV1(v1Item.parse(await client.request("PUT", `/webhook/${s.id}`, { body: { disabled: false } })));
}
async function create(client, apiVersion, url, events) {
  if (usesV2(apiVersion)) {
    try {
      return fromV2(v2Item.parse(await client.request("POST", "/v2/webhooks", { body: { url, subscriptions: events } })));
    } catch (err) {
      if (!(err instanceof ApiError) || ![400, 403, 404].includes(err.status ?? 0)) throw err;
    }
  }
  return fromV1(v1Item.parse(await client.request("POST", "/webhook/subscribe", { body: { webhook_url: url, subscriptions: events } })));
}
async function subscribe(client, opts) {
  checkWebhookUrl(opts.url);
  const existing = await listSubscriptions(client, opts.apiVersion);
  const same = existing.find((s) => s.url === opts.url);
  if (same?.status === "disabled") return { subscription: await enable(client, opts.apiVersion, same), action: "re-enabled" };
  if (same) return { subscription: same, action: "unchanged" };
  if (existing.length >= MAX_SUBSCRIPTIONS) {
    throw new UserError(`This Affinity instance already has ${existing.length} webhook subscriptions, the most it allows (${MAX_SUBSCRIPTIONS}).`, {
      hint: `Delete one you no longer use (ids ${existing.map((s) => s.id).join(", ")}; see \`relsync webhooks status\`), then subscribe again.`
    });
  }
  return { subscription: await create(client, opts.apiVersion, opts.url, opts.events), action: "created" };
}

// src/webhooks/status.ts
async function webhookSummary(db) {
  if (!await tableExists(db, "webhook_deliveries")) return null;
  const disabled = await db.kysely.selectFrom("webhooks").select((eb) => eb.fn.countAll().as("n")).where("status", "=", "disabled").where("_deleted_at", "is", null).where("url", "like", "%/webhooks/%").executeTakeFirst();
  return { deliveries: await deliveryStats(db.kysely), disabledSubscriptions: Number(disabled?.n ?? 0) };
}
var REENABLE = "fix the receiver, then `relsync webhooks subscribe --url <the same URL>` re-enables it";
function webhookStatusLine(s, secretSet) {
  const d = s.deliveries;
  const last = d.lastReceivedAt ? `last delivery ${d.lastReceivedAt} (${d.lastEvent ?? "no event type"})` : "no delivery received yet";
  const kept = d.unknown + d.unparseable > 0 ? `, ${d.unknown + d.unparseable} kept but not acted on` : "";
  const receiver = secretSet ? "" : " (receiver off: RELSYNC_WEBHOOK_SECRET is not set)";
  const alarm = s.disabledSubscriptions > 0 ? ` \u2014 SUBSCRIPTION DISABLED: ${REENABLE}` : "";
  return `webhooks: ${d.pending} hints pending, ${d.applied} applied, ${last}${kept}${receiver}${alarm}
`;
}
function formatWebhookStatus(subs, s, via) {
  const lines = [`subscriptions (${via}, at most 3 per instance): ${subs.length}`];
  for (const w of subs) {
    const events = w.events.length === 0 ? "all events" : w.events.join(", ");
    lines.push(`  #${w.id} ${w.status === "disabled" ? "DISABLED" : "active  "} ${maskWebhookUrl(w.url)}  ${events}`);
    if (w.status === "disabled") {
      lines.push(`    !! DISABLED: the service stopped delivering (it does so after failing deliveries for about 10 h); ${REENABLE}`);
    }
  }
  if (!s) lines.push("deliveries: the warehouse has no webhook_deliveries table yet (run `relsync migrate`)");
  else {
    const d = s.deliveries;
    lines.push(`last delivery received: ${d.lastReceivedAt ? `${d.lastReceivedAt} (${d.lastEvent ?? "no event type"})` : "none yet"}`);
    lines.push(`hints pending: ${d.pending}; applied: ${d.applied}; unknown event: ${d.unknown}; unparseable: ${d.unparseable}`);
  }
  return `${lines.join("\n")}
`;
}

export {
  maskWebhookUrl,
  usesV2,
  listSubscriptions,
  subscribe,
  webhookSummary,
  webhookStatusLine,
  formatWebhookStatus
};
