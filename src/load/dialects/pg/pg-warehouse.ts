/**
 * relsync's warehouse SQL on PostgreSQL: the upsert path, locks, catalog queries, table statistics and the
 * view fragments, as the dialect's warehouse object (../warehouse-dialect.ts). Opening the pool is pg-driver.ts.
 */
import { sql, type Kysely } from 'kysely';
import { DEFAULT_ANALYZE_FRACTION, DEFAULT_ANALYZE_MIN_ROWS } from '../../../defaults.ts';
import type { Database } from '../../schema/database.ts';
import { WAREHOUSE_TABLE_NAMES } from '../../schema/table-specs.ts';
import { quoteIdent, quoteLiteral } from '../sql-quote.ts';
import { DEFAULT_JOIN_SEPARATOR, jsonKey, valueText, type ViewSql } from '../view-sql.ts';
import type { WarehouseDialect } from '../warehouse-dialect.ts';
import { viewRefreshRefusal } from './pg-privileges.ts';
import { pgTimestampParam } from './pg-timestamps.ts';
import { writePostgres } from './pg-upsert.ts';

/** The view fragments as PostgreSQL spells them (../view-sql.ts). */
const POSTGRES_VIEW_SQL: ViewSql = {
  now: 'now()',
  seconds: (a, b) => `cast(round(extract(epoch from (${b} - ${a}))) as bigint)`,
  daysSince: (e) => `cast(floor(extract(epoch from (now() - ${e})) / 86400) as bigint)`,
  jsonText: (col, k) => `(case when jsonb_typeof(${col} -> '${jsonKey(k)}') = 'string' then ${col} ->> '${jsonKey(k)}' end)`,
  jsonScalar: (col) => `(case when jsonb_typeof(${col}) = 'string' then ${col} #>> '{}' end)`,
  jsonNumber: (col, k) => {
    const member = k === undefined ? col : `(${col} -> '${jsonKey(k)}')`;
    return `(case when jsonb_typeof(${member}) = 'number' then cast(${member} #>> '{}' as double precision) end)`;
  },
  // The pattern admits only well-formed instants, so the cast cannot fail on a hostile value.
  jsonInstant: (col) =>
    `(case when jsonb_typeof(${col}) = 'string' and (${col} #>> '{}') ~ '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])T([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d+)?(Z|[+-]\\d\\d:\\d\\d)$' then cast(${col} #>> '{}' as timestamptz) end)`,
  jsonArray: (col, orderBy, from) => `(select jsonb_agg(${col} order by ${orderBy}) ${from})`,
  joinText: (col, orderBy, from) => `(select string_agg(${col}, '${DEFAULT_JOIN_SEPARATOR}' order by ${orderBy}) ${from})`,
  numberText: (e) => `cast(${e} as text)`,
  utcText: (e) => `to_char(${e} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  jsonMember: (col, path) => `(${col} #>> '{${path.map(jsonKey).join(',')}}')`,
  jsonTime: (col, path) => `cast(${POSTGRES_VIEW_SQL.jsonMember(col, path)} as timestamptz)`,
  bool: (v) => (v ? 'true' : 'false'),
  pivotsOrdered: true,
  // No max(jsonb): the first element of the (one-element) array of the cell's values.
  pivotFirst: (cond, col) => `(array_agg(${col}) filter (where ${cond}))[1]`,
  pivotJsonArray: (cond) => `jsonb_agg(fv.value_json order by fv.value_index) filter (where ${cond})`,
  pivotJoinText: (cond) => `string_agg(${valueText(POSTGRES_VIEW_SQL, 'fv')}, '${DEFAULT_JOIN_SEPARATOR}' order by fv.value_index) filter (where ${cond})`,
};

/**
 * PostgreSQL plans from its table statistics: without them (a server with autovacuum off, or one that has
 * not come round to a table a big sync just filled) it plans `person_overview` as if `persons` held a few
 * rows and ran it for minutes (issue 17). The warehouse tables a run changed a lot, by autovacuum's own
 * rule, are analyzed.
 */
async function analyzeChangedTables(db: Kysely<Database>): Promise<string[]> {
  const r = await sql<{ name: string }>`
    select s.relname as name from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.schemaname = current_schema() and s.relname in (${sql.join([...WAREHOUSE_TABLE_NAMES])})
      and s.n_mod_since_analyze > ${DEFAULT_ANALYZE_MIN_ROWS} + ${DEFAULT_ANALYZE_FRACTION} * greatest(c.reltuples, 0)
    order by s.relname`.execute(db);
  const names = r.rows.map((x) => x.name);
  for (const name of names) await sql.raw(`analyze ${quoteIdent(name)}`).execute(db);
  return names;
}

/** What relsync writes its own way on PostgreSQL (../warehouse-dialect.ts). */
export const POSTGRES_WAREHOUSE: WarehouseDialect = {
  name: 'postgres',
  // The wire protocol's limit on bound parameters.
  paramLimit: 65535,
  bool: (v) => v === true || v === 1,
  timestamp: pgTimestampParam,
  bindsBooleans: true,
  writeGroup: writePostgres,
  // The two-key form keeps these transaction-scoped locks apart from the single-key writer lock; the schema
  // keeps warehouses apart. One statement for all of them (a page's transaction takes several, and each round
  // trip counts on one-record pages); `unnest` yields the tables in the array's order, which is the order
  // the locks are taken in (write/apply-batch.ts sorts them).
  lockChildTables: async (trx, tables) => {
    if (tables.length === 0) return;
    await sql`select pg_advisory_xact_lock(hashtext('relsync:child-write'), hashtext(current_schema() || ':' || t))
      from unnest(${sql.val([...tables])}::text[]) with ordinality as l(t, n) order by n`.execute(trx);
  },
  // A session advisory lock, released by the server if the process dies.
  sessionWriterLock: true,
  tableExists: async (db, table) => {
    const r = await sql<{
      n: number;
    }>`select count(*)::int as n from information_schema.tables where table_name = ${table} and table_schema = current_schema()`.execute(db);
    return Number(r.rows[0]?.n ?? 0) > 0;
  },
  analyzeChangedTables,
  views: POSTGRES_VIEW_SQL,
  viewCatalog: {
    // PostgreSQL rewrites a view's text, so the view carries the fingerprint of its definition as its comment.
    existing: async (db) => {
      const r = await sql<{ name: string; comment: string | null }>`
    select c.relname as name, obj_description(c.oid, 'pg_class') as comment
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'v' and n.nspname = current_schema()`.execute(db);
      return new Map(r.rows.map((x) => [x.name, x.comment ?? '']));
    },
    identity: (view) => view.fingerprint,
    mark: (name, fingerprint) => `COMMENT ON VIEW ${quoteIdent(name)} IS ${quoteLiteral(fingerprint)}`,
    // DROP VIEW waits for every reader of the view to finish, and new readers queue behind it: bound the wait.
    boundWait: (ms) => `SET LOCAL lock_timeout = ${Math.max(1, Math.round(ms))}`,
    // 55P03 lock_not_available: the lock_timeout above ran out.
    lockTimedOut: (err) => (err as { code?: unknown } | null)?.code === '55P03',
    refusal: viewRefreshRefusal,
  },
};
