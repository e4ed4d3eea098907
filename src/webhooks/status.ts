import { hintShare, type HintShare } from '../budget/hint-share.ts';
import type { Config } from '../config/schema.ts';
import type { Db } from '../load/db.ts';
import { tableExists } from '../load/db.ts';
import { deliveryStats, type DeliveryStats } from './deliveries.ts';
import { maskWebhookUrl, type Subscription } from './subscribe.ts';

/** What `relsync status` and `relsync webhooks status` say about hints; read from the warehouse only. */
export interface WebhookSummary {
  deliveries: DeliveryStats;
  /** Subscriptions as last synced into `webhooks` (the service's own listing is read by `webhooks status`). */
  disabledSubscriptions: number;
  /** Hint runs' share of the month and what they spent of it. */
  share: HintShare;
}

export async function webhookSummary(db: Db, config: Config, now: Date = new Date()): Promise<WebhookSummary | null> {
  if (!(await tableExists(db, 'webhook_deliveries'))) return null;
  const disabled = await db.kysely
    .selectFrom('webhooks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'disabled')
    .where('_deleted_at', 'is', null)
    .where('url', 'like', '%/webhooks/%')
    .executeTakeFirst();
  return { deliveries: await deliveryStats(db.kysely), disabledSubscriptions: Number(disabled?.n ?? 0), share: await hintShare(db, config, now) };
}

const n = (x: number) => x.toLocaleString('en-US');

/** Hint runs' share of the month, in words (`status`, `webhooks status`, `plan`). */
export function hintShareWords(s: HintShare): string {
  if (s.calls === null)
    return `hint runs this month: ${n(s.spent)} calls (share ${s.percent}% of an unknown monthly budget: only webhookMaxCallsPerRun caps them)`;
  const spent = s.left === 0 ? ' — SHARE SPENT: deliveries are left to the periodic passes until the month turns' : '';
  return `hint runs this month: ${n(s.spent)} of ${n(s.calls)} calls (share ${s.percent}% of the monthly budget)${spent}`;
}

/** Deliveries set aside without a read: replays of one applied, and those over the month's share. */
function setAside(d: DeliveryStats): string {
  const parts = [...(d.replayed > 0 ? [`${d.replayed} replays not read again`] : []), ...(d.overShare > 0 ? [`${d.overShare} over the month's share`] : [])];
  return parts.length === 0 ? '' : `, ${parts.join(', ')}`;
}

const REENABLE = 'fix the receiver, then `relsync webhooks subscribe --url <the same URL>` re-enables it';

/** The one line of `relsync status`. */
export function webhookStatusLine(s: WebhookSummary, secretSet: boolean): string {
  const d = s.deliveries;
  const last = d.lastReceivedAt ? `last delivery ${d.lastReceivedAt} (${d.lastEvent ?? 'no event type'})` : 'no delivery received yet';
  const kept = d.unknown + d.unparseable > 0 ? `, ${d.unknown + d.unparseable} kept but not acted on` : '';
  const receiver = secretSet ? '' : ' (receiver off: RELSYNC_WEBHOOK_SECRET is not set)';
  const alarm = s.disabledSubscriptions > 0 ? ` — SUBSCRIPTION DISABLED: ${REENABLE}` : '';
  return `webhooks: ${d.pending} hints pending, ${d.applied} applied${setAside(d)}, ${last}${kept}; ${hintShareWords(s.share)}${receiver}${alarm}\n`;
}

/** `relsync webhooks status`: the service's subscriptions, then the receiver's deliveries. */
export function formatWebhookStatus(subs: readonly Subscription[], s: WebhookSummary | null, via: string): string {
  const lines = [`subscriptions (${via}, at most 3 per instance): ${subs.length}`];
  for (const w of subs) {
    const events = w.events.length === 0 ? 'all events' : w.events.join(', ');
    lines.push(`  #${w.id} ${w.status === 'disabled' ? 'DISABLED' : 'active  '} ${maskWebhookUrl(w.url)}  ${events}`);
    if (w.status === 'disabled') {
      lines.push(`    !! DISABLED: the service stopped delivering (it does so after failing deliveries for about 10 h); ${REENABLE}`);
    }
  }
  if (!s) lines.push('deliveries: the warehouse has no webhook_deliveries table yet (run `relsync migrate`)');
  else {
    const d = s.deliveries;
    lines.push(`last delivery received: ${d.lastReceivedAt ? `${d.lastReceivedAt} (${d.lastEvent ?? 'no event type'})` : 'none yet'}`);
    lines.push(
      `hints pending: ${d.pending}; applied: ${d.applied}; replays not read again: ${d.replayed}; over the month's share: ${d.overShare}; unknown event: ${d.unknown}; unparseable: ${d.unparseable}`,
    );
    lines.push(hintShareWords(s.share));
  }
  return `${lines.join('\n')}\n`;
}
