/**
 * The one generic upsert, for every warehouse table on both dialects:
 * `insert … on conflict (pk) do update set <every column the rows carry> = excluded.<column>`.
 */
import { createHash } from 'node:crypto';
import type { RowOf, RowValue, WarehouseTableName } from './batch.ts';
import type { DialectName } from './db.ts';
import { dynamic, type LooseRow, type Trx } from './dynamic.ts';
import { storableJson, storableRow, storableText } from './storable.ts';
import { tableSpec, type TableSpec } from './tables.ts';

export type { Trx } from './dynamic.ts';

/** A row ready to bind: registry-checked column names, dialect-converted values, nothing undefined. */
export type PreparedRow = Record<string, RowValue>;

/** Bound parameters allowed per statement: SQLite's SQLITE_MAX_VARIABLE_NUMBER, PostgreSQL's wire limit. */
export const PARAM_LIMIT: Readonly<Record<DialectName, number>> = { sqlite: 32766, postgres: 65535 };

/** Rows per INSERT so that rows × columns stays within the dialect's bound-parameter limit. */
export function rowsPerStatement(dialect: DialectName, columnCount: number): number {
  return Math.max(1, Math.floor(PARAM_LIMIT[dialect] / Math.max(1, columnCount)));
}

export function toDbBool(dialect: DialectName, v: boolean | number): boolean | number {
  if (dialect === 'sqlite') return v === true || v === 1 ? 1 : 0;
  return v === true || v === 1;
}

/** Booleans come back as 0/1 from SQLite and true/false from PostgreSQL; compare through this. */
export function fromDbBool(v: unknown): boolean | null {
  if (v === null || v === undefined) return null;
  return v === true || v === 1 || v === '1' || v === 't';
}

function normaliseTs(table: string, column: string, v: RowValue): RowValue {
  if (v === null) return null;
  const d = typeof v === 'string' ? new Date(v) : undefined;
  if (!d || Number.isNaN(d.getTime())) {
    throw new Error(`relsync: ${table}.${column} = ${JSON.stringify(v)} is not an ISO-8601 timestamp`);
  }
  return d.toISOString();
}

/** Check a row against the registry and convert it to what the dialect binds. */
export function prepareRow(spec: TableSpec, dialect: DialectName, row: LooseRow): PreparedRow {
  const out: PreparedRow = {};
  for (const [column, value] of Object.entries(row)) {
    if (value === undefined) continue;
    const kind = spec.columns[column];
    if (kind === undefined) throw new Error(`relsync: table ${spec.name} has no column "${column}" (see src/load/tables.ts)`);
    if (kind === 'ts') out[column] = normaliseTs(spec.name, column, value);
    else if (kind === 'bool' && value !== null) out[column] = toDbBool(dialect, value as boolean | number);
    // better-sqlite3 cannot bind booleans at all, whatever the column.
    else if (typeof value === 'boolean' && dialect === 'sqlite') out[column] = value ? 1 : 0;
    // Text both dialects can store (README "How text is stored"); also makes owner keys match their rows.
    else if (typeof value === 'string') out[column] = kind === 'json' ? storableJson(value) : storableText(value);
    else out[column] = value;
  }
  return out;
}

function keyOf(table: string, pk: readonly string[], row: LooseRow): string {
  const parts: RowValue[] = [];
  for (const c of pk) {
    const v = row[c];
    if (v === undefined || v === null) throw new Error(`relsync: ${table} row has no primary-key value for "${c}"`);
    parts.push(v);
  }
  return JSON.stringify(parts);
}

/**
 * Rows with the same key are merged in order (later members win), which equals applying them one by
 * one and keeps PostgreSQL from rejecting one statement that touches a key twice.
 */
export function mergeByKey<R extends LooseRow>(table: string, pk: readonly string[], rows: readonly R[]): R[] {
  const byKey = new Map<string, R>();
  for (const row of rows) {
    const k = keyOf(table, pk, row);
    const prev = byKey.get(k);
    byKey.set(k, prev ? { ...prev, ...row } : row);
  }
  return [...byKey.values()];
}

