/**
 * The one generic upsert, for every warehouse table on both dialects:
 * `insert … on conflict (pk) do update set <every column the rows carry> = excluded.<column>`.
 * Rows are checked and converted here; how each dialect sends them is its `writeGroup` (dialects/upsert-group.ts).
 */
import type { RowOf, RowValue, WarehouseTableName } from '../schema/row-batch.ts';
import type { WarehouseDialect } from '../dialects/warehouse-dialect.ts';
import type { LooseRow, Trx } from '../schema/dynamic-db.ts';
import { storableJson, storableText } from './storable-text.ts';
import { tableSpec, type ColumnKind, type TableSpec } from '../schema/table-specs.ts';

/** A row ready to bind: registry-checked column names, dialect-converted values, nothing undefined. */
export type PreparedRow = Record<string, RowValue>;

/** Booleans come back as 0/1 from SQLite and true/false from PostgreSQL; compare through this. */
export function fromDbBool(v: unknown): boolean | null {
  if (v === null || v === undefined) return null;
  return v === true || v === 1 || v === '1' || v === 't';
}

function normaliseTs(table: string, column: string, v: Exclude<RowValue, null>): string {
  const d = typeof v === 'string' ? new Date(v) : undefined;
  if (!d || Number.isNaN(d.getTime())) {
    throw new Error(`relsync: ${table}.${column} = ${JSON.stringify(v)} is not an ISO-8601 timestamp`);
  }
  return d.toISOString();
}

/**
 * Check a row against the registry and convert it to what the dialect binds. `meta` (the meta columns, already
 * prepared) overrides the row's own values for its columns, as if spread over the row before preparing it.
 */
export function prepareRow(spec: TableSpec, dialect: WarehouseDialect, row: LooseRow, meta?: PreparedRow): PreparedRow {
  const out: PreparedRow = {};
  for (const column of Object.keys(row)) {
    const value = row[column];
    if (value === undefined || (meta !== undefined && Object.hasOwn(meta, column))) continue;
    const kind = spec.columns[column];
    if (kind === undefined) throw new Error(`relsync: table ${spec.name} has no column "${column}" (see src/load/schema/table-specs.ts)`);
    if (kind === 'ts') out[column] = value === null ? null : dialect.timestamp(normaliseTs(spec.name, column, value));
    else if (kind === 'bool' && value !== null) out[column] = dialect.bool(value as boolean | number);
    // better-sqlite3 cannot bind booleans at all, whatever the column.
    else if (typeof value === 'boolean' && !dialect.bindsBooleans) out[column] = value ? 1 : 0;
    // Text both dialects can store (docs/warehouse.md "How text is stored"); also makes owner keys match their rows.
    else if (typeof value === 'string') out[column] = kind === 'json' ? storableJson(value) : storableText(value);
    else out[column] = value;
  }
  return meta === undefined ? out : Object.assign(out, meta);
}

function keyPart(table: string, column: string, row: LooseRow): Exclude<RowValue, null> {
  const v = row[column];
  if (v === undefined || v === null) throw new Error(`relsync: ${table} row has no primary-key value for "${column}"`);
  return v;
}

/** A one-column key as is (a Map tells 1 from "1", as JSON does); a wider key as the JSON of its values. */
function keyOf(table: string, pk: readonly string[], row: LooseRow): Exclude<RowValue, null> {
  if (pk.length === 1) return keyPart(table, pk[0]!, row);
  return JSON.stringify(pk.map((c) => keyPart(table, c, row)));
}

/**
 * Rows with the same key are merged in order (later members win), which equals applying them one by
 * one and keeps PostgreSQL from rejecting one statement that touches a key twice.
 */
export function mergeByKey<R extends LooseRow>(table: string, pk: readonly string[], rows: readonly R[]): R[] {
  const byKey = new Map<Exclude<RowValue, null>, R>();
  for (const row of rows) {
    const k = keyOf(table, pk, row);
    const prev = byKey.get(k);
    byKey.set(k, prev ? { ...prev, ...row } : row);
  }
  return [...byKey.values()];
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Insert-or-update already prepared, key-unique rows. Rows are grouped by the columns they carry so a
 * column a row does not mention keeps its stored value on update instead of being nulled. `kinds` names
 * the kind of every column a row may carry.
 */
export async function upsertPrepared(
  trx: Trx,
  dialect: WarehouseDialect,
  table: string,
  pk: readonly string[],
  kinds: Readonly<Record<string, ColumnKind>>,
  rows: readonly PreparedRow[],
  keepOnUpdate: readonly string[] = [],
): Promise<number> {
  const groups = new Map<string, PreparedRow[]>();
  // Rows built alike list their columns in the same order: a row listing them exactly as the row
  // before it joins that row's group without sorting and joining its column names again.
  let previous: { keys: string[]; group: PreparedRow[] } | undefined;
  for (const row of rows) {
    const keys = Object.keys(row);
    if (previous !== undefined && sameKeys(keys, previous.keys)) {
      previous.group.push(row);
      continue;
    }
    const sig = [...keys].sort().join(',');
    let group = groups.get(sig);
    if (group) group.push(row);
    else groups.set(sig, (group = [row]));
    previous = { keys, group };
  }
  for (const [sig, group] of groups) {
    const columns = sig.split(',');
    const update = columns.filter((c) => !pk.includes(c) && !keepOnUpdate.includes(c));
    await dialect.writeGroup(trx, { table, pk, columns, update, kinds, rows: group });
  }
  return rows.length;
}

const FIRST_SEEN = '_first_seen_at';

/**
 * Upsert rows into a warehouse table. Sets `_synced_at = syncedAt` and, on entity tables,
 * `_deleted_at = null` (a record seen again is alive again); a table with `_first_seen_at` gets it on
 * insert only. Returns the number of distinct rows written.
 */
export async function upsertRows<T extends WarehouseTableName>(
  trx: Trx,
  dialect: WarehouseDialect,
  table: T,
  rows: readonly RowOf<T>[],
  syncedAt: string,
): Promise<number> {
  return upsertLoose(trx, dialect, table, rows, syncedAt);
}

/** `upsertRows` for a table named at run time (replace sets); the registry checks every name. */
export async function upsertLoose(trx: Trx, dialect: WarehouseDialect, table: string, rows: readonly LooseRow[], syncedAt: string): Promise<number> {
  if (rows.length === 0) return 0;
  const spec = tableSpec(table);
  // When the row was first stored: set by the insert, kept by every later update (migration 026).
  const firstSeen = spec.columns[FIRST_SEEN] === undefined ? [] : [FIRST_SEEN];
  const meta: LooseRow = {
    _synced_at: syncedAt,
    ...(spec.kind === 'entity' ? { _deleted_at: null, _deleted_seen_at: null } : {}),
    ...Object.fromEntries(firstSeen.map((c) => [c, syncedAt])),
  };
  // The meta columns are the same for every row: checked and converted once.
  const preparedMeta = prepareRow(spec, dialect, meta);
  const prepared = mergeByKey(table, spec.pk, rows).map((r) => prepareRow(spec, dialect, r, preparedMeta));
  return upsertPrepared(trx, dialect, table, spec.pk, spec.columns, prepared, firstSeen);
}
