import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import type { WarehouseDialect } from '../load/dialects/warehouse-dialect.ts';
import type { Database } from '../load/schema/database.ts';
import { DEFAULT_LOOKUP_ATTEMPTS, DEFAULT_STATE_ROWS_PER_STATEMENT } from '../defaults.ts';

type Conn = Kysely<Database> | Transaction<Database>;

/**
 * What needs re-reading. `company` / `person` / `list_entry`: the change log named the record (a company or
 * person also when a list entry or a deal membership naming it was removed, runner/leaving-marks.ts).
 * `*_links`: the record's association set is unknown because the read that carried the record lacked
 * the member (absent is never empty): `opportunity_links` (the older search without `person_ids` /
 * `organization_ids`), `company_links` (`/v2` company without the `persons` field), `person_links`
 * (`/v2` person without `companies`). A read that carried a complete set settles the mark; the older
 * single-record read of the record consumes it (see planner/associations.ts for which side is read).
 * `person_unseen` / `company_unseen`: a lookup by id left the record out; its single read says whether it
 * is gone (streams/persons-unseen.ts, streams/companies-unseen.ts).
 */
export type DirtyKind = 'company' | 'person' | 'list_entry' | 'opportunity_links' | 'company_links' | 'person_links' | 'person_unseen' | 'company_unseen';

export interface DirtyMark {
  kind: DirtyKind;
  id: number;
  /** The list of a list entry (targeted reads need it in the path). */
  listId?: number | null;
  /**
   * Set only if the warehouse has no row for the record yet: a change applied from the log to a record
   * created since the last read still needs the record itself read once.
   */
  ifMissing?: boolean;
  /**
   * The page carried what the mark waits for (a complete association set): remove the mark of this kind
   * set at or before the commit instead of setting one. Nothing happens when no mark exists.
   */
  settled?: boolean;
}

type EntityTable = 'companies' | 'persons' | 'list_entries' | 'opportunities';

const TABLE_OF: Record<DirtyKind, EntityTable> = {
  company: 'companies',
  person: 'persons',
  list_entry: 'list_entries',
  opportunity_links: 'opportunities',
  company_links: 'companies',
  person_links: 'persons',
  person_unseen: 'persons',
  company_unseen: 'companies',
};

/** Drop the `ifMissing` marks whose record the warehouse already has. */
export async function resolveIfMissing(trx: Conn, marks: readonly DirtyMark[]): Promise<DirtyMark[]> {
  const out = marks.filter((m) => !m.ifMissing);
  for (const kind of Object.keys(TABLE_OF) as DirtyKind[]) {
    const ids = [...new Set(marks.filter((m) => m.ifMissing && m.kind === kind).map((m) => m.id))];
    if (ids.length === 0) continue;
    const known = new Set<number>();
    for (let i = 0; i < ids.length; i += CHUNK) {
      const rows = await trx
        .selectFrom(TABLE_OF[kind])
        .select('id')
        .where('id', 'in', ids.slice(i, i + CHUNK))
        .execute();
      for (const r of rows) known.add(Number(r.id));
    }
    out.push(...marks.filter((m) => m.ifMissing && m.kind === kind && !known.has(m.id)));
  }
  return out;
}

const CHUNK = DEFAULT_STATE_ROWS_PER_STATEMENT;

/** Drop the marks a page settled (see DirtyMark.settled); marks set after `now` stay. */
async function settleMarks(trx: Conn, marks: readonly DirtyMark[], now: string): Promise<void> {
  const kinds = new Set(marks.map((m) => m.kind));
  for (const kind of kinds) {
    const ids = [...new Set(marks.filter((m) => m.kind === kind).map((m) => m.id))];
    await clearDirty(trx, kind, ids, now);
  }
}

export async function markDirty(trx: Conn, _dialect: WarehouseDialect, marks: readonly DirtyMark[], now: string): Promise<number> {
  const settled = marks.filter((m) => m.settled);
  if (settled.length > 0) await settleMarks(trx, settled, now);
  const unique = new Map<string, DirtyMark>();
  for (const m of await resolveIfMissing(
    trx,
    marks.filter((m) => !m.settled),
  ))
    unique.set(`${m.kind}:${m.id}`, m);
  const rows = [...unique.values()].map((m) => ({ kind: m.kind, id: m.id, list_id: m.listId ?? null, marked_at: now, attempts: 0 }));
  for (let i = 0; i < rows.length; i += CHUNK) {
    await trx
      .insertInto('sync_dirty')
      .values(rows.slice(i, i + CHUNK))
      .onConflict((oc) => oc.columns(['kind', 'id']).doUpdateSet((eb) => ({ marked_at: eb.ref('excluded.marked_at'), list_id: eb.ref('excluded.list_id') })))
      .execute();
  }
  return rows.length;
}

/** A window of ascending ids: those above `after`, at most `limit` of them (an `ids` read fetches its ids so). */
export interface IdWindow {
  after: number;
  limit: number;
}

/** Ids marked with `kind` whose record is live in the warehouse (a gone record's mark is never read). */
export async function liveDirtyIds(trx: Conn, kind: DirtyKind, window: IdWindow, hintedSince?: string): Promise<number[]> {
  let q = trx
    .selectFrom('sync_dirty')
    .select('id')
    .where('kind', '=', kind)
    .where('id', 'in', (eb) => eb.selectFrom(TABLE_OF[kind]).select('id').where('_deleted_at', 'is', null))
    .where('id', '>', window.after);
  if (hintedSince !== undefined) q = q.where('id', 'in', hintedIds(kind, hintedSince));
  const rows = await q.orderBy('id').limit(window.limit).execute();
  return rows.map((r) => Number(r.id));
}

