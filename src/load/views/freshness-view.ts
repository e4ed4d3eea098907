/**
 * `table_freshness`: "data as of" per warehouse table, for a dashboard footer. One row per table:
 * - `last_complete_pass_at`: the latest full pass of a stream that writes the table, complete over all
 *   the stream's partitions (the oldest partition's last completed sweep; null until every partition has one);
 * - `changes_applied_to`: how far the change signal of a stream that writes it (the change log, an updates
 *   feed) has been applied: its high-water mark, the oldest over partitions; null when none follows one;
 * - `last_sync_at`: when the last run that completed (succeeded or partial) finished.
 * Built from `sync_state` (checkpoints) and `sync_runs`; which streams write which table is
 * registry/table-writers.ts. Runs unchanged on SQLite 3.37+ (no ordered aggregates, no `->>`).
 */
import type { DialectName } from '../db.ts';
import { TABLE_WRITERS } from '../registry/table-writers.ts';
import { quoteLiteral } from './identifiers.ts';
import type { ViewDef } from './view-def.ts';

/** The checkpoint's high-water instant (`checkpoint_json.highWater.at`), comparable with timestamp columns. */
const HIGH_WATER_AT: Readonly<Record<DialectName, string>> = {
  sqlite: "json_extract(s.checkpoint_json, '$.highWater.at')",
  postgres: "cast(s.checkpoint_json -> 'highWater' ->> 'at' as timestamptz)",
};

export function freshnessView(dialect: DialectName): ViewDef {
  const pairs = Object.entries(TABLE_WRITERS).flatMap(([table, streams]) => streams.map((s) => `(${quoteLiteral(table)}, ${quoteLiteral(s)})`));
  const hw = HIGH_WATER_AT[dialect];
  const sql = `with writers(table_name, stream) as (values ${pairs.join(', ')}),
per_stream as (select s.stream,
    case when count(*) = count(s.last_sweep_at) then min(s.last_sweep_at) end as pass_at,
    case when count(*) = count(${hw}) then min(${hw}) end as changes_to
  from sync_state s group by s.stream)
select w.table_name, max(p.pass_at) as last_complete_pass_at, max(p.changes_to) as changes_applied_to,
  (select max(r.finished_at) from sync_runs r where r.status in ('succeeded', 'partial')) as last_sync_at
from writers w left join per_stream p on p.stream = w.stream
group by w.table_name`;
  return { name: 'table_freshness', sql };
}