/**
 * Insert-or-update already prepared, key-unique rows. Rows are grouped by the columns they carry so a
 * column a row does not mention keeps its stored value on update instead of being nulled.
 */
export async function upsertPrepared(
  trx: Trx,
  dialect: DialectName,
  table: string,
  pk: readonly string[],
  rows: readonly PreparedRow[],
  keepOnUpdate: readonly string[] = [],
): Promise<number> {
  const groups = new Map<string, PreparedRow[]>();
  for (const row of rows) {
    const sig = Object.keys(row).sort().join(',');
    const g = groups.get(sig);
    if (g) g.push(row);
    else groups.set(sig, [row]);
  }
  const db = dynamic(trx);
  for (const [sig, group] of groups) {
    const columns = sig.split(',');
    const update = columns.filter((c) => !pk.includes(c) && !keepOnUpdate.includes(c));
    const size = rowsPerStatement(dialect, columns.length);
    for (let i = 0; i < group.length; i += size) {
      const chunk = group.slice(i, i + size);
      const q = db.insertInto(table).values(chunk);
      await (
        update.length === 0
          ? q.onConflict((oc) => oc.columns([...pk]).doNothing())
          : q.onConflict((oc) => oc.columns([...pk]).doUpdateSet((eb) => Object.fromEntries(update.map((c) => [c, eb.ref(`excluded.${c}`)]))))
      ).execute();
    }
  }
  return rows.length;
}

/**
 * Upsert rows into a warehouse table. Sets `_synced_at = syncedAt` and, on entity tables,
 * `_deleted_at = null` (a record seen again is alive again). Returns the number of distinct rows written.
 */
export async function upsertRows<T extends WarehouseTableName>(
  trx: Trx,
  dialect: DialectName,
  table: T,
  rows: readonly RowOf<T>[],
  syncedAt: string,
): Promise<number> {
  return upsertLoose(trx, dialect, table, rows, syncedAt);
}

/** `upsertRows` for a table named at run time (replace sets); the registry checks every name. */
export async function upsertLoose(trx: Trx, dialect: DialectName, table: string, rows: readonly LooseRow[], syncedAt: string): Promise<number> {
  if (rows.length === 0) return 0;
  const spec = tableSpec(table);
  const stamp: LooseRow = spec.kind === 'entity' ? { _synced_at: syncedAt, _deleted_at: null } : { _synced_at: syncedAt };
  const prepared = mergeByKey(table, spec.pk, rows).map((r) => prepareRow(spec, dialect, { ...r, ...stamp }));
  return upsertPrepared(trx, dialect, table, spec.pk, prepared);
}

export interface QuarantinedRecord {
  raw: unknown;
  error: string;
}

/** The raw record's own `id` when it has one, else a content hash, so the same bad record maps to one row. */
export function quarantineKey(raw: unknown): string {
  if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) {
    const id = (raw as Record<string, unknown>).id;
    if (typeof id === 'number' || (typeof id === 'string' && id !== '')) return String(id);
  }
  return createHash('sha1')
    .update(JSON.stringify(raw) ?? 'undefined')
    .digest('hex');
}

/**
 * Park records that failed validation in `quarantine`, keyed by (stream, record key). Re-quarantining
 * the same record updates its payload, error, run and last_seen_at and keeps first_seen_at.
 */
export async function quarantineRecords(
  trx: Trx,
  dialect: DialectName,
  stream: string,
  records: readonly QuarantinedRecord[],
  runId: string | null,
  now: string,
): Promise<number> {
  if (records.length === 0) return 0;
  const rows: PreparedRow[] = records.map((r) =>
    storableRow(
      {
        stream,
        record_key: quarantineKey(r.raw),
        payload: JSON.stringify(r.raw) ?? 'null',
        error: r.error,
        run_id: runId,
        first_seen_at: now,
        last_seen_at: now,
      },
      ['payload'],
    ),
  );
  const pk = ['stream', 'record_key'];
  return upsertPrepared(trx, dialect, 'quarantine', pk, mergeByKey('quarantine', pk, rows), ['first_seen_at']);
}
