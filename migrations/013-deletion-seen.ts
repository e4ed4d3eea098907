import { sql } from 'kysely';
import { columnTypes, type AnyDb } from './helpers.ts';

/*
 * When a deletion happened upstream and when relsync learned of it are two facts (issue 17). A merged-away
 * record carries the service's merge time in `_deleted_at` (possibly weeks before the sync that found it),
 * so "deleted since the last sync" could not be asked of `_deleted_at`. Every entity table gets
 * `_deleted_seen_at`: the run clock of the sync that found the record deleted or merged away (null while
 * it is live); `_deleted_at` keeps when it happened upstream where the service says (merges), else when
 * it was found (a completed sweep no longer returned it).
 * Backfill of rows already deleted: a sweep's soft delete stamped `_deleted_at` with the run clock, so it is
 * also when it was seen; a merge found later than it happened was written no earlier than the row's last
 * `_synced_at`, so the later of the two is the nearest known "seen".
 * The tables are named here, not read from the registry: a migration is frozen once released.
 * Frozen once released: later changes go in a new migration.
 */
const ENTITY_TABLES = [
  'companies',
  'persons',
  'opportunities',
  'lists',
  'list_entries',
  'fields',
  'field_value_changes',
  'notes',
  'reminders',
  'interactions',
  'transcripts',
  'files',
  'users',
  'teams',
  'saved_views',
  'webhooks',
  'merges',
  'duplicate_suggestions',
  'relationship_strengths',
] as const;

export async function up(db: AnyDb): Promise<void> {
  const t = columnTypes(db);
  for (const table of ENTITY_TABLES) {
    await db.schema.alterTable(table).addColumn('_deleted_seen_at', t.ts).execute();
    await sql`update ${sql.table(table)} set _deleted_seen_at = case when _synced_at > _deleted_at then _synced_at else _deleted_at end
      where _deleted_at is not null`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ENTITY_TABLES) await db.schema.alterTable(table).dropColumn('_deleted_seen_at').execute();
}
