import { z } from 'zod';
import { UserError } from '../errors.ts';
import type { AffinityClient } from '../extract/http/client.ts';
import { ApiError } from '../extract/http/errors.ts';
import { V2_WEBHOOKS_FROM } from '../streams/webhooks.ts';
import { WEBHOOK_PATH_PREFIX } from './receiver.ts';
import { V2_PAGE } from '../extract/limits.ts';

/**
 * Subscription management (docs/contract.md §6.11, §7.10, §10): `/v2/webhooks` from the API version that
 * has it (beta), else the older `/webhook/subscribe`; at most 3 subscriptions per instance. Subscribing
 * again with the same URL re-enables a disabled subscription instead of adding one.
 */

export const MAX_SUBSCRIPTIONS = 3;

export interface Subscription {
  id: number;
  url: string;
  events: string[];
  status: 'active' | 'disabled';
}

const v2Item = z.looseObject({ id: z.number(), url: z.string(), subscriptions: z.array(z.string()).default([]), status: z.string() });
const v1Item = z.looseObject({ id: z.number(), webhook_url: z.string(), subscriptions: z.array(z.string()).default([]), disabled: z.boolean().default(false) });
const v2List = z.looseObject({ data: z.array(v2Item) });

const fromV2 = (w: z.infer<typeof v2Item>): Subscription => ({
  id: w.id,
  url: w.url,
  events: w.subscriptions,
  status: w.status === 'disabled' ? 'disabled' : 'active',
});
const fromV1 = (w: z.infer<typeof v1Item>): Subscription => ({
  id: w.id,
  url: w.webhook_url,
  events: w.subscriptions,
  status: w.disabled ? 'disabled' : 'active',
});

/** The URL with its secret path token hidden: what may be printed or logged. */
export function maskWebhookUrl(url: string): string {
  const at = url.indexOf(WEBHOOK_PATH_PREFIX);
  return at < 0 ? url : `${url.slice(0, at + WEBHOOK_PATH_PREFIX.length)}<secret>`;
}

export function usesV2(apiVersion: string): boolean {
  return apiVersion >= V2_WEBHOOKS_FROM;
}

/** Every subscription of the instance (one call; subscription listings are few). */
export async function listSubscriptions(client: AffinityClient, apiVersion: string): Promise<Subscription[]> {
  if (usesV2(apiVersion)) {
    try {
      const page = v2List.parse(await client.get('/v2/webhooks', { limit: V2_PAGE }));
      return page.data.map(fromV2);
    } catch (err) {
      // The beta may be refused for this tenant: the older listing carries the same subscriptions.
      if (!(err instanceof ApiError)) throw err;
    }
  }
  return z
    .array(v1Item)
    .parse(await client.get('/webhook'))
    .map(fromV1);
}

export function checkWebhookUrl(url: string): void {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new UserError(`--url "${maskWebhookUrl(url)}" is not a URL.`, {
      hint: 'Give the public address of the receiver, e.g. https://sync.example.com/webhooks/<secret>.',
    });
  }
  if (!u.pathname.includes(WEBHOOK_PATH_PREFIX) || u.pathname.endsWith(WEBHOOK_PATH_PREFIX)) {
    throw new UserError(`--url "${maskWebhookUrl(url)}" does not end in /webhooks/<secret>.`, {
      hint: 'Append the value of RELSYNC_WEBHOOK_SECRET: https://your-proxy.example.com/webhooks/$RELSYNC_WEBHOOK_SECRET',
    });
  }
}

export interface SubscribeResult {
  subscription: Subscription;
  action: 'created' | 're-enabled' | 'unchanged';
}

async function enable(client: AffinityClient, apiVersion: string, s: Subscription): Promise<Subscription> {
  if (usesV2(apiVersion)) return fromV2(v2Item.parse(await client.request('POST', `/v2/webhooks/${s.id}`, { body: { status: 'active' } })));
  return fromV1(v1Item.parse(await client.request('PUT', `/webhook/${s.id}`, { body: { disabled: false } })));
}

async function create(client: AffinityClient, apiVersion: string, url: string, events: readonly string[]): Promise<Subscription> {
  if (usesV2(apiVersion)) {
    try {
      return fromV2(v2Item.parse(await client.request('POST', '/v2/webhooks', { body: { url, subscriptions: events } })));
    } catch (err) {
      if (!(err instanceof ApiError) || ![400, 403, 404].includes(err.status ?? 0)) throw err;
    }
  }
  return fromV1(v1Item.parse(await client.request('POST', '/webhook/subscribe', { body: { webhook_url: url, subscriptions: events } })));
}

export async function subscribe(client: AffinityClient, opts: { apiVersion: string; url: string; events: readonly string[] }): Promise<SubscribeResult> {
  checkWebhookUrl(opts.url);
  const existing = await listSubscriptions(client, opts.apiVersion);
  const same = existing.find((s) => s.url === opts.url);
  if (same?.status === 'disabled') return { subscription: await enable(client, opts.apiVersion, same), action: 're-enabled' };
  if (same) return { subscription: same, action: 'unchanged' };
  if (existing.length >= MAX_SUBSCRIPTIONS) {
    throw new UserError(`This Affinity instance already has ${existing.length} webhook subscriptions, the most it allows (${MAX_SUBSCRIPTIONS}).`, {
      hint: `Delete one you no longer use (ids ${existing.map((s) => s.id).join(', ')}; see \`relsync webhooks status\`), then subscribe again.`,
    });
  }
  return { subscription: await create(client, opts.apiVersion, opts.url, opts.events), action: 'created' };
}
