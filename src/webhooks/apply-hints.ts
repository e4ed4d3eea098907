import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../load/db.ts';
import type { Database } from '../load/schema/database.ts';
import { markDirty, resolveIfMissing, type DirtyMark } from '../state/dirty.ts';
import { noteHinted } from '../state/hinted.ts';
import { deliveryStats, pendingDeliveries, settleDelivery, wasApplied, type DeliveryPosition } from './deliveries.ts';
import { HintCallTally } from './hint-cost.ts';
import { parseDelivery, type Hint } from './hints.ts';

type Conn = Kysely<Database> | Transaction<Database>;

/** A record a `*.deleted` delivery says is gone: read once, soft-deleted only on the service's 404 (confirm-deletes.ts). */
export interface DeleteTarget {
  kind: 'company' | 'person' | 'opportunity' | 'list_entry';
  id: number;
  listId: number | null;
  deliveryId: string;
}

export interface AppliedHints {
  /** Deliveries whose marks were written this time. */
  deliveries: number;
  /** Records marked for a read. */
  marks: number;
  /** The calls those reads and the deletions' confirming reads cost (hint-cost.ts). */
  calls: number;
  /** Deliveries identical to one already applied: not read again. */
  replays: number;
  /** Deliveries left pending because the run's cap was reached. */
  deferred: number;
  capped: boolean;
  merges: boolean;
  deletes: DeleteTarget[];
}

const PAGE = 500;

async function listOf(db: Conn, entryId: number): Promise<number | null> {
  const r = await db.selectFrom('list_entries').select('list_id').where('id', '=', entryId).executeTakeFirst();
  return r ? Number(r.list_id) : null;
}

/** A field value's record: whichever of companies and persons the warehouse has it in (never both ids spaces guessed). */
async function entityMarks(db: Conn, id: number): Promise<DirtyMark[]> {
  const [c, p] = await Promise.all([
    db.selectFrom('companies').select('id').where('id', '=', id).executeTakeFirst(),
    db.selectFrom('persons').select('id').where('id', '=', id).executeTakeFirst(),
  ]);
  return [...(c ? [{ kind: 'company' as const, id }] : []), ...(p ? [{ kind: 'person' as const, id }] : [])];
}

/**
 * The marks a hint sets (docs/webhooks.md), each read by one call or less: for a company or person event,
 * the record's own company↔person set, read whole by its older single read (`GET /organizations/{id}`,
 * `GET /persons/{id}`), which also carries its names, and the `/v2` record only if the warehouse lacks it (a
 * created record). Reading the record's own set settles every pair it is in, whichever side the scheduled
 * runs read: one call, where marking the sets of the records linked to it cost one for each (a company of
 * 153 persons filled a run's cap). For a list entry, the entry in its list, and its company or person only if
 * the warehouse lacks it (the entry's own read carries what the event is about). A deletion sets no read
 * mark: it is confirmed by its own single read.
 */
export async function marksOf(db: Conn, h: Hint): Promise<DirtyMark[]> {
  if (h.deleted) return [];
  const marks: DirtyMark[] = [];
  const onEntry = h.event.startsWith('list_entry.');
  for (const id of h.companies) marks.push({ kind: 'company', id, ifMissing: true }, ...(onEntry ? [] : [{ kind: 'company_links' as const, id }]));
  for (const id of h.persons) marks.push({ kind: 'person', id, ifMissing: true }, ...(onEntry ? [] : [{ kind: 'person_links' as const, id }]));
  for (const id of h.opportunities) marks.push({ kind: 'opportunity_links', id });
  for (const e of h.listEntries) {
    const listId = e.listId ?? (await listOf(db, e.id));
    // An entry whose list is unknown cannot be read alone; the list's next sweep carries it.
    if (listId !== null) marks.push({ kind: 'list_entry', id: e.id, listId });
  }
  for (const id of h.entities) marks.push(...(await entityMarks(db, id)));
  return marks;
}

