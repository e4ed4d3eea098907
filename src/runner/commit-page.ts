import type { InvalidRecord } from '../extract/pager.ts';
import { applyBatch } from '../load/write/apply-batch.ts';
import type { Row, RowBatch } from '../load/schema/row-batch.ts';
import type { EntityTableName } from '../load/schema/warehouse-tables.ts';
import { applyCellEdits } from '../load/write/cell-edits.ts';
import { softDeleteRows, type SoftDeleteOptions } from '../load/write/soft-delete.ts';
import { quarantineRecords } from '../load/write/quarantine.ts';
import { writeCheckpoint, type Checkpoint } from '../state/checkpoint.ts';
import { noteRead, noteReadWhole, type ReadWholeKind } from '../state/read-whole.ts';
import { bumpAttempts, clearDirty, clearDirtyBefore, clearMarksOfGone, markDirty, type DirtyKind, type DirtyMark } from '../state/dirty.ts';
import { editCellRows, type CellEdit } from '../transform/index.ts';
import type { ReadEnv } from './env.ts';
import { LEAVING_WATCH, leavingMarks } from './leaving-marks.ts';

/** Dirty marks an `ids` batch covered (read) or could not read yet (kept, one more attempt). */
export interface Consumed {
  kind: DirtyKind;
  done: readonly number[];
  missing: readonly number[];
  /** Marks set after this instant are newer changes and stay. */
  since: string;
}

/** Everything one page (or a read's end) commits, together. */
export interface PageCommit {
  rows: RowBatch;
  marks: readonly DirtyMark[];
  invalid: readonly InvalidRecord[];
  checkpoint: Checkpoint;
  consumed?: Consumed;
  /** Ids whose sets an `ids` read read whole, to remember when (IdsRead.remembers). */
  read?: { kind: ReadWholeKind; ids: readonly number[] };
  /** A completed sweep: rows of `table` (within `scope`) it did not write since `startedAt` are gone upstream. */
  softDelete?: { table: EntityTableName; scope?: Row; startedAt: string };
  /** Records of `table` a read by id found missing twice, a run apart: gone, unless written since `since`. */
  gone?: { table: EntityTableName; ids: readonly number[]; since: string };
  /** A completed sweep covers the dirty marks of `kind` set before `before`. */
  clearDirty?: { kind: DirtyKind; before: string; listId?: number };
  /** The read finished: record the success time with the checkpoint. */
  success?: boolean;
}

/**
 * The ONE transaction of a page: rows, cell edits, dirty marks (with those for the records a removed list entry
 * or deal member named, runner/leaving-marks.ts), quarantined records, soft deletes and
 * the checkpoint commit together or not at all, so a crash at any instant loses and repeats nothing.
 * Never called with an HTTP request in flight for this stream.
 */
export async function commitPage(env: ReadEnv, stream: string, partition: string, c: PageCommit): Promise<{ rows: number; softDeleted: number }> {
  const { db } = env;
  const now = env.clock();
  let rows = 0;
  let softDeleted = 0;
  await db.kysely.transaction().execute(async (trx) => {
    const applied = await applyBatch(trx, db.dialect, c.rows, now, LEAVING_WATCH);
    rows = applied.rows;
    const removed = [...applied.removed];
    if (c.rows.cellEdits?.length) rows += await applyCellEdits(trx, db.dialect, c.rows.cellEdits as CellEdit[], now, editCellRows);
    if (c.marks.length > 0) await markDirty(trx, db.dialect, c.marks, now);
    if (c.consumed) {
      await clearDirty(trx, c.consumed.kind, c.consumed.done, c.consumed.since);
      await noteReadWhole(trx, c.consumed.kind, c.consumed.done, now);
      if (c.consumed.missing.length > 0) await bumpAttempts(trx, c.consumed.kind, c.consumed.missing);
    }
    if (c.read && c.read.ids.length > 0) await noteRead(trx, c.read.kind, c.read.ids, now);
    if (c.invalid.length > 0) await quarantineRecords(trx, db.dialect, stream, [...c.invalid], env.runId, now);
    const softDelete = async (table: EntityTableName, opts: SoftDeleteOptions): Promise<number> => {
      const marked = await softDeleteRows(trx, table, opts, LEAVING_WATCH.get(table));
      softDeleted += marked.length;
      if (marked.length > 0 && LEAVING_WATCH.has(table)) removed.push({ table, scope: Object.keys(opts.scope ?? {}), rows: marked });
      return marked.length;
    };
    if (c.softDelete) {
      const { table, startedAt, scope } = c.softDelete;
      await softDelete(table, { sweepStartedAt: startedAt, now, quarantinedBy: stream, ...(scope ? { scope } : {}) });
    }
    if (c.gone) {
      const { table, ids, since } = c.gone;
      // Rows written after the read began are newer than the 404 and stay; the marks of those deleted go with them.
      const deleted: number[] = [];
      for (const id of ids) if ((await softDelete(table, { sweepStartedAt: since, now, scope: { id } })) > 0) deleted.push(id);
      await clearMarksOfGone(trx, table, deleted);
    }
    const leaving = await leavingMarks(trx, removed);
    if (leaving.length > 0) await markDirty(trx, db.dialect, leaving, now);
    if (c.clearDirty) await clearDirtyBefore(trx, c.clearDirty.kind, c.clearDirty.before, c.clearDirty.listId);
    await writeCheckpoint(trx, stream, partition, c.checkpoint, now, { success: c.success === true });
  });
  return { rows, softDeleted };
}
