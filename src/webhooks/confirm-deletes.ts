import type { AffinityClient } from '../extract/http/client.ts';
import type { Db } from '../load/db.ts';
import { softDeleteMissing } from '../load/write/soft-delete.ts';
import type { Logger } from '../log.ts';
import { notFoundMissing } from '../runner/failure-policy.ts';
import { errorMessage } from '../errors.ts';
import { acquireWriterLock } from '../state/lock.ts';
import type { DeleteTarget } from './apply-hints.ts';

/**
 * `*.deleted` deliveries are claims, not facts (docs/webhooks.md): each record named is read once with the
 * older single-record read (docs/contract.md §6.1–§6.4; a list entry through `/v2`, §7.4), and soft-deleted
 * only on evidence (docs/sync.md, "Deletion needs evidence"): the service's record-level 404, confirmed by
 * the `/v2` lookup by `ids` no longer listing it. A record that answers is left alone (a forged or stale delivery
 * deletes nothing). A read that fails otherwise leaves the delivery pending for the next run.
 */

const TABLE = { company: 'companies', person: 'persons', opportunity: 'opportunities', list_entry: 'list_entries' } as const;

function pathOf(t: DeleteTarget): string | null {
  if (t.kind === 'company') return `/organizations/${t.id}`;
  if (t.kind === 'person') return `/persons/${t.id}`;
  if (t.kind === 'opportunity') return `/opportunities/${t.id}`;
  return t.listId === null ? null : `/v2/lists/${t.listId}/list-entries/${t.id}`;
}

export interface ConfirmedDeletes {
  deleted: number;
  stillThere: number;
  failed: number;
}

type Verdict = 'gone' | 'there' | 'failed' | 'unreadable';

/** The `/v2` collection that confirms an older single read's 404 (docs/sync.md, "Deletion needs evidence"). */
const CONFIRM = { company: '/v2/companies', person: '/v2/persons', opportunity: '/v2/opportunities' } as const;

async function readOnce(client: AffinityClient, t: DeleteTarget, log: Logger): Promise<Verdict> {
  const path = pathOf(t);
  // An entry of a list the warehouse never saw cannot be addressed; the list's sweep carries it.
  if (path === null) return 'unreadable';
  try {
    await client.get(path);
    return 'there';
  } catch (err) {
    // Only the service's record-level not-found is evidence; a route it does not serve or a foreign body proves nothing.
    if (notFoundMissing(err)) return t.kind === 'list_entry' ? 'gone' : confirmGone(client, t.kind, t.id, log);
    log.warn({ kind: t.kind, id: t.id, err: errorMessage(err) }, 'could not confirm a deletion hint; kept for the next run');
    return 'failed';
  }
}

/** The cheap confirmation: the `/v2` lookup by `ids` answers without the record. One that still lists it, or fails, deletes nothing. */
async function confirmGone(client: AffinityClient, kind: keyof typeof CONFIRM, id: number, log: Logger): Promise<Verdict> {
  try {
    const page = await client.get<{ data?: unknown }>(CONFIRM[kind], { ids: [id] }, { endpoint: `GET ${CONFIRM[kind]}?ids` });
    if (!Array.isArray(page.data)) return 'failed';
    return page.data.some((r) => (r as { id?: unknown } | null)?.id === id) ? 'there' : 'gone';
  } catch (err) {
    log.warn({ kind, id, err: errorMessage(err) }, 'could not confirm a deletion hint; kept for the next run');
    return 'failed';
  }
}

export async function confirmDeletes(
  db: Db,
  client: AffinityClient,
  targets: readonly DeleteTarget[],
  log: Logger,
  now: () => Date,
): Promise<ConfirmedDeletes> {
  const out: ConfirmedDeletes = { deleted: 0, stillThere: 0, failed: 0 };
  if (targets.length === 0) return out;
  const failedDeliveries = new Set<string>();
  const lock = await acquireWriterLock(db, 'webhooks confirm-deletes');
  try {
    for (const t of targets) {
      const readAt = now().toISOString();
      const verdict = await readOnce(client, t, log);
      if (verdict === 'failed') {
        out.failed += 1;
        failedDeliveries.add(t.deliveryId);
        continue;
      }
      if (verdict === 'there') out.stillThere += 1;
      if (verdict !== 'gone') continue;
      // Rows written after the read began are newer than the 404 and stay (scope: this record only).
      const n = await db.kysely
        .transaction()
        .execute((trx) => softDeleteMissing(trx, TABLE[t.kind], { sweepStartedAt: readAt, scope: { id: t.id }, now: now().toISOString() }));
      out.deleted += n;
    }
    const done = [...new Set(targets.map((t) => t.deliveryId))].filter((id) => !failedDeliveries.has(id));
    if (done.length > 0) {
      await db.kysely.updateTable('webhook_deliveries').set({ status: 'applied', applied_at: now().toISOString(), marks: 0 }).where('id', 'in', done).execute();
    }
  } finally {
    await lock.release();
  }
  if (out.deleted + out.stillThere > 0) log.info(out, 'deletion hints confirmed by single reads');
  return out;
}
