import { emptyBatch, mergeBatch, type RowBatch } from '../load/batch.ts';
import type { PageContext, PageRows } from './define.ts';

/** Build a page transform from a per-record one: the common case. */
export function perRecord<T, P>(fn: (record: T, raw: unknown, page: PageContext<P>) => RowBatch) {
  return (records: readonly T[], raws: readonly unknown[], page: PageContext<P>): PageRows => {
    const rows = emptyBatch();
    records.forEach((r, i) => mergeBatch(rows, fn(r, raws[i] ?? r, page)));
    return { rows };
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
