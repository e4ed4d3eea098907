/**
 * Soft deletes after a completed full sweep: a record the sweep did not write is gone upstream.
 * Only ever called once a sweep of the collection (or of one partition) finished; a partial sweep
 * would otherwise "delete" everything it had not reached yet. The marked records' child rows go in the
 * same call (child-rows.ts), so the caller's transaction covers both.
 */
import { sql } from 'kysely';
import type { Row, RowValue } from '../schema/row-batch.ts';
import { dynamic, type Trx } from '../schema/dynamic-db.ts';
import { removeChildRows } from './child-rows.ts';
import { keepChildRows } from './kept-rows.ts';
import { tableSpec } from '../schema/table-specs.ts';

export interface SoftDeleteOptions {
  /** When the completed sweep began; every row it wrote has `_synced_at >= sweepStartedAt`. */
  sweepStartedAt: string;
  /** Limit to one partition, e.g. `{ list_id: 5 }` after a sweep of list 5's entries. */
  scope?: Row;
  /** The run clock, recorded as `_deleted_at` (no source says when it happened) and `_deleted_seen_at`. */
  now: string;
  /**
   * The stream whose sweep this is: a record it quarantined since the sweep began was seen, not missed
   * (a quarantined record is not a missing record), so its row stays.
   */
  quarantinedBy?: string;
}

/** Live rows of `table` within `scope`: the collection's size as the warehouse knows it (a sweep's bound). */
export async function countLive(trx: Trx, table: string, scope: Row = {}): Promise<number> {
  const spec = tableSpec(table);
  if (spec.kind !== 'entity') throw new Error(`relsync: ${table} is replaced per owner and has no _deleted_at`);
  let q = dynamic(trx)
    .selectFrom(table)
    .select((e) => e.fn.countAll<number | string>().as('n'))
    .where('_deleted_at', 'is', null);
  for (const [column, value] of Object.entries(scope)) {
    if (spec.columns[column] === undefined) throw new Error(`relsync: table ${table} has no column "${column}"`);
    q = value === null ? q.where(column, 'is', null) : q.where(column, '=', value);
  }
  return Number((await q.executeTakeFirst())?.n ?? 0);
}

/**
 * Mark rows of `table` not written since `sweepStartedAt` (within `scope`) as deleted and remove their
 * child rows; the marked rows keep every column, `_raw` included. Returns the number of rows marked.
 */
export async function softDeleteMissing(trx: Trx, table: string, opts: SoftDeleteOptions): Promise<number> {
  return (await softDeleteRows(trx, table, opts)).length;
}

/**
 * softDeleteMissing, returning the rows it marked: their primary key and `columns` (what a caller that
 * watches the table asks of them, load/write/removed-rows.ts).
 */
export async function softDeleteRows(trx: Trx, table: string, opts: SoftDeleteOptions, columns: readonly string[] = []): Promise<Row[]> {
  const spec = tableSpec(table);
  if (spec.kind !== 'entity') throw new Error(`relsync: ${table} is replaced per owner and has no _deleted_at`);
  // Normalise both instants so SQLite's text comparison orders them like PostgreSQL's timestamptz.
  const since = new Date(opts.sweepStartedAt).toISOString();
  const now = new Date(opts.now).toISOString();
  let q = dynamic(trx).updateTable(table).set({ _deleted_at: now, _deleted_seen_at: now }).where('_synced_at', '<', since).where('_deleted_at', 'is', null);
  if (opts.quarantinedBy !== undefined && spec.columns.id !== undefined) {
    const seen = dynamic(trx).selectFrom('quarantine').select('record_key').where('stream', '=', opts.quarantinedBy).where('last_seen_at', '>=', since);
    q = q.where(sql<RowValue>`cast(${sql.ref('id')} as text)`, 'not in', seen);
  }
  for (const [column, value] of Object.entries(opts.scope ?? {})) {
    if (spec.columns[column] === undefined) throw new Error(`relsync: table ${table} has no column "${column}"`);
    q = value === null ? q.where(column, 'is', null) : q.where(column, '=', value);
  }
  for (const c of columns) if (spec.columns[c] === undefined) throw new Error(`relsync: table ${table} has no column "${c}"`);
  const returned = (await q.returning([...new Set([...spec.pk, ...columns])]).execute()) as Row[];
  const marked = returned.map((r) => Object.fromEntries(spec.pk.map((c) => [c, r[c] ?? null])));
  // A merge learned later may still need them (kept-rows.ts).
  await keepChildRows(trx, spec.name, marked, now);
  await removeChildRows(trx, spec.name, marked);
  return returned;
}
