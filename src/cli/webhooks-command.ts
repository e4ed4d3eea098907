import type { Command } from 'commander';
import { missingKeyError } from '../config/load.ts';
import { openDatabase } from '../load/db.ts';
import { clientFromConfig } from '../runner/execute.ts';
import { formatWebhookStatus, webhookSummary } from '../webhooks/status.ts';
import { listSubscriptions, maskWebhookUrl, subscribe, usesV2 } from '../webhooks/subscribe.ts';
import { commandContext } from './context.ts';

/** `relsync webhooks subscribe --url URL [--events a,b]`: register (or re-enable) the receiver's subscription. */
export async function runWebhooksSubscribe(cmd: Command, opts: { url: string; events: string[] }): Promise<void> {
  const { config, log } = commandContext(cmd);
  if (!config.apiKey) throw missingKeyError();
  const client = clientFromConfig(config, log, config.apiKey);
  try {
    const r = await subscribe(client, { apiVersion: config.apiVersion, url: opts.url, events: opts.events });
    const s = r.subscription;
    const events = s.events.length === 0 ? 'all events' : s.events.join(', ');
    process.stdout.write(`subscription #${s.id} ${r.action}: ${maskWebhookUrl(s.url)} (${s.status}; ${events})\n`);
    if (!config.webhookSecret) process.stdout.write('note: RELSYNC_WEBHOOK_SECRET is not set here; `relsync schedule` accepts deliveries only with it\n');
  } finally {
    await client.close();
  }
}

/** `relsync webhooks status`: the subscriptions (one call), the last delivery and the hints pending. */
export async function runWebhooksStatus(cmd: Command): Promise<void> {
  const { config, log } = commandContext(cmd);
  if (!config.apiKey) throw missingKeyError();
  const client = clientFromConfig(config, log, config.apiKey);
  const db = await openDatabase(config.databaseUrl);
  try {
    const subs = await listSubscriptions(client, config.apiVersion);
    const via = usesV2(config.apiVersion) ? 'GET /v2/webhooks' : 'GET /webhook';
    const text = formatWebhookStatus(subs, await webhookSummary(db, config), via);
    process.stdout.write(text);
    // Loudly: a disabled subscription means no hints arrive, and only the periodic passes keep data fresh.
    if (subs.some((s) => s.status === 'disabled' && s.url.includes('/webhooks/'))) {
      log.warn('a relsync webhook subscription is disabled: no hints arrive until it is re-enabled (see above)');
    }
  } finally {
    await db.close();
    await client.close();
  }
}
