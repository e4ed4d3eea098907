/**
 * `RowBatch.updates`: columns set on rows a table already holds, by primary key. A key the table does
 * not hold is skipped, so a source that describes only part of a record (a `/v2` value naming a
 * dropdown option's colour) never creates a row the record's own source did not write.
 */
import type { RowBatch, RowOf, WarehouseTableName } from '../schema/row-batch.ts';
import type { WarehouseDialect } from '../dialects/warehouse-dialect.ts';
import { dynamic, type Trx } from '../schema/dynamic-db.ts';
import { tableSpec } from '../schema/table-specs.ts';
import { mergeByKey, prepareRow, type PreparedRow } from './upsert.ts';

/** The tables with rows in a batch's `updates` (or `fills`). */
export function updateTables(b: RowBatch, member: 'updates' | 'fills' = 'updates'): WarehouseTableName[] {
  return (Object.keys(b[member] ?? {}) as WarehouseTableName[]).filter((t) => (b[member]?.[t]?.length ?? 0) > 0);
}

/**
 * Set each row's non-key columns on the stored row of its key, where a value differs (with `fill`: each
 * column only where the stored one is null); rows of one key are merged in order (later members win).
 * Keys are visited in order so two transactions updating the same rows lock them in the same order.
 * Returns the number of rows changed.
 */
export async function updateExisting<T extends WarehouseTableName>(
  trx: Trx,
  dialect: WarehouseDialect,
  table: T,
  rows: readonly RowOf<T>[],
  fill = false,
): Promise<number> {
  const spec = tableSpec(table);
  const prepared = mergeByKey(table, spec.pk, rows)
    .map((r) => prepareRow(spec, dialect, r))
    .sort((a, b) => {
      for (const c of spec.pk) {
        const x = a[c] ?? null;
        const y = b[c] ?? null;
        if (x !== y) return x === null || (y !== null && x < y) ? -1 : 1;
      }
      return 0;
    });
  let changed = 0;
  for (const row of prepared) {
    const set = Object.fromEntries(Object.entries(row).filter(([c]) => !spec.pk.includes(c)));
    // A fill sets each column on its own, where that column is null.
    for (const part of fill ? Object.entries(set).map(([c, v]) => ({ [c]: v })) : [set])
      changed += await updateRow(trx, spec.name as string, spec.pk, row, part, fill);
  }
  return changed;
}

async function updateRow(trx: Trx, table: string, pk: readonly string[], row: PreparedRow, set: PreparedRow, fill: boolean): Promise<number> {
  const columns = Object.keys(set);
  if (columns.length === 0) return 0;
  const r = await dynamic(trx)
    .updateTable(table)
    .set(set)
    .where((eb) => eb.and(pk.map((c) => eb(c, '=', row[c] ?? null))))
    // Writing a value the row already holds would only churn pages.
    .where((eb) => eb.or(columns.map((c) => (fill ? eb(c, 'is', null) : eb(c, 'is distinct from', set[c] ?? null)))))
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
