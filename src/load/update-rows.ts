/**
 * `RowBatch.updates`: columns set on rows a table already holds, by primary key. A key the table does
 * not hold is skipped, so a source that describes only part of a record (a `/v2` value naming a
 * dropdown option's colour) never creates a row the record's own source did not write.
 */
import type { RowBatch, RowOf, WarehouseTableName } from './batch.ts';
import type { DialectName } from './db.ts';
import { dynamic, type Trx } from './dynamic.ts';
import { tableSpec } from './tables.ts';
import { mergeByKey, prepareRow } from './upsert.ts';

/** The tables a batch updates, with their rows. */
export function updateTables(b: RowBatch): WarehouseTableName[] {
  return (Object.keys(b.updates ?? {}) as WarehouseTableName[]).filter((t) => (b.updates?.[t]?.length ?? 0) > 0);
}

/**
 * Set each row's non-key columns on the stored row of its key, where a value differs; rows of one key
 * are merged in order (later members win). Keys are visited in order so two transactions updating the
 * same rows lock them in the same order. Returns the number of rows changed.
 */
export async function updateExisting<T extends WarehouseTableName>(trx: Trx, dialect: DialectName, table: T, rows: readonly RowOf<T>[]): Promise<number> {
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
    const columns = Object.keys(set);
    if (columns.length === 0) continue;
    const r = await dynamic(trx)
      .updateTable(spec.name as string)
      .set(set)
      .where((eb) => eb.and(spec.pk.map((c) => eb(c, '=', row[c] ?? null))))
      // Writing a value the row already holds would only churn pages.
      .where((eb) => eb.or(columns.map((c) => eb(c, 'is distinct from', set[c] ?? null))))
      .executeTakeFirst();
    changed += Number(r.numUpdatedRows);
  }
  return changed;
}
