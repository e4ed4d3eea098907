import { sql } from 'kysely';
import { columnTypes, type AnyDb } from './helpers.ts';

/**
 * `julianday(x)` on PostgreSQL, as SQLite has it built in: the Julian day number of an instant (days and
 * their fraction since noon UTC, 4714 BC), so `julianday(b) - julianday(a)` is the days between two
 * instants, and `julianday('2025-07-01')` an as-of date, in one SQL text for both dialects
 * (docs/queries.md). For a timestamp column, and for text: an ISO-8601 instant (read as UTC without an
 * offset, as SQLite reads it, whatever the session's time zone) or 'now'. Numeric, so `round(…, 1)`
 * works on it as on SQLite's real. SQLite needs nothing. Frozen once released.
 */
export async function up(db: AnyDb): Promise<void> {
  if (!columnTypes(db).isPostgres) return;
  await sql`create or replace function julianday(t timestamptz) returns numeric
    language sql immutable strict parallel safe
    as $$ select cast(extract(epoch from t) as numeric) / 86400 + 2440587.5 $$`.execute(db);
  await sql`create or replace function julianday(t text) returns numeric
    language sql stable strict parallel safe set timezone = 'UTC'
    as $$ select cast(extract(epoch from cast(t as timestamptz)) as numeric) / 86400 + 2440587.5 $$`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (!columnTypes(db).isPostgres) return;
  await sql`drop function if exists julianday(text)`.execute(db);
  await sql`drop function if exists julianday(timestamptz)`.execute(db);
}
