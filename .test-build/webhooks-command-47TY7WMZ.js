import { createRequire as relsyncCreateRequire } from 'node:module';
const require = relsyncCreateRequire(import.meta.url);
import {
  formatWebhookStatus,
  listSubscriptions,
  maskWebhookUrl,
  subscribe,
  usesV2,
  webhookSummary
} from "./chunk-M27R3QCK.js";
import "./chunk-DEPKI7M5.js";
import {
  clientFromConfig
} from "./chunk-KPKK5NZ3.js";
import "./chunk-3EUJRTOD.js";
import "./chunk-VHZNFHXY.js";
import "./chunk-3AGDFFSI.js";
import {
  openDatabase
} from "./chunk-C4J6S7LO.js";
import {
  commandContext,
  missingKeyError
} from "./chunk-U6T6MHVZ.js";
import "./chunk-CRSUMNAO.js";

// src/cli/webhooks-command.ts
async function runWebhooksSubscribe(cmd, opts) {
  const { config, log } = commandContext(cmd);
  if (!config.apiKey) throw missingKeyError();
  const client = clientFromConfig(config, log, config.apiKey);
  try {
    const r = await subscribe(client, { apiVersion: config.apiVersion, url: opts.url, events: opts.events });
    const s = r.subscription;
    const events = s.events.length === 0 ? "all events" : s.events.join(", ");
    process.stdout.write(`subscription #${s.id} ${r.action}: ${maskWebhookUrl(s.url)} (${s.status}; ${events})
`);
    if (!config.webhookSecret) process.stdout.write("note: RELSYNC_WEBHOOK_SECRET is not set here; `relsync schedule` accepts deliveries only with it\n");
  } finally {
    await client.close();
  }
}
async function runWebhooksStatus(cmd) {
  const { config, log } = commandContext(cmd);
  if (!config.apiKey) throw missingKeyError();
  const client = clientFromConfig(config, log, config.apiKey);
  const db = await openDatabase(config.databaseUrl);
  try {
    const subs = await listSubscriptions(client, config.apiVersion);
    const via = usesV2(config.apiVersion) ? "GET /v2/webhooks" : "GET /webhook";
    const text = formatWebhookStatus(subs, await webhookSummary(db), via);
    process.stdout.write(text);
    if (subs.some((s) => s.status === "disabled" && s.url.includes("/webhooks/"))) {
      log.warn("a relsync webhook subscription is disabled: no hints arrive until it is re-enabled (see above)");
    }
  } finally {
    await db.close();
    await client.close();
  }
}
export {
  runWebhooksStatus,
  runWebhooksSubscribe
};
