import type { InvalidRecord, PageRequest } from '../extract/pager.ts';
import { emptyBatch, mergeBatch, type RowBatch } from '../load/schema/row-batch.ts';
import type { DirtyMark } from '../state/dirty.ts';
import type { PageContext, PageRows } from './define.ts';

/** Why a record's transform failed, in the quarantine's words (the schema's own reasons read the same way). */
export function transformFailure(err: unknown): string {
  return `transform: ${err instanceof Error ? err.message : String(err)}`;
}

/**
 * Build a page transform from a per-record one, each record inside its own guard: a record the transform
 * cannot read (a value the schema let through but no row can hold) is quarantined with its raw body and
 * the reason, and the rest of the page commits (docs/sync.md "One record never stops a stream").
 */
export function perRecordMarked<T, P>(fn: (record: T, raw: unknown, page: PageContext<P>) => { rows: RowBatch; marks: readonly DirtyMark[] }) {
  return (records: readonly T[], raws: readonly unknown[], page: PageContext<P>): PageRows => {
    const rows = emptyBatch();
    const marks: DirtyMark[] = [];
    const quarantined: InvalidRecord[] = [];
    records.forEach((r, i) => {
      const raw = raws[i] ?? r;
      let out: { rows: RowBatch; marks: readonly DirtyMark[] };
      try {
        out = fn(r, raw, page);
      } catch (err) {
        quarantined.push({ raw, error: transformFailure(err) });
        return;
      }
      mergeBatch(rows, out.rows);
      marks.push(...out.marks);
    });
    return { rows, marks, ...(quarantined.length > 0 ? { quarantined } : {}) };
  };
}

/** `perRecordMarked` for the common case: a transform that leaves no dirty marks. */
export function perRecord<T, P>(fn: (record: T, raw: unknown, page: PageContext<P>) => RowBatch) {
  return perRecordMarked<T, P>((r, raw, page) => ({ rows: fn(r, raw, page), marks: [] }));
}

/** The one id a batch of size 1 read (whose members, whose fragments). */
export function onlyId(page: PageContext<unknown>): number {
  const id = page.ids[0];
  if (id === undefined || page.ids.length !== 1) throw new Error('relsync: a per-record transform ran without exactly one batch id');
  return id;
}

/** `/v2` entity field types relsync loads for companies and persons (list fields come with list entries). */
export const ENTITY_FIELD_TYPES = ['enriched', 'global', 'relationship-intelligence'] as const;

/**
 * The cheap confirmation of an older single read's 404 (IdsRead.confirmGone): the `/v2` collection looked up
 * by `ids`, 100 a call (docs/contract.md §7); a record it still lists is not gone.
 */
export function confirmByIds(path: string, endpoint: string, ids: readonly number[]): PageRequest {
  return { path, query: { ids: [...ids], limit: 100 }, paginator: 'v2', endpoint };
}
