/**
 * `field_value_history`: every logged change with the field's name, who made it, the value typed like
 * `field_values` (the change's own typed columns, migration 009) and the value the
 * same cell held before. `list_entry_stage_history`: for dropdown and ranked-dropdown fields of lists,
 * one row per stage an entry was in: entered, left, duration in seconds. A stage the entry was already in
 * when tracking began (the first logged change is an update or a delete, or the entry has a value and no
 * logged change at all) is marked `before_tracking` and has no `entered_at`.
 */
import type { ViewSql } from './dialect-sql.ts';
import type { ViewDef } from './view-def.ts';

/** The field types whose values are stages. */
export const STAGE_VALUE_TYPES = "('ranked-dropdown', 'dropdown')";

const HISTORY_COLUMNS = ['change_id', 'changed_at', 'changer_id', 'changer_name', 'field_id', 'field_name', 'entity_type', 'entity_id']
  .concat(['list_entry_id', 'list_id', 'action_type', 'value_type', 'value_json', 'value_text', 'value_number', 'value_date', 'ref_id'])
  .map((c) => `h.${c}`)
  .join(', ');

/**
 * `previous_value_text` is the "from" of a from → to pair: the value the same cell's previous change set
 * (null after a change that emptied it: a `delete`). A change to a multi-valued cell adds or removes ONE element, so the previous change (another element)
 * is not what the cell held: there it is null (an added element was not there; a removed one is the
 * change's own `value_text`).
 */
function fieldValueHistory(v: ViewSql): string {
  return `select ${HISTORY_COLUMNS},
  ${v.daysSince('h.changed_at')} as age_days,
  case when not h.multi and coalesce(lag(h.action_type) over cell, '') <> 'delete' then lag(h.value_text) over cell end as previous_value_text
from (select ch.id as change_id, ch.changed_at, ch.changer_id,
  nullif(trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')), '') as changer_name,
  ch.field_id, f.name as field_name, coalesce(ch.entity_type, f.entity_type) as entity_type, ch.entity_id,
  ch.list_entry_id, coalesce(ch.list_id, f.list_id) as list_id, ch.action_type,
  coalesce(ch.value_type, f.value_type) as value_type, ch.value_json,
  ch.value_text, ch.value_number, ch.value_date, ch.ref_id,
  (coalesce(ch.value_type, '') like '%-multi' or coalesce(f.value_type, '') like '%-multi') as multi
from field_value_changes ch
left join fields f on f.id = ch.field_id
left join persons p on p.id = ch.changer_id
where ch._deleted_at is null) h
window cell as (partition by h.field_id, h.entity_id, coalesce(h.list_entry_id, 0) order by h.changed_at, h.change_id)`;
}

function stageHistory(v: ViewSql): string {
  const ev = `select ch.id, ch.field_id, f.name as field_name, f.list_id, ch.list_entry_id, le.entity_type, le.entity_id,
    ch.action_type, ch.changed_at,
    ch.value_text as stage, ch.ref_id as dropdown_option_id,
    lead(ch.changed_at) over (partition by ch.field_id, ch.list_entry_id order by ch.changed_at, ch.id) as next_at,
    row_number() over (partition by ch.field_id, ch.list_entry_id order by ch.changed_at, ch.id) as seq
  from field_value_changes ch
  join fields f on f.id = ch.field_id and f.list_id is not null and f.value_type in ${STAGE_VALUE_TYPES}
  join list_entries le on le.id = ch.list_entry_id and le._deleted_at is null
  where ch._deleted_at is null`;
  const cols = 'list_id, list_entry_id, entity_type, entity_id, field_id, field_name, stage, dropdown_option_id';
  return `with ev as (${ev})
select ${cols}, changed_at as entered_at, next_at as left_at,
  ${v.seconds('changed_at', 'next_at')} as duration_seconds, ${v.bool(false)} as before_tracking
from ev where action_type in ('add', 'update')
union all
select list_id, list_entry_id, entity_type, entity_id, field_id, field_name,
  case when action_type = 'delete' then stage end, case when action_type = 'delete' then dropdown_option_id end,
  null, changed_at, null, ${v.bool(true)}
from ev where seq = 1 and action_type <> 'add'
union all
select f.list_id, le.id, le.entity_type, le.entity_id, f.id, f.name, fv.value_text, fv.ref_id, null, null, null, ${v.bool(true)}
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
