import { sql } from 'kysely';
import { columnTypes, type AnyDb } from './helpers.ts';

/*
 * One representation of a value (issue 13).
 * - `field_values.value_json` held `{type, data}` wrappers (a multi-valued cell split into per-element
 *   wrappers) while `field_value_changes.value_json` held the change log's value, references marked
 *   `referenceType: "entity"`. Both now hold the bare element (its type is `value_type`), a reference
 *   without the marker; rows written before are rewritten here. A reference to a record deleted since
 *   (`deleted-entity`) has no record shape and stays as the log gave it.
 * - `field_value_changes` gets the typed columns `field_values` has, filled here for rows written before.
 * - `field_values.updated_at` is dropped: no source relsync reads carries a per-value time.
 * - `note_attachments` says whether the note is attached to the entity, mentions it, or both (`attached`,
 *   `mentioned`); rows stored before stay null until their note is next read (the weekly notes sweep).
 * Frozen once released: later changes go in a new migration. The typed columns of old rows are derived
 * in SQL here, a fixed copy of the rules transform/field-values.ts applies on the way in.
 */

/** JSON accessors of one dialect over `value_json`; `k` undefined = the value itself. */
interface Json {
  text(k?: string): string;
  num(k?: string): string;
  instant(k: string | undefined): string;
}

const SQLITE: Json = {
  text: (k) => `(case when json_type(value_json, '$${k ? `.${k}` : ''}') = 'text' then json_extract(value_json, '$${k ? `.${k}` : ''}') end)`,
  num: (k) => `(case when json_type(value_json, '$${k ? `.${k}` : ''}') in ('integer', 'real') then json_extract(value_json, '$${k ? `.${k}` : ''}') end)`,
  // strftime reads an ISO-8601 instant with its offset and writes it in UTC as relsync stores it; null otherwise.
  instant: (k) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${SQLITE.text(k)})`,
};

const member = (k?: string) => (k ? `(value_json -> '${k}')` : 'value_json');
const POSTGRES: Json = {
  text: (k) => `(case when jsonb_typeof(${member(k)}) = 'string' then ${member(k)} #>> '{}' end)`,
  num: (k) => `(case when jsonb_typeof(${member(k)}) = 'number' then cast(${member(k)} #>> '{}' as double precision) end)`,
  // Only a well-formed instant is cast, so a hostile string cannot fail the migration.
  instant: (k) =>
    `(case when ${POSTGRES.text(k)} ~ '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])T([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d+)?(Z|[+-]\\d\\d:\\d\\d)$' then cast(${POSTGRES.text(k)} as timestamptz) end)`,
};

function typedUpdate(j: Json, id: (e: string) => string): string {
  const t = `replace(coalesce(value_type, ''), '-multi', '')`;
  const name = `nullif(trim(coalesce(${j.text('firstName')}, '') || ' ' || coalesce(${j.text('lastName')}, '')), '')`;
  const place = `coalesce(nullif(concat_ws(', ', ${j.text('city')}, ${j.text('state')}, ${j.text('country')}), ''), nullif(concat_ws(', ', ${j.text('streetAddress')}, ${j.text('continent')}), ''))`;
  return `update field_value_changes set
  value_text = case when ${t} in ('text', 'filterable-text') then ${j.text()}
    when ${t} in ('dropdown', 'ranked-dropdown') then ${j.text('text')}
    when ${t} = 'person' then coalesce(${name}, ${j.text('primaryEmailAddress')})
    when ${t} in ('company', 'list') then ${j.text('name')}
    when ${t} = 'location' then ${place}
    when ${t} = 'interaction' then ${j.text('type')}
    when ${t} = 'reminder' then ${j.text('content')} end,
  value_number = case when ${t} = 'number' then ${j.num()}
    when ${t} = 'ranked-dropdown' then ${j.num('rank')}
    when ${t} = 'formula-number' then ${j.num('calculatedValue')} end,
  value_date = case when ${t} = 'datetime' then ${j.instant(undefined)}
    when ${t} = 'interaction' then coalesce(${j.instant('sentAt')}, ${j.instant('startTime')})
    when ${t} = 'reminder' then ${j.instant('dueDate')} end,
  ref_id = case when ${t} in ('dropdown', 'ranked-dropdown') then ${id(`coalesce(${j.num('dropdownOptionId')}, ${j.num('id')})`)}
    when ${t} in ('person', 'company') then ${id(`coalesce(${j.num('id')}, ${j.num()})`)}
    when ${t} in ('interaction', 'list', 'note', 'reminder') then ${id(j.num('id'))} end
where value_json is not null`;
}

export async function up(db: AnyDb): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('field_value_changes').addColumn('value_text', t.text).execute();
  await db.schema.alterTable('field_value_changes').addColumn('value_number', t.real).execute();
  await db.schema.alterTable('field_value_changes').addColumn('value_date', t.ts).execute();
  await db.schema.alterTable('field_value_changes').addColumn('ref_id', t.id).execute();
  await db.schema.alterTable('field_values').dropColumn('updated_at').execute();
  await db.schema.alterTable('note_attachments').addColumn('attached', t.bool).execute();
  await db.schema.alterTable('note_attachments').addColumn('mentioned', t.bool).execute();
  if (t.isPostgres) {
    await sql`update field_values set value_json = value_json -> 'data'
      where jsonb_typeof(value_json) = 'object' and value_json ? 'type' and value_json ? 'data'`.execute(db);
    await sql`update field_value_changes set value_json = value_json - 'referenceType'
      where jsonb_typeof(value_json) = 'object' and value_json ->> 'referenceType' = 'entity'`.execute(db);
    await sql.raw(typedUpdate(POSTGRES, (e) => `cast(${e} as bigint)`)).execute(db);
  } else {
    // `->` gives the member as JSON text (a string stays quoted), like the wrapper's `data` was written.
    await sql`update field_values set value_json = value_json -> '$.data'
      where json_valid(value_json) and json_type(value_json) = 'object'
        and json_type(value_json, '$.type') is not null and json_type(value_json, '$.data') is not null`.execute(db);
    await sql`update field_value_changes set value_json = json_remove(value_json, '$.referenceType')
      where json_valid(value_json) and json_type(value_json) = 'object' and json_extract(value_json, '$.referenceType') = 'entity'`.execute(db);
    await sql.raw(`${typedUpdate(SQLITE, (e) => `cast(${e} as integer)`)} and json_valid(value_json)`).execute(db);
  }
  await db.schema.createIndex('field_value_changes_ref_id').on('field_value_changes').column('ref_id').execute();
}

export async function down(): Promise<void> {
  // The wrappers carried nothing `value_type` does not, and no source filled `updated_at`: nothing to restore.
}
