import { v1WebhookSchema } from '../extract/schemas/index.ts';
import { v1WebhookRows } from '../transform/index.ts';
import { perRecord } from './common.ts';
import { defineStream } from './define.ts';

/** The older listing is one bare-array call and works under every API version. */
export const webhooksStream = defineStream({
  name: 'webhooks',
  description: 'webhook subscriptions (GET /webhook, one call)',
  group: 'other',
  schema: v1WebhookSchema,
  read: { kind: 'sweep', request: () => ({ path: '/webhook', paginator: 'v1-array' }), softDelete: { table: 'webhooks' } },
  transform: perRecord((w, raw) => v1WebhookRows(w, raw)),
});
