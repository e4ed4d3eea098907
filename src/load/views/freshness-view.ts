/**
 * `table_freshness`: how current each warehouse table is, for a dashboard footer. One row per table, with
 * two clocks kept apart:
 * - `data_as_of`: upstream time, the newest time a record applied by the change signal of a stream that
 *   writes the table carried (a change's changedAt, a record's updatedAt or createdAt; the checkpoint's
 *   `dataAt`, or for a document written before relsync kept it a change-log mark, which is a change's
 *   position); null when no feed follows the table or none has applied a record yet;
 * - `checked_at`: relsync's clock, when every stream that writes the table was last known complete (the
 *   latest over its streams of the oldest over a stream's partitions of its last complete pass or of its
 *   feed last read to its end);
 * - `last_complete_pass_at` (relsync's clock): the latest full pass of a stream that writes the table, complete
 *   over all its partitions; `changes_applied_to`: the change signal's high-water mark, the oldest over
 *   partitions, kept for the queries written against it (a record's time for the change log, but the run
 *   clock for a feed that started idle or follows a sweep); `last_sync_at`: when the last completed run finished.
 * Built from `sync_state` (checkpoints) and `sync_runs`; which streams write which table is
 * registry/table-writers.ts. Runs unchanged on SQLite 3.37+ (no ordered aggregates, no `->>`).
 */
import { TABLE_WRITERS } from '../schema/registry/table-writers.ts';
import type { ViewSql } from '../dialects/view-sql.ts';
import { quoteLiteral } from '../dialects/sql-quote.ts';
import type { ViewDef } from './view-def.ts';

/** The later of two timestamp expressions, either may be null (SQLite's max() of a null is null). */
const latest = (a: string, b: string) => `(case when ${a} is null then ${b} when ${b} is null or ${a} > ${b} then ${a} else ${b} end)`;

export function freshnessView(v: ViewSql): ViewDef {
  const pairs = Object.entries(TABLE_WRITERS).flatMap(([table, streams]) => streams.map((s) => `(${quoteLiteral(table)}, ${quoteLiteral(s)})`));
  const cp = 's.checkpoint_json';
  const markAt = v.jsonTime(cp, ['highWater', 'at']);
  // A mark with an id is a change's position (changedAt, id): upstream time, the data-as-of of a document without `dataAt`.
  const changeMark = `(case when ${v.jsonMember(cp, ['highWater', 'id'])} is not null then ${markAt} end)`;
  const sql = `with writers(table_name, stream) as (values ${pairs.join(', ')}),
parts as (select s.stream, s.last_sweep_at, ${markAt} as mark_at, coalesce(${v.jsonTime(cp, ['dataAt'])}, ${changeMark}) as data_at,
    ${latest(v.jsonTime(cp, ['feedCheckedAt']), 's.last_sweep_at')} as checked_at
  from sync_state s),
per_stream as (select stream,
    case when count(*) = count(last_sweep_at) then min(last_sweep_at) end as pass_at,
    case when count(*) = count(mark_at) then min(mark_at) end as changes_to,
    max(data_at) as data_at,
    case when count(*) = count(checked_at) then min(checked_at) end as checked_at
  from parts group by stream),
per_table as (select w.table_name, max(p.data_at) as data_as_of, max(p.checked_at) as checked_at,
    max(p.pass_at) as last_complete_pass_at, max(p.changes_to) as changes_applied_to
  from writers w left join per_stream p on p.stream = w.stream group by w.table_name)
select t.table_name, t.data_as_of, ${v.utcText('t.data_as_of')} as data_as_of_utc, t.checked_at, ${v.utcText('t.checked_at')} as checked_at_utc,
  t.last_complete_pass_at, t.changes_applied_to,
  (select max(r.finished_at) from sync_runs r where r.status in ('succeeded', 'partial')) as last_sync_at
from per_table t`;
  return { name: 'table_freshness', sql };
}
