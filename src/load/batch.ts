/**
 * The contract between transform and load. A transform turns validated API records into a RowBatch
 * (plain data, no I/O); the loader applies a RowBatch inside the page's transaction.
 *
 * Rows are keyed by warehouse table name. Values are plain JSON-able scalars: numbers, strings
 * (timestamps as ISO-8601 UTC), booleans, null. JSON columns (`_raw`, `value_json`, `*_json`) are
 * strings. The loader adds `_synced_at` (the run's clock) and sets `_deleted_at = null` on upsert.
 */
export type RowValue = string | number | boolean | null;
export type Row = Record<string, RowValue>;

export interface ReplaceSet {
  /** Child table, e.g. `company_persons`, `field_values`, `note_attachments`. */
  table: string;
  /**
   * Which rows belong to the owners: every row of `table` whose `scope` columns match one of
   * `owners` is deleted, then `rows` are inserted. E.g. scope `['company_id']`,
   * owners `[{company_id: 1}, {company_id: 2}]`. An owner with no rows ends with an empty set.
   */
  scope: string[];
  owners: Row[];
  rows: Row[];
}

/** A completed merge: the duplicate's rows are re-keyed to the survivor (see load/merge.ts). */
export interface MergeOp {
  entityType: 'company' | 'person';
  duplicateId: number;
  survivorId: number;
  mergedAt: string;
}

export interface RowBatch {
  /** Upserted by primary key (insert … on conflict do update set every column from excluded). */
  upserts: Record<string, Row[]>;
  /** Whole child sets replaced per owner (associations, multi-valued cells, participants). */
  replace: ReplaceSet[];
  /** Merges to apply after the rows, in the same transaction. */
  merges?: MergeOp[];
  /**
   * Element edits of multi-valued cells (from the change log), applied read-modify-write after the
   * rows by the runner, which supplies the renderer (see load/cell-edits.ts, transform/apply-changes.ts).
   */
  cellEdits?: Array<{ fieldId: string; entityType: string; entityId: number; listEntryId: number }>;
}

export function emptyBatch(): RowBatch {
  return { upserts: {}, replace: [] };
}

/** Merge b into a (mutates and returns a); used to combine per-record transforms into one page batch. */
export function mergeBatch(a: RowBatch, b: RowBatch): RowBatch {
  for (const [table, rows] of Object.entries(b.upserts)) {
    const into = (a.upserts[table] ??= []);
    for (const r of rows) into.push(r);
  }
  for (const set of b.replace) a.replace.push(set);
  if (b.merges?.length) (a.merges ??= []).push(...b.merges);
  if (b.cellEdits?.length) (a.cellEdits ??= []).push(...b.cellEdits);
  return a;
}

export function batchRowCount(b: RowBatch): number {
  let n = 0;
  for (const rows of Object.values(b.upserts)) n += rows.length;
  for (const set of b.replace) n += set.rows.length;
  return n;
}
