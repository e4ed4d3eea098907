/**
 * How the generic upsert (src/load/write/upsert.ts) hands a dialect one group of rows that carry the same
 * columns: each dialect's warehouse object names its writer as `writeGroup` (sqlite/sqlite-upsert.ts,
 * pg/pg-upsert.ts). Both write `insert … on conflict (pk) do update set <column> = excluded.<column>` (or
 * `do nothing`), built by Kysely through the same plugins (the write fence) as every other statement; they
 * differ in how the rows reach the database, which is what the loader's speed depends on (BENCHMARKS.md,
 * loader).
 */
import type { InsertQueryBuilder, InsertResult } from 'kysely';
import type { DynamicDb } from '../schema/dynamic-db.ts';
import type { RowValue } from '../schema/row-batch.ts';
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

type Insert = InsertQueryBuilder<DynamicDb, string, InsertResult>;

/** The group's `on conflict` clause: update the `update` columns from `excluded`, or do nothing. */
export function onConflict(q: Insert, g: RowGroup): Insert {
  return g.update.length === 0
    ? q.onConflict((oc) => oc.columns([...g.pk]).doNothing())
    : q.onConflict((oc) => oc.columns([...g.pk]).doUpdateSet((eb) => Object.fromEntries(g.update.map((c) => [c, eb.ref(`excluded.${c}`)]))));
}
