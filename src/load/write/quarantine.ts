/**
 * Records that failed validation, parked in `quarantine` instead of the warehouse tables: keyed by (stream,
 * record key), written through the generic upsert (upsert.ts) with the table's declaration (registry/infra.ts).
 */
import { createHash } from 'node:crypto';
import type { WarehouseDialect } from '../dialects/warehouse-dialect.ts';
import type { Trx } from '../schema/dynamic-db.ts';
import { parseColumn } from '../schema/registry/columns.ts';
import { INFRA_DECLS } from '../schema/registry/infra.ts';
import type { ColumnKind } from '../schema/table-specs.ts';
import { storableRow } from './storable-text.ts';
import { mergeByKey, upsertPrepared, type PreparedRow } from './upsert.ts';

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

/** The quarantine table's key and column kinds, from its declaration (registry/infra.ts). */
const QUARANTINE = INFRA_DECLS.quarantine;
const QUARANTINE_KINDS: Readonly<Record<string, ColumnKind>> = Object.fromEntries(
  Object.entries(QUARANTINE.columns).map(([column, c]) => [column, parseColumn(c.decl).kind]),
);

/**
 * Park records that failed validation in `quarantine`, keyed by (stream, record key). Re-quarantining
 * the same record updates its payload, error, run and last_seen_at and keeps first_seen_at.
 */
export async function quarantineRecords(
  trx: Trx,
  dialect: WarehouseDialect,
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
  const pk = QUARANTINE.pk;
  return upsertPrepared(trx, dialect, 'quarantine', pk, QUARANTINE_KINDS, mergeByKey('quarantine', pk, rows), ['first_seen_at']);
}
