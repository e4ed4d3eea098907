/**
 * `field_value_history`: every logged change with the field's name, who made it, the value typed like
 * `field_values` (the change's own typed columns, migration 009) and the value the
 * same cell held before. `list_entry_stage_history`: for dropdown and ranked-dropdown fields of lists,
 * one row per spell an entry spent in a stage: entered, left, duration in seconds. A stage the entry was already in
 * when tracking began (the first logged change is an update or a delete, or the entry has a value and no
 * logged change at all) is marked `before_tracking` and has no `entered_at`.
 */
import type { ViewSql } from '../dialects/view-sql.ts';
import type { ViewDef } from './view-def.ts';

/** The field types whose values are stages. */
export const STAGE_VALUE_TYPES = "('ranked-dropdown', 'dropdown')";

const HISTORY_COLUMNS = ['change_id', 'changed_at', 'changer_id', 'changer_name', 'field_id', 'field_name', 'entity_type', 'entity_id']
  .concat(['list_entry_id', 'list_id', 'action_type', 'value_type', 'value_json', 'value_text', 'value_number', 'value_date', 'ref_id'])
  .map((c) => `h.${c}`)
  .join(', ');

/** The typed value columns a change carries, each with its "previous" twin (`previous_value_text`, …, `previous_ref_id`). */
const TYPED = ['value_text', 'value_number', 'value_date', 'ref_id', 'value_display'];

/** A value as text that reads the same on both dialects: its text, else its number without `.0`, else its instant in UTC. */
function display(v: ViewSql, alias: string): string {
  return `coalesce(${alias}.value_text, ${v.numberText(`${alias}.value_number`)}, ${v.utcText(`${alias}.value_date`)})`;
}

/** The record a change is about, by name: a company's or an opportunity's name, a person's first and last name. */
const ENTITY_NAME = `coalesce(ec.name, nullif(trim(coalesce(ep.first_name, '') || ' ' || coalesce(ep.last_name, '')), ''), eo.name)`;

/**
 * The "from" of a from → to pair, for every value type: the value the same cell's previous change set
 * (null after a change that emptied it: a `delete`). A change to a multi-valued cell adds or removes ONE
 * element, so the previous change (another element) is not what the cell held: there it is null (an added
 * element was not there; a removed one is the change's own value). `value_display` and
 * `previous_value_display` are the values as text, the same on both dialects.
 */
function fieldValueHistory(v: ViewSql): string {
  // The lags are taken once each in an inner select and kept or not outside: six window functions, not ten.
  const lags = TYPED.map((c) => `lag(h.${c}) over cell as lag_${c}`).join(', ');
  const previous = TYPED.map((c) => `case when h.keep_previous then h.lag_${c} end as previous_${c}`).join(',\n  ');
  return `select ${HISTORY_COLUMNS},
  ${v.utcText('h.changed_at')} as changed_at_utc, h.entity_name, h.value_display,
  ${v.daysSince('h.changed_at')} as age_days,
  ${previous}
from (select h.*, not h.multi and coalesce(lag(h.action_type) over cell, '') <> 'delete' as keep_previous, ${lags}
from (select ch.id as change_id, ch.changed_at, ch.changer_id,
  nullif(trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')), '') as changer_name,
  ch.field_id, f.name as field_name, coalesce(ch.entity_type, f.entity_type) as entity_type, ch.entity_id, ${ENTITY_NAME} as entity_name,
  ch.list_entry_id, coalesce(ch.list_id, f.list_id) as list_id, ch.action_type,
  coalesce(ch.value_type, f.value_type) as value_type, ch.value_json,
  ch.value_text, ch.value_number, ch.value_date, ch.ref_id, ${display(v, 'ch')} as value_display,
  (coalesce(ch.value_type, '') like '%-multi' or coalesce(f.value_type, '') like '%-multi') as multi
from field_value_changes ch
left join fields f on f.id = ch.field_id
left join persons p on p.id = ch.changer_id
left join companies ec on coalesce(ch.entity_type, f.entity_type) = 'company' and ec.id = ch.entity_id
left join persons ep on coalesce(ch.entity_type, f.entity_type) = 'person' and ep.id = ch.entity_id
left join opportunities eo on coalesce(ch.entity_type, f.entity_type) = 'opportunity' and eo.id = ch.entity_id
where ch._deleted_at is null) h
window cell as (partition by h.field_id, h.entity_id, coalesce(h.list_entry_id, 0) order by h.changed_at, h.change_id)) h`;
}

/**
 * One row per spell: a change that sets the option the entry already had (an `update` to the same
 * option after an `add` or `update`) continues the spell rather than starting one (issue 35: such a
 * repeat split a stage in two, and days in the current stage counted from the repeat).
 */
function stageHistory(v: ViewSql): string {
  const order = 'partition by ch.field_id, ch.list_entry_id order by ch.changed_at, ch.id';
  const all = `select ch.id, ch.field_id, f.name as field_name, f.list_id, ch.list_entry_id, le.entity_type, le.entity_id,
    ch.action_type, ch.changed_at, ch.value_text as stage, ch.ref_id as dropdown_option_id,
    case when ch.action_type <> 'delete' and lag(ch.action_type) over (${order}) <> 'delete'
      and ch.ref_id = lag(ch.ref_id) over (${order}) then 1 else 0 end as is_repeat,
    row_number() over (${order}) as seq
  from field_value_changes ch
  join fields f on f.id = ch.field_id and f.list_id is not null and f.value_type in ${STAGE_VALUE_TYPES}
  join list_entries le on le.id = ch.list_entry_id and le._deleted_at is null
  where ch._deleted_at is null`;
  const ev = `select e.*, lead(e.changed_at) over (partition by e.field_id, e.list_entry_id order by e.changed_at, e.id) as next_at
  from (${all}) e where e.is_repeat = 0`;
  const cols = 'list_id, list_entry_id, entity_type, entity_id, field_id, field_name, stage, dropdown_option_id';
  return `with ev as (${ev})
select ${cols}, changed_at as entered_at, next_at as left_at,
  ${v.seconds('changed_at', 'next_at')} as duration_seconds, ${v.bool(false)} as before_tracking,
  ${v.utcText('changed_at')} as entered_at_utc, ${v.utcText('next_at')} as left_at_utc
from ev where action_type in ('add', 'update')
union all
select list_id, list_entry_id, entity_type, entity_id, field_id, field_name,
  case when action_type = 'delete' then stage end, case when action_type = 'delete' then dropdown_option_id end,
  null, changed_at, null, ${v.bool(true)}, null, ${v.utcText('changed_at')}
from ev where seq = 1 and action_type <> 'add'
union all
select f.list_id, le.id, le.entity_type, le.entity_id, f.id, f.name, fv.value_text, fv.ref_id, null, null, null, ${v.bool(true)}, null, null
from field_values fv
join fields f on f.id = fv.field_id and f.list_id is not null and f.value_type in ${STAGE_VALUE_TYPES}
join list_entries le on le.id = fv.list_entry_id and le._deleted_at is null
where not exists (select 1 from ev where ev.field_id = fv.field_id and ev.list_entry_id = fv.list_entry_id)`;
}

export function historyViews(v: ViewSql): ViewDef[] {
  return [
    { name: 'field_value_history', sql: fieldValueHistory(v) },
    { name: 'list_entry_stage_history', sql: stageHistory(v) },
  ];
}
