/**
 * How the generic upsert (upsert.ts) writes one group of rows that carry the same columns, per dialect
 * (each dialect object, sqlite-dialect.ts and pg-dialect.ts, names its writer as `writeGroup`).
 * Both write `insert … on conflict (pk) do update set <column> = excluded.<column>` (or `do nothing`),
 * built by Kysely through the same plugins (the write fence) as every other statement; they differ in
 * how the rows reach the database, which is what the loader's speed depends on (BENCHMARKS.md, loader):
 * - SQLite: better-sqlite3 is synchronous and in-process, so statements prepared once per (table,
 *   columns) and kept on the connection are stepped inside the caller's transaction: one of
 *   DEFAULT_SQLITE_UPSERT_ROWS rows while that many remain, then one row at a time.
 * - PostgreSQL: round trips and statement parsing dominate, so each column travels as one array
 *   parameter and `unnest` turns the arrays back into rows: a few parameters per statement, whatever
 *   the number of rows.
 */
import { sql, type InsertQueryBuilder, type InsertResult } from 'kysely';
import { DEFAULT_PG_UPSERT_ROWS, DEFAULT_SQLITE_UPSERT_ROWS } from '../../defaults.ts';
import type { RowValue } from '../schema/row-batch.ts';
import { dynamic, type DynamicDb, type Trx } from '../schema/dynamic-db.ts';
import { withSqliteHandle } from './sqlite/sqlite-handle.ts';
import type { ColumnKind } from '../schema/table-specs.ts';

/** Key-unique rows of one table that all carry exactly `columns`, ready to bind. */
export interface RowGroup {
  table: string;
  pk: readonly string[];
  /** Every column the rows carry, in binding order. */
  columns: readonly string[];
  /** Columns set from `excluded` on conflict; none means `do nothing`. */
  update: readonly string[];
  /** The kind of every column (PostgreSQL casts each array to its column's type). */
  kinds: Readonly<Record<string, ColumnKind>>;
  rows: ReadonlyArray<Readonly<Record<string, RowValue>>>;
}

/**
 * The PostgreSQL type of each kind: the types the migrations create (migrations/helpers.ts `columnTypes`);
 * test/integration/schema-registry.test.ts checks every declared column's type against its kind.
 */
const PG_TYPE: Readonly<Record<ColumnKind, string>> = {
  id: 'bigint',
  int: 'integer',
  real: 'double precision',
  text: 'text',
  ts: 'timestamptz',
  json: 'jsonb',
  bool: 'boolean',
};

type Insert = InsertQueryBuilder<DynamicDb, string, InsertResult>;

function onConflict(q: Insert, g: RowGroup): Insert {
  return g.update.length === 0
    ? q.onConflict((oc) => oc.columns([...g.pk]).doNothing())
    : q.onConflict((oc) => oc.columns([...g.pk]).doUpdateSet((eb) => Object.fromEntries(g.update.map((c) => [c, eb.ref(`excluded.${c}`)]))));
}

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

export async function writePostgres(trx: Trx, g: RowGroup): Promise<void> {
  for (let i = 0; i < g.rows.length; i += DEFAULT_PG_UPSERT_ROWS) {
    const chunk = g.rows.slice(i, i + DEFAULT_PG_UPSERT_ROWS);
    const arrays = g.columns.map((c) => {
      const kind = g.kinds[c];
      if (kind === undefined) throw new Error(`relsync: ${g.table}.${c} has no declared kind`);
      return sql`${sql.val(chunk.map((r) => r[c] ?? null))}::${sql.raw(PG_TYPE[kind])}[]`;
    });
    const rows = sql`select * from unnest(${sql.join(arrays)})`;
    await onConflict(
      dynamic(trx)
        .insertInto(g.table)
        .columns([...g.columns])
        .expression(rows),
      g,
    ).execute();
  }
}
