import { sql } from 'kysely';
import { columnTypes, type AnyDb } from './helpers.ts';

/*
 * Dropdown option colours (issue 13). v1 `GET /fields` gives an option's colour as an integer (docs/contract.md
 * §6.5: `"color": 3`); `/v2` ranked-dropdown values give it as a name (§7.6: `"color": "gray"`). No
 * document maps one to the other, so the two are kept apart: `color_code` holds the v1 integer and
 * `color` the name. Rows written before held the v1 integer as text in `color`: it moves to `color_code`
 * and `color` becomes null (unknown until a `/v2` value names the option). Frozen once released.
 */
export async function up(db: AnyDb): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('dropdown_options').addColumn('color_code', t.int).execute();
  // Only whole integers of at most 9 digits move (what the v1 interface sends); any other text stays a name.
  const digits = sql`(case when substr(color, 1, 1) = '-' then substr(color, 2) else color end)`;
  const integer = t.isPostgres ? sql`color ~ '^-?[0-9]{1,9}$'` : sql`${digits} <> '' and ${digits} not glob '*[^0-9]*' and length(${digits}) <= 9`;
  await sql`update dropdown_options set color_code = cast(color as integer), color = null where color is not null and ${integer}`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`update dropdown_options set color = cast(color_code as text) where color_code is not null`.execute(db);
  await db.schema.alterTable('dropdown_options').dropColumn('color_code').execute();
}
