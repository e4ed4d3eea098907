import { sql } from 'kysely';
import { columnTypes, type AnyDb } from './helpers.ts';

/*
 * Dropdown colour names a warehouse already holds (issue 22). Migration 011 left `dropdown_options.color`
 * null on every option stored before it, to be named by the next `/v2` value read; but the values read
 * before are stored too: `field_values.value_json` and `field_value_changes.value_json` hold each
 * dropdown element as the service sent it (`{dropdownOptionId, text, rank, color}`, bare since 009). An
 * option still without a name takes the one its stored values give (current values first, then the
 * change log's), so an upgrade needs no re-read of every record for colours. Options no stored value
 * names stay null, as on a fresh sync. Frozen once released: later changes go in a new migration.
 */

/** The colour name stored values of table `t` give option (field_id, id), per dialect; null if none. */
function named(isPostgres: boolean, t: 'field_values' | 'field_value_changes') {
  const tbl = sql.table(t);
  if (isPostgres)
    return sql`(select max(v.value_json ->> 'color') from ${tbl} v
      where v.field_id = dropdown_options.field_id and jsonb_typeof(v.value_json) = 'object'
        and jsonb_typeof(v.value_json -> 'dropdownOptionId') = 'number' and (v.value_json ->> 'dropdownOptionId') = cast(dropdown_options.id as text)
        and jsonb_typeof(v.value_json -> 'color') = 'string' and v.value_json ->> 'color' <> '')`;
  return sql`(select max(json_extract(v.value_json, '$.color')) from ${tbl} v
    where v.field_id = dropdown_options.field_id and json_valid(v.value_json) and json_type(v.value_json) = 'object'
      and json_type(v.value_json, '$.dropdownOptionId') = 'integer' and json_extract(v.value_json, '$.dropdownOptionId') = dropdown_options.id
      and json_type(v.value_json, '$.color') = 'text' and json_extract(v.value_json, '$.color') <> '')`;
}

export async function up(db: AnyDb): Promise<void> {
  const { isPostgres } = columnTypes(db);
  await sql`update dropdown_options set color = coalesce(${named(isPostgres, 'field_values')}, ${named(isPostgres, 'field_value_changes')})
    where color is null`.execute(db);
}

export async function down(): Promise<void> {
  // A name taken from a stored value is what the next read would have set: nothing to undo.
}
