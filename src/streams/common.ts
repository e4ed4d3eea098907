import type { PageRequest } from '../extract/pager.ts';
import { emptyBatch, mergeBatch, type RowBatch } from '../load/batch.ts';
import type { DirtyMark } from '../state/dirty.ts';
import type { PageContext, PageRows } from './define.ts';

/** Build a page transform from a per-record one: the common case. */
export function perRecord<T, P>(fn: (record: T, raw: unknown, page: PageContext<P>) => RowBatch) {
  return (records: readonly T[], raws: readonly unknown[], page: PageContext<P>): PageRows => {
    const rows = emptyBatch();
    records.forEach((r, i) => mergeBatch(rows, fn(r, raws[i] ?? r, page)));
    return { rows };
  };
}

/** Like `perRecord`, for transforms that also leave dirty marks (committed with the page's rows). */
export function perRecordMarked<T, P>(fn: (record: T, raw: unknown, page: PageContext<P>) => { rows: RowBatch; marks: readonly DirtyMark[] }) {
  return (records: readonly T[], raws: readonly unknown[], page: PageContext<P>): PageRows => {
    const rows = emptyBatch();
    const marks: DirtyMark[] = [];
    records.forEach((r, i) => {
      const out = fn(r, raws[i] ?? r, page);
      mergeBatch(rows, out.rows);
      marks.push(...out.marks);
    });
    return { rows, marks };
  };
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
