import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../load/db.ts';
import type { Database } from '../load/schema.ts';
import { companyPersonSide, type LinkSide } from '../planner/associations.ts';
import { markDirty, type DirtyMark } from '../state/dirty.ts';
import { noteHinted } from '../state/hinted.ts';
import { deliveryStats, pendingDeliveries, type DeliveryPosition } from './deliveries.ts';
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
  /** Distinct records marked (each at most one call to re-read). */
  marks: number;
  /** Deliveries left pending because the run's cap was reached. */
  deferred: number;
  capped: boolean;
  merges: boolean;
  deletes: DeleteTarget[];
}

const PAGE = 500;

async function linkedIds(db: Conn, column: 'company_id' | 'person_id', ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const other = column === 'company_id' ? 'person_id' : 'company_id';
  const rows = await db
    .selectFrom('company_persons')
    .select(other)
    .where(column, 'in', [...ids])
    .execute();
  return rows.map((r) => Number((r as Record<string, unknown>)[other]));
}

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
 * The marks a hint sets (docs/webhooks.md), each at most one call: the record itself; for a person or
 * organization event the company↔person sets of both sides (the record's, and those of the records linked
 * to it in the warehouse or named by the body); for a list entry the entry in its list, and its company or
 * person only if the warehouse lacks it (the entry's own read carries what the event is about). A company's
 * own set is read by `GET /organizations/{id}`, which also carries its name and domains: when companies are
 * the side read (`linksSide`), that one call is its re-read and the `/v2` record is asked for only if the
 * warehouse lacks it (a created company): one call where there were two. A deletion sets no read mark: it
 * is confirmed by its own single read.
 */
export async function marksOf(db: Conn, h: Hint, linksSide: LinkSide): Promise<DirtyMark[]> {
  if (h.deleted) return [];
  const marks: DirtyMark[] = [];
  const onEntry = h.event.startsWith('list_entry.');
  const persons = onEntry ? [] : [...h.linkedPersons, ...(await linkedIds(db, 'company_id', h.companies))];
  const companies = onEntry ? [] : [...h.linkedCompanies, ...(await linkedIds(db, 'person_id', h.persons))];
  // The record by id only if the warehouse lacks it: on a list entry, or when its own set's single read re-reads it.
  const onlyIfMissing = (side: LinkSide) => (onEntry || linksSide === side ? { ifMissing: true } : {});
  for (const id of h.companies) marks.push({ kind: 'company', id, ...onlyIfMissing('company') }, ...(onEntry ? [] : [{ kind: 'company_links' as const, id }]));
  for (const id of h.persons) marks.push({ kind: 'person', id, ...onlyIfMissing('person') }, ...(onEntry ? [] : [{ kind: 'person_links' as const, id }]));
  for (const id of persons) marks.push({ kind: 'person_links', id });
  for (const id of companies) marks.push({ kind: 'company_links', id });
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

/**
 * Turn pending deliveries into `sync_dirty` marks, oldest first, until `maxCalls` distinct records are
 * marked: each mark costs at most one call, so no number of deliveries (forged with the right secret,
 * or replayed) spends more than the cap in one run; the rest stays pending for the next run. A replay
 * marks what is already marked, so it costs nothing more. Deliveries with a deletion stay pending until
 * their confirming read (confirm-deletes.ts).
 */
export async function applyPendingHints(db: Db, opts: { maxCalls: number; now: Date }): Promise<AppliedHints> {
  const out: AppliedHints = { deliveries: 0, marks: 0, deferred: 0, capped: false, merges: false, deletes: [] };
  const seen = new Set<string>();
  const now = opts.now.toISOString();
  // The side whose sets single reads complete (planner/associations.ts); none marked yet: companies, as ties go.
  const linksSide = (await companyPersonSide({ db })) ?? 'company';
  let after: DeliveryPosition | undefined;
  while (!out.capped) {
    const batch = await pendingDeliveries(db.kysely, PAGE, after);
    for (const d of batch) {
      after = { receivedAt: d.receivedAt, id: d.id };
      const parsed = parseDelivery(d.body);
      const hint = parsed.status === 'pending' ? parsed.hint : null;
      // One delivery alone never spends more than the cap: the record's own marks come first.
      const marks = (hint ? await marksOf(db.kysely, hint, linksSide) : []).slice(0, opts.maxCalls);
      const deletes = hint ? await deletesOf(db.kysely, hint, d.id) : [];
      const fresh = [...new Set([...marks.map((m) => `${m.kind}:${m.id}`), ...deletes.map((t) => `gone:${t.kind}:${t.id}`)])].filter((k) => !seen.has(k));
      const cost = fresh.length + (hint?.merged && !out.merges ? 1 : 0);
      if (out.marks + cost > opts.maxCalls) {
        out.capped = true;
        break;
      }
      for (const k of fresh) seen.add(k);
      out.marks += cost;
      out.deliveries += 1;
      if (hint?.merged) out.merges = true;
      out.deletes.push(...deletes);
      await db.kysely.transaction().execute(async (trx) => {
        if (marks.length > 0) await markDirty(trx, db.dialect, marks, now);
        await noteHinted(trx, marks, now);
        if (deletes.length === 0) {
          await trx.updateTable('webhook_deliveries').set({ status: 'applied', applied_at: now, marks: marks.length }).where('id', '=', d.id).execute();
        }
      });
    }
    if (batch.length < PAGE) break;
  }
  if (out.capped) out.deferred = (await deliveryStats(db.kysely)).pending - new Set(out.deletes.map((t) => t.deliveryId)).size;
  return out;
}
