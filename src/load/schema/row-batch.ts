/**
 * The seam between transform and load. A transform turns validated API records into a RowBatch
 * (plain data, no I/O); the loader applies a RowBatch inside the page's transaction.
 *
 * Rows are keyed by warehouse table name and typed by the registry (registry/warehouse.ts): a row names
 * only columns of its table, carries every NOT NULL column, and holds plain JSON-able scalars (numbers,
 * strings, booleans, null; timestamps as ISO-8601 strings; JSON columns as text). A nullable column a
 * row leaves out keeps its stored value on update. The loader adds `_synced_at` (the run's clock) and
 * sets `_deleted_at = null` on upsert.
 */
import type { ChildTableName, ColumnOf, RowOf, WarehouseTableName } from './warehouse-tables.ts';

export type { ChildTableName, ColumnOf, EntityTableName, RowOf, WarehouseTableName } from './warehouse-tables.ts';

export type RowValue = string | number | boolean | null;

/**
 * Column values addressed by name at run time, e.g. a soft-delete scope (`{ list_id: 5 }`); the loader
 * checks the names against the registry. Transforms use `RowOf<T>`.
 */
export type Row = Record<string, RowValue>;

/** One owner of a replace set: its values of the set's scope columns. */
export type OwnerOf<T extends ChildTableName> = Partial<RowOf<T>>;

export interface ReplaceSetOf<T extends ChildTableName> {
  /** Child table, e.g. `company_persons`, `field_values`, `note_attachments`. */
  table: T;
  /**
   * Which rows belong to the owners: every row of `table` whose `scope` columns match one of
   * `owners` is deleted, then `rows` are inserted. E.g. scope `['company_id']`,
   * owners `[{company_id: 1}, {company_id: 2}]`. An owner with no rows ends with an empty set.
   */
  scope: ReadonlyArray<ColumnOf<T>>;
  owners: Array<OwnerOf<T>>;
  rows: Array<RowOf<T>>;
  /** Columns this source does not carry, kept across the replace (see KeepColumns). */
  keep?: KeepColumns<ColumnOf<T>>;
}

/**
 * A replaced row keeps its stored value of each of `columns` that the new row of the same key leaves
 * out, unless the new row carries one of `unlessChanged` with a value other than the stored one (the
 * kept values then no longer describe the row: they become null). E.g. dropdown options replaced from
 * v1 `/fields` keep the colour name `/v2` values gave them while the v1 colour code stays the same.
 */
export interface KeepColumns<C extends string = string> {
  columns: readonly C[];
  unlessChanged?: readonly C[];
}

type ReplaceSets = { [T in ChildTableName]: ReplaceSetOf<T> };
/** A replace set of table `T`; without `T`, a replace set of any child table (a union keyed by `table`). */
export type ReplaceSet<T extends ChildTableName = ChildTableName> = ReplaceSets[T];

/** Rows to upsert, per table. */
export type Upserts = { [T in WarehouseTableName]?: Array<RowOf<T>> };

/** Columns to set on rows a table already holds, per table (see RowBatch.updates). */
export type Updates = Upserts;

/** A completed merge: the duplicate's rows are re-keyed to the survivor (see load/write/merge.ts). */
export interface MergeOp {
  entityType: 'company' | 'person';
  duplicateId: number;
  survivorId: number;
  mergedAt: string;
}

export interface RowBatch {
  /** Upserted by primary key (insert … on conflict do update set every column from excluded). */
  upserts: Upserts;
  /** Whole child sets replaced per owner (associations, multi-valued cells, participants). */
  replace: ReplaceSet[];
  /**
   * Columns set on rows the table already holds, after the upserts and replace sets: each row names its
   * primary key and the columns to set. A key the table does not hold is skipped; no row is created
   * (e.g. a `/v2` value naming a dropdown option's colour: the option's row comes from field metadata).
   */
  updates?: Updates;
  /**
   * Like `updates`, but each column is set only where the stored row holds null: what a source may only
   * fill in, never overwrite (a dropdown option's colour named by the change log's history, which may
   * be older than the colour today's values give).
   */
  fills?: Updates;
  /** Merges to apply after the rows, in the same transaction. */
  merges?: MergeOp[];
  /**
   * Element edits of multi-valued cells (from the change log), applied read-modify-write after the
   * rows by the runner, which supplies the renderer (see load/write/cell-edits.ts, transform/apply-changes.ts).
   */
  cellEdits?: Array<{ fieldId: string; entityType: string; entityId: number; listEntryId: number }>;
}

export function emptyBatch(): RowBatch {
  return { upserts: {}, replace: [] };
}

/** Append rows of one table to a batch's upserts (mutates and returns b). */
export function addRows<T extends WarehouseTableName>(b: RowBatch, table: T, rows: readonly RowOf<T>[] | undefined): RowBatch {
  if (rows && rows.length > 0) appendRows(b.upserts, table, rows);
  return b;
}

function appendRows<T extends WarehouseTableName>(into: Upserts, table: T, rows: readonly RowOf<T>[]): void {
  const list: Array<RowOf<T>> = (into[table] ??= []);
  for (const r of rows) list.push(r);
}

/** Append update rows of one table to a batch's updates (mutates and returns b). */
export function addUpdates<T extends WarehouseTableName>(b: RowBatch, table: T, rows: readonly RowOf<T>[]): RowBatch {
  if (rows.length > 0) appendRows((b.updates ??= {}), table, rows);
  return b;
}

/** Append fill rows of one table to a batch's fills (mutates and returns b). */
export function addFills<T extends WarehouseTableName>(b: RowBatch, table: T, rows: readonly RowOf<T>[]): RowBatch {
  if (rows.length > 0) appendRows((b.fills ??= {}), table, rows);
  return b;
}

/** Add a replace set to a batch (mutates and returns b). */
export function addReplace<T extends ChildTableName>(b: RowBatch, set: ReplaceSetOf<T>): RowBatch {
  // ReplaceSetOf<T> is the member of the ReplaceSet union keyed by T; for a generic T (a helper serving
  // several child tables) TypeScript cannot pick the member, so it is named here.
  b.replace.push(set as unknown as ReplaceSet);
  return b;
}

/** The tables a batch upserts into, with their rows. */
export function upsertTables(b: RowBatch): WarehouseTableName[] {
  return (Object.keys(b.upserts) as WarehouseTableName[]).filter((t) => (b.upserts[t]?.length ?? 0) > 0);
}

/** Merge b into a (mutates and returns a); used to combine per-record transforms into one page batch. */
export function mergeBatch(a: RowBatch, b: RowBatch): RowBatch {
  for (const table of Object.keys(b.upserts) as WarehouseTableName[]) addRows(a, table, b.upserts[table]);
  for (const set of b.replace) a.replace.push(set);
  for (const table of Object.keys(b.updates ?? {}) as WarehouseTableName[]) addUpdates(a, table, b.updates?.[table] ?? []);
  for (const table of Object.keys(b.fills ?? {}) as WarehouseTableName[]) addFills(a, table, b.fills?.[table] ?? []);
  if (b.merges?.length) (a.merges ??= []).push(...b.merges);
  if (b.cellEdits?.length) (a.cellEdits ??= []).push(...b.cellEdits);
  return a;
}

export function batchRowCount(b: RowBatch): number {
  let n = 0;
  for (const rows of Object.values(b.upserts)) n += rows?.length ?? 0;
  for (const set of b.replace) n += set.rows.length;
  for (const rows of Object.values(b.updates ?? {})) n += rows?.length ?? 0;
  for (const rows of Object.values(b.fills ?? {})) n += rows?.length ?? 0;
  return n;
}