async function deletesOf(db: Conn, h: Hint, deliveryId: string): Promise<DeleteTarget[]> {
  if (!h.deleted) return [];
  const out: DeleteTarget[] = [];
  for (const id of h.companies) out.push({ kind: 'company', id, listId: null, deliveryId });
  for (const id of h.persons) out.push({ kind: 'person', id, listId: null, deliveryId });
  for (const id of h.opportunities) out.push({ kind: 'opportunity', id, listId: null, deliveryId });
  for (const e of h.listEntries) out.push({ kind: 'list_entry', id: e.id, listId: e.listId ?? (await listOf(db, e.id)), deliveryId });
  return out;
}

/** What one delivery asks for, before its cost is weighed against the run's cap. */
interface Asked {
  /** Every record it names (stamped in `sync_hinted`, which keeps them hot). */
  named: DirtyMark[];
  /** The marks that cost a read (`ifMissing` marks of records the warehouse holds dropped). */
  reads: DirtyMark[];
  deletes: DeleteTarget[];
  merge: boolean;
}

async function askedBy(db: Conn, body: string, deliveryId: string, maxCalls: number): Promise<Asked> {
  const parsed = parseDelivery(body);
  if (parsed.status !== 'pending') return { named: [], reads: [], deletes: [], merge: false };
  const hint = parsed.hint;
  // One delivery alone never spends more than the cap: the record's own marks come first.
  const named = (await marksOf(db, hint)).slice(0, maxCalls);
  return { named, reads: await resolveIfMissing(db, named), deletes: await deletesOf(db, hint, deliveryId), merge: hint.merged !== null };
}

/**
 * Turn pending deliveries into `sync_dirty` marks, oldest first, while the run's reads cost at most
 * `maxCalls` calls (hint-cost.ts: lookups by id 100 a call, single reads one each): no number of
 * deliveries, forged or not, spends more than the cap in one run, and the rest stays pending for the next
 * run. A record already marked costs nothing more; a replay (a body identical to a delivery already
 * applied) is not read again. Deliveries with a deletion stay pending until their confirming read
 * (confirm-deletes.ts).
 */
export async function applyPendingHints(db: Db, opts: { maxCalls: number; now: Date }): Promise<AppliedHints> {
  const out: AppliedHints = { deliveries: 0, marks: 0, calls: 0, replays: 0, deferred: 0, capped: false, merges: false, deletes: [] };
  const tally = new HintCallTally();
  const now = opts.now.toISOString();
  let after: DeliveryPosition | undefined;
  while (!out.capped) {
    const batch = await pendingDeliveries(db.kysely, PAGE, after);
    for (const d of batch) {
      after = { receivedAt: d.receivedAt, id: d.id };
      if (await wasApplied(db.kysely, d.digest)) {
        await settleDelivery(db.kysely, d.id, 'replayed', now);
        out.replays += 1;
        continue;
      }
      const asked = await askedBy(db.kysely, d.body, d.id, opts.maxCalls);
      const cost = { marks: asked.reads, confirms: asked.deletes, merge: asked.merge };
      if (tally.callsWith(cost) > opts.maxCalls) {
        out.capped = true;
        break;
      }
      tally.add(cost);
      out.marks += asked.reads.length;
      out.deliveries += 1;
      if (asked.merge) out.merges = true;
      out.deletes.push(...asked.deletes);
      await db.kysely.transaction().execute(async (trx) => {
        if (asked.reads.length > 0) await markDirty(trx, db.dialect, asked.reads, now);
        await noteHinted(trx, asked.named, now);
        if (asked.deletes.length === 0) await settleDelivery(trx, d.id, 'applied', now, asked.reads.length);
      });
    }
    if (batch.length < PAGE) break;
  }
  out.calls = tally.calls;
  if (out.capped) out.deferred = (await deliveryStats(db.kysely)).pending - new Set(out.deletes.map((t) => t.deliveryId)).size;
  return out;
}
