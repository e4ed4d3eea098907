/**
 * The loader's view of the registry (registry/warehouse.ts) at run time: per table its kind, key and
 * column kinds. The loader is generic over these specs (no per-table code); `status`, `demo` and the
 * tests take their table lists from here too.
 */
import { parseColumn, type ColumnKind, type TableKind } from './registry/columns.ts';
import { WAREHOUSE } from './registry/warehouse.ts';
import type { WarehouseTableName } from './warehouse-tables.ts';

export type { ColumnKind, TableKind } from './registry/columns.ts';

export interface TableSpec {
  readonly name: WarehouseTableName;
  readonly kind: TableKind;
  readonly pk: readonly string[];
  /** Every column, including `_raw` / `_synced_at` / `_deleted_at`, with its kind. */
  readonly columns: Readonly<Record<string, ColumnKind>>;
  /** Columns declared NOT NULL (primary-key columns among them). */
  readonly notNull: readonly string[];
  readonly booleans: readonly string[];
  readonly timestamps: readonly string[];
}

function toSpec(name: WarehouseTableName): TableSpec {
  const decl = WAREHOUSE[name];
  const columns: Record<string, ColumnKind> = {};
  const notNull: string[] = [];
  for (const [column, d] of Object.entries(decl.columns)) {
    const { kind, nullable } = parseColumn(d);
    columns[column] = kind;
    if (!nullable) notNull.push(column);
  }
  const of = (k: ColumnKind) => Object.keys(columns).filter((c) => columns[c] === k);
  return { name, kind: decl.kind, pk: decl.pk, columns, notNull, booleans: of('bool'), timestamps: of('ts') };
}

/** Every warehouse table, in registry order. */
export const WAREHOUSE_TABLE_NAMES = Object.keys(WAREHOUSE) as readonly WarehouseTableName[];

/** Tables whose row counts `status` and `demo` report: the warehouse, and the records parked in quarantine. */
export const REPORTED_TABLES: ReadonlyArray<WarehouseTableName | 'quarantine'> = [...WAREHOUSE_TABLE_NAMES, 'quarantine'];

export const WAREHOUSE_TABLES = Object.fromEntries(WAREHOUSE_TABLE_NAMES.map((n) => [n, toSpec(n)])) as {
  readonly [N in WarehouseTableName]: TableSpec;
};

export function isWarehouseTable(name: string): name is WarehouseTableName {
  return Object.prototype.hasOwnProperty.call(WAREHOUSE_TABLES, name);
}

/** The spec of a table named at run time; an unknown name is a programming error in the caller. */
export function tableSpec(name: string): TableSpec {
  if (!isWarehouseTable(name)) throw new Error(`relsync: "${name}" is not a warehouse table (see src/load/schema/registry/warehouse.ts)`);
  return WAREHOUSE_TABLES[name];
}
