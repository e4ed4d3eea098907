import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { v7 as timeOrderedId } from 'uuid';
import type { Database } from '../load/schema/database.ts';
import { parseDelivery, type ParsedDelivery } from './hints.ts';

/** The `webhook_deliveries` table (migrations 023, 031): every accepted delivery, written before the 2xx answer. */

type Conn = Kysely<Database> | Transaction<Database>;

/** What a delivery became once relsync was done with it (`pending` until then; `unknown` / `unparseable` on receipt). */
export type SettledStatus = 'applied' | 'replayed' | 'over_share';

/** A body's identity: two deliveries with the same digest ask for the same reads. */
export function bodyDigest(body: string): string {
  return createHash('sha256').update(body).digest('hex');
}

export interface StoredDelivery {
  id: string;
  receivedAt: string;
  parsed: ParsedDelivery;
}

/**
 * Store one delivery as received and classify it. Awaited before the receiver answers, so an accepted
 * delivery survives a crash right after the answer: the next start finds it `pending`.
 */
export async function storeDelivery(db: Conn, body: string, now: Date): Promise<StoredDelivery> {
  const parsed = parseDelivery(body);
  const row = {
    // Time-ordered (UUID version 7, monotonic within the process): deliveries received within one
    // millisecond share `received_at`, and the id then keeps their arrival order (deliveryStats, pendingDeliveries).
    id: timeOrderedId(),
    received_at: now.toISOString(),
    event: parsed.event,
    body,
    status: parsed.status,
    applied_at: null,
    marks: null,
    digest: bodyDigest(body),
  };
  await db.insertInto('webhook_deliveries').values(row).execute();
  return { id: row.id, receivedAt: row.received_at, parsed };
}

export interface PendingDelivery {
  id: string;
  body: string;
  digest: string;
  receivedAt: string;
}

/** Where a walk over pending deliveries stopped (they are ordered by receipt, then id). */
export interface DeliveryPosition {
  receivedAt: string;
  id: string;
}

/** Pending deliveries after `after`, oldest first, at most `limit`. */
export async function pendingDeliveries(db: Kysely<Database>, limit: number, after?: DeliveryPosition): Promise<PendingDelivery[]> {
  let q = db.selectFrom('webhook_deliveries').select(['id', 'body', 'digest', 'received_at']).where('status', '=', 'pending');
  if (after) {
    q = q.where((eb) => eb.or([eb('received_at', '>', after.receivedAt), eb.and([eb('received_at', '=', after.receivedAt), eb('id', '>', after.id)])]));
  }
  const rows = await q.orderBy('received_at').orderBy('id').limit(limit).execute();
  return rows.map((r) => ({ id: r.id, body: r.body, digest: r.digest ?? bodyDigest(r.body), receivedAt: r.received_at }));
}

/** Whether a delivery with this body was applied before: its reads were made, a replay is not read again. */
export async function wasApplied(db: Conn, digest: string): Promise<boolean> {
  const r = await db.selectFrom('webhook_deliveries').select('id').where('digest', '=', digest).where('status', '=', 'applied').limit(1).executeTakeFirst();
  return r !== undefined;
}

/** Close a pending delivery: applied (with the marks it wrote), a replay, or over the month's share. */
export async function settleDelivery(db: Conn, id: string, status: SettledStatus, at: string, marks = 0): Promise<void> {
  await db.updateTable('webhook_deliveries').set({ status, applied_at: at, marks }).where('id', '=', id).execute();
}

export interface DeliveryStats {
  pending: number;
  applied: number;
  replayed: number;
  overShare: number;
  unknown: number;
  unparseable: number;
  lastReceivedAt: string | null;
  lastEvent: string | null;
}

/** Counts by status and the last delivery received, for `webhooks status`, `status` and /metrics. */
export async function deliveryStats(db: Kysely<Database>): Promise<DeliveryStats> {
  const counts = await db
    .selectFrom('webhook_deliveries')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  const last = await db
    .selectFrom('webhook_deliveries')
    .select(['received_at', 'event'])
    .orderBy('received_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const n = (s: string) => Number(counts.find((c) => c.status === s)?.n ?? 0);
  return {
    pending: n('pending'),
    applied: n('applied'),
    replayed: n('replayed'),
    overShare: n('over_share'),
    unknown: n('unknown'),
    unparseable: n('unparseable'),
    lastReceivedAt: last?.received_at ?? null,
    lastEvent: last?.event ?? null,
  };
}
