import type { AffinityClient } from '../extract/http/client.ts';
import type { Db } from '../load/db.ts';
import { softDeleteMissing } from '../load/write/soft-delete.ts';
import type { Logger } from '../log.ts';
import { notFoundMissing } from '../runner/failure-policy.ts';
import { errorMessage } from '../errors.ts';
import { acquireWriterLock } from '../state/lock.ts';
import { V2_IDS_BATCH } from '../extract/limits.ts';
import type { DeleteTarget } from './apply-hints.ts';

/**
 * `*.deleted` deliveries are claims, not facts (docs/webhooks.md): each record named is read once with the
 * older single-record read (docs/contract.md §6.1–§6.4; a list entry through `/v2`, §7.4), and soft-deleted
 * only on evidence (docs/sync.md, "Deletion needs evidence"): the service's record-level 404, confirmed by
 * the `/v2` lookup by `ids` no longer listing it (one lookup for up to 100 records of a kind, as the run's cap
 * counts it, hint-cost.ts). A record that answers is left alone (a forged or stale delivery
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

/** `missing`: the record-level 404 of a company, person or opportunity, before its `/v2` lookup confirms it. */
type Verdict = 'gone' | 'missing' | 'there' | 'failed' | 'unreadable';

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
    if (notFoundMissing(err)) return t.kind === 'list_entry' ? 'gone' : 'missing';
    log.warn({ kind: t.kind, id: t.id, err: errorMessage(err) }, 'could not confirm a deletion hint; kept for the next run');
    return 'failed';
  }
}

/**
 * The cheap confirmation, 100 records of a kind a call: the `/v2` lookup by `ids` answers without the record.
 * One it still lists is there; a lookup that fails deletes nothing (kept for the next run).
 */
async function confirmMissing(client: AffinityClient, reads: Array<{ t: DeleteTarget; verdict: Verdict }>, log: Logger): Promise<void> {
  for (const kind of Object.keys(CONFIRM) as Array<keyof typeof CONFIRM>) {
    const missing = reads.filter((r) => r.verdict === 'missing' && r.t.kind === kind);
    for (let i = 0; i < missing.length; i += V2_IDS_BATCH) {
      const chunk = missing.slice(i, i + V2_IDS_BATCH);
      const ids = chunk.map((r) => r.t.id);
      let listed: Set<unknown> | null = null;
      try {
        const page = await client.get<{ data?: unknown }>(CONFIRM[kind], { ids }, { endpoint: `GET ${CONFIRM[kind]}?ids` });
        if (Array.isArray(page.data)) listed = new Set(page.data.map((r) => (r as { id?: unknown } | null)?.id));
      } catch (err) {
        log.warn({ kind, ids, err: errorMessage(err) }, 'could not confirm deletion hints; kept for the next run');
      }
      for (const r of chunk) r.verdict = listed === null ? 'failed' : listed.has(r.t.id) ? 'there' : 'gone';
    }
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
    const reads: Array<{ t: DeleteTarget; readAt: string; verdict: Verdict }> = [];
    for (const t of targets) {
      const readAt = now().toISOString();
      reads.push({ t, readAt, verdict: await readOnce(client, t, log) });
    }
    await confirmMissing(client, reads, log);
    for (const { t, readAt, verdict } of reads) {
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
