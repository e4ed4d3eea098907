/**
 * The generic loader's view of the database. The loader names tables and columns at run time, from
 * the registry (table-specs.ts); Kysely's static types cannot follow a table chosen by a variable. This view
 * of the same connection states exactly what the loader relies on: tables and columns by name, values
 * that are plain scalars. Every name is checked against the registry (`tableSpec`, `prepareRow`) before
 * a statement is built, so the one cast below (`dynamic`) widens nothing the checks do not cover.
 */
import type { Kysely, Transaction } from 'kysely';
import type { KeepColumns, RowValue } from './row-batch.ts';
import type { Database } from './database.ts';

export type Trx = Transaction<Database> | Kysely<Database>;

/** Any table, any column, scalar values: what the registry-driven statements need from Kysely. */
export type DynamicDb = Record<string, Record<string, RowValue>>;

/** A row as the generic loader handles it: column name → scalar; `undefined` means "not mentioned". */
export type LooseRow = Readonly<Record<string, RowValue | undefined>>;

/** A replace set with its table and columns as run-time names (see row-batch.ts ReplaceSet for the typed one). */
export interface LooseReplaceSet {
  table: string;
  scope: readonly string[];
  owners: readonly LooseRow[];
  rows: readonly LooseRow[];
  keep?: KeepColumns;
}

export function dynamic(trx: Trx): Kysely<DynamicDb> {
  // Same connection or transaction, seen through the run-time-named schema above (see the file comment).
  return trx as unknown as Kysely<DynamicDb>;
}
