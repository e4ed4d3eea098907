import type { AnyDb } from './helpers.ts';

/*
 * Indexes that answer the analyst views' liveness joins without reading the row (issue 17).
 * `join persons p on p.id = x.person_id and p._deleted_at is null` needs `_deleted_at`, the last column,
 * behind `_raw`: a person's or company's row is larger than a SQLite page at medium scale, so each such
 * check walked the row's overflow pages, and the overviews paid it once per link. An index on
 * (id, _deleted_at) covers the check. The overviews' per-person interaction times read only
 * `started_at` and `_deleted_at` of each interaction: a covering index spares a row read per participant.
 * Frozen once released: later changes go in a new migration.
 */
export const LIVE_LOOKUP_INDEXES: ReadonlyArray<readonly [name: string, table: string, columns: readonly string[]]> = [
  ['persons_live_idx', 'persons', ['id', '_deleted_at']],
  ['companies_live_idx', 'companies', ['id', '_deleted_at']],
  ['opportunities_live_idx', 'opportunities', ['id', '_deleted_at']],
  ['interactions_live_started_idx', 'interactions', ['kind', 'id', '_deleted_at', 'started_at']],
];

export async function up(db: AnyDb): Promise<void> {
  for (const [name, table, columns] of LIVE_LOOKUP_INDEXES) {
    await db.schema
      .createIndex(name)
      .ifNotExists()
      .on(table)
      .columns([...columns])
      .execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const [name] of LIVE_LOOKUP_INDEXES) await db.schema.dropIndex(name).ifExists().execute();
}
