import { z } from 'zod';
import { V2_PAGE } from '../extract/limits.ts';
import { v1WebhookSchema, v2WebhookSchema, type V1Webhook, type V2Webhook } from '../extract/schemas/index.ts';
import { v1WebhookRows, v2WebhookRows } from '../transform/index.ts';
import { perRecord } from './common.ts';
import { defineStream } from './define.ts';

/** `/v2/webhooks` exists from this API version (seed: "beta; from 2026-07-15"). */
export const V2_WEBHOOKS_FROM = '2026-07-15';

interface WebhookSource {
  v2: boolean;
}

/** A v1 subscription names its address `webhook_url`, a `/v2` one `url`. */
function isV1(w: V1Webhook | V2Webhook): w is V1Webhook {
  return typeof (w as { webhook_url?: unknown }).webhook_url === 'string';
}

/**
 * Under an API version that has it, `/v2/webhooks` (100 a call), the one listing with the creation and
 * update times; under older versions the older listing, one bare-array call without them. Both list
 * every subscription, so either sweep may soft-delete what it did not see. API versions are dates, so
 * comparing the strings orders them.
 */
export const webhooksStream = defineStream<V1Webhook | V2Webhook, WebhookSource>({
  name: 'webhooks',
  description: `webhook subscriptions (GET /v2/webhooks from API version ${V2_WEBHOOKS_FROM}, with their times; else GET /webhook, one call)`,
  group: 'other',
  schema: z.union([v2WebhookSchema, v1WebhookSchema]),
  read: {
    kind: 'sweep',
    partitions: async (ctx) => [{ key: '', params: { v2: ctx.config.apiVersion >= V2_WEBHOOKS_FROM } }],
    request: (p) => (p.params.v2 ? { path: '/v2/webhooks', query: { limit: V2_PAGE }, paginator: 'v2' } : { path: '/webhook', paginator: 'v1-array' }),
    softDelete: { table: 'webhooks' },
  },
  transform: perRecord((w, raw) => (isV1(w) ? v1WebhookRows(w, raw) : v2WebhookRows(w, raw))),
});
