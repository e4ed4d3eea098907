import { describe, expect, it } from 'vitest';
import { v2WebhookSchema } from '../../src/extract/schemas/index.ts';
import type { Config } from '../../src/config/schema.ts';
import type { Db } from '../../src/load/db.ts';
import { V2_WEBHOOKS_FROM, webhooksStream } from '../../src/streams/webhooks.ts';
import { v2WebhookRows } from '../../src/transform/index.ts';

const ctx = (apiVersion: string) => ({ db: {} as Db, config: { apiVersion } as Config });

describe('webhooks: /v2/webhooks where the API version has it, with its times', () => {
  it('reads /v2/webhooks from its version on, the older listing before', async () => {
    const read = webhooksStream.read;
    if (read.kind !== 'sweep' || !read.partitions) throw new Error('webhooks is a partitioned sweep');
    const [newer] = await read.partitions(ctx('2026-09-17'));
    const [onTheDay] = await read.partitions(ctx(V2_WEBHOOKS_FROM));
    const [older] = await read.partitions(ctx('2024-01-01'));
    expect(read.request(newer!)).toMatchObject({ path: '/v2/webhooks', paginator: 'v2' });
    expect(read.request(onTheDay!)).toMatchObject({ path: '/v2/webhooks' });
    expect(read.request(older!)).toMatchObject({ path: '/webhook', paginator: 'v1-array' });
  });

  it('either record shape validates and lands in the same columns', () => {
    const v2 = webhooksStream.schema.parse({
      id: 3,
      url: 'https://x.example/hook',
      subscriptions: [],
      status: 'active',
      creator: { id: 9 },
      createdAt: '2026-07-20T10:00:00+02:00',
      updatedAt: null,
    });
    const v1 = webhooksStream.schema.parse({ id: 3, webhook_url: 'https://x.example/hook', subscriptions: [], disabled: false, created_by: 9 });
    const page = { partition: { key: '', params: { v2: true } }, ids: [], initialRead: false };
    const fromV2 = webhooksStream.transform([v2], [v2], page).rows.upserts.webhooks?.[0];
    const fromV1 = webhooksStream.transform([v1], [v1], page).rows.upserts.webhooks?.[0];
    expect(fromV2).toMatchObject({
      id: 3,
      url: 'https://x.example/hook',
      subscriptions_json: '[]',
      status: 'active',
      creator_id: 9,
      created_at: '2026-07-20T08:00:00.000Z',
      updated_at: null,
    });
    expect(fromV1).toMatchObject({ id: 3, url: 'https://x.example/hook', subscriptions_json: '[]', status: 'active', creator_id: 9 });
    expect(fromV1).not.toHaveProperty('created_at');
  });

  it('a member the record leaves out is left out of the row, never read as empty', () => {
    const row = v2WebhookRows(v2WebhookSchema.parse({ id: 4, url: 'https://y.example' })).upserts.webhooks?.[0];
    expect(row).toEqual({ id: 4, url: 'https://y.example', _raw: '{"id":4,"url":"https://y.example"}' });
  });
});