/** How many live records are marked with `kind` (the planners compare counts, never load the ids). */
export async function liveDirtyCount(trx: Conn, kind: DirtyKind): Promise<number> {
  const r = await trx
    .selectFrom('sync_dirty')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', kind)
    .where('id', 'in', (eb) => eb.selectFrom(TABLE_OF[kind]).select('id').where('_deleted_at', 'is', null))
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** A hint run reads only what its hints marked (state/hinted.ts), not every mark the change log or a sweep left. */
function hintedIds(kind: DirtyKind, hintedSince: string) {
  return (eb: ExpressionBuilder<Database, 'sync_dirty'>) =>
    eb.selectFrom('sync_hinted').select('id').where('kind', '=', kind).where('hinted_at', '>=', hintedSince);
}

/** Ids marked with `kind` (of one list), live or not; in a hint run (`hintedSince`) only its hints' marks. */
export async function dirtyIds(
  trx: Conn,
  kind: DirtyKind,
  window: IdWindow,
  only: { listId?: number | undefined; hintedSince?: string | undefined } = {},
): Promise<number[]> {
  let q = trx.selectFrom('sync_dirty').select('id').where('kind', '=', kind).where('id', '>', window.after);
  if (only.listId !== undefined) q = q.where('list_id', '=', only.listId);
  if (only.hintedSince !== undefined) q = q.where('id', 'in', hintedIds(kind, only.hintedSince));
  const rows = await q.orderBy('id').limit(window.limit).execute();
  return rows.map((r) => Number(r.id));
}

export async function dirtyCount(trx: Conn, kind: DirtyKind): Promise<number> {
  const r = await trx
    .selectFrom('sync_dirty')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', kind)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export async function dirtyCountsByList(trx: Conn): Promise<Map<number, number>> {
  const rows = await trx
    .selectFrom('sync_dirty')
    .select(['list_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('kind', '=', 'list_entry')
    .groupBy('list_id')
    .execute();
  return new Map(rows.filter((r) => r.list_id !== null).map((r) => [Number(r.list_id), Number(r.n)]));
}

/** Remove marks a re-read has covered; marks set again after `before` (a newer change) stay. */
export async function clearDirty(trx: Conn, kind: DirtyKind, ids: readonly number[], before: string): Promise<void> {
  for (let i = 0; i < ids.length; i += CHUNK) {
    await trx
      .deleteFrom('sync_dirty')
      .where('kind', '=', kind)
      .where('id', 'in', ids.slice(i, i + CHUNK))
      .where('marked_at', '<=', before)
      .execute();
  }
}

/** Remove every mark of records soft-deleted as gone: nothing will read them again (the reads take live records only). */
export async function clearMarksOfGone(trx: Conn, table: string, ids: readonly number[]): Promise<void> {
  const kinds = (Object.keys(TABLE_OF) as DirtyKind[]).filter((k) => TABLE_OF[k] === table);
  for (let i = 0; i < ids.length && kinds.length > 0; i += CHUNK) {
    await trx
      .deleteFrom('sync_dirty')
      .where('kind', 'in', kinds)
      .where('id', 'in', ids.slice(i, i + CHUNK))
      .execute();
  }
}

/** After this many sweeps that did not return it, a marked record is taken to be gone. */
export const MAX_SWEEP_ATTEMPTS = 10;

/**
 * A completed sweep covers the marks, set before it started, of the records it read (their rows were
 * written at or after its start). A record it did not return (not readable yet, or gone) keeps its
 * mark with one more attempt; after MAX_SWEEP_ATTEMPTS it is given up (the sweep has soft-deleted it).
 */
export async function clearDirtyBefore(trx: Conn, kind: DirtyKind, before: string, listId?: number): Promise<number> {
  const table = TABLE_OF[kind];
  let seen = trx
    .deleteFrom('sync_dirty')
    .where('kind', '=', kind)
    .where('marked_at', '<', before)
    .where('id', 'in', (eb) => eb.selectFrom(table).select('id').where('_synced_at', '>=', before));
  if (listId !== undefined) seen = seen.where('list_id', '=', listId);
  const r = await seen.executeTakeFirst();
  let rest = trx
    .updateTable('sync_dirty')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('kind', '=', kind)
    .where('marked_at', '<', before);
  if (listId !== undefined) rest = rest.where('list_id', '=', listId);
  await rest.execute();
  let gone = trx.deleteFrom('sync_dirty').where('kind', '=', kind).where('attempts', '>=', MAX_SWEEP_ATTEMPTS);
  if (listId !== undefined) gone = gone.where('list_id', '=', listId);
  await gone.execute();
  return Number(r.numDeletedRows ?? 0);
}

/**
 * One more attempt for marks a lookup by id did not return; those that reach `giveUpAt` attempts are
 * dropped (DEFAULT_LOOKUP_ATTEMPTS: the record is gone or out of reach, and asking every run costs a call).
 */
export async function bumpAttempts(trx: Conn, kind: DirtyKind, ids: readonly number[], giveUpAt = DEFAULT_LOOKUP_ATTEMPTS): Promise<void> {
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    await trx
      .updateTable('sync_dirty')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('kind', '=', kind)
      .where('id', 'in', chunk)
      .execute();
    await trx.deleteFrom('sync_dirty').where('kind', '=', kind).where('id', 'in', chunk).where('attempts', '>=', giveUpAt).execute();
  }
}
