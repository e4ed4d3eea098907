/**
 * SQLite's upsert writer (`writeGroup`, ../upsert-group.ts): better-sqlite3 is synchronous and in-process,
 * so statements prepared once per (table, columns) and kept on the connection (sqlite-handle.ts) are
 * stepped inside the caller's transaction: one of DEFAULT_SQLITE_UPSERT_ROWS rows while that many remain,
 * then one row at a time.
 */
import { DEFAULT_SQLITE_UPSERT_ROWS } from '../../../defaults.ts';
import { dynamic, type Trx } from '../../schema/dynamic-db.ts';
import type { RowValue } from '../../schema/row-batch.ts';
import { onConflict, type RowGroup } from '../upsert-group.ts';
import { withSqliteHandle } from './sqlite-handle.ts';

/** The upsert of `count` rows of the group, compiled by Kysely (through its plugins), one `?` per value. */
function compileSqlite(trx: Trx, g: RowGroup, count: number): string {
  const placeholder = Object.fromEntries(g.columns.map((c) => [c, null]));
  const compiled = onConflict(
    dynamic(trx)
      .insertInto(g.table)
      .values(Array.from({ length: count }, () => placeholder)),
    g,
  ).compile();
  // Values bind in row order, each row's in `columns` order: exactly how Kysely placed them.
  if (compiled.parameters.length !== count * g.columns.length) throw new Error(`relsync: upsert into ${g.table} compiled to an unexpected statement`);
  return compiled.sql;
}

/** Write the group through statements prepared on the connection `trx` runs on. */
export async function writeSqlite(trx: Trx, g: RowGroup): Promise<void> {
  const width = g.columns.length;
  const perStatement = DEFAULT_SQLITE_UPSERT_ROWS;
  const many = g.rows.length >= perStatement ? compileSqlite(trx, g, perStatement) : undefined;
  const one = g.rows.length % perStatement > 0 ? compileSqlite(trx, g, 1) : undefined;
  await withSqliteHandle(trx, (statement) => {
    let next = 0;
    const step = (sql: string, count: number) => {
      const insert = statement(sql);
      const values = new Array<RowValue>(count * width);
      while (next + count <= g.rows.length) {
        for (let r = 0; r < count; r++) {
          const row = g.rows[next + r]!;
          for (let c = 0; c < width; c++) values[r * width + c] = row[g.columns[c]!] ?? null;
        }
        insert.run(values);
        next += count;
      }
    };
    if (many !== undefined) step(many, perStatement);
    if (one !== undefined) step(one, 1);
  });
}
