/**
 * The few SQL fragments the views need that SQLite and PostgreSQL spell differently. Everything else
 * in the view definitions is common SQL (window functions, correlated subqueries, coalesce) that SQLite
 * 3.37 parses: no `->`/`->>`, `unixepoch()`, RIGHT/FULL JOIN, `order by` inside an aggregate, `string_agg`
 * or `concat` in SQLite's fragments (test/e2e/views-old-sqlite.test.ts reads every view in SQLite 3.36).
 */
import type { DialectName } from './dialect-name.ts';

export interface ViewSql {
  dialect: DialectName;
  /** The current instant, comparable with the timestamp columns. */
  now: string;
  /** Whole seconds from `a` to `b` (two timestamp expressions). */
  seconds(a: string, b: string): string;
  /** Whole days from a timestamp expression to now, rounded down (the same on both dialects). */
  daysSince(expr: string): string;
  /** A member of a JSON column as text (`path` is a fixed key written in this code, never data). */
  jsonText(col: string, key: string): string;
  /** A JSON scalar column (a bare number or string) as text. */
  jsonScalar(col: string): string;
  /** A JSON number (a member, or the column itself when `key` is omitted) as a double; null when not a number. */
  jsonNumber(col: string, key?: string): string;
  /** A JSON string that looks like an ISO-8601 instant, as the dialect's timestamp; null otherwise. */
  jsonInstant(col: string): string;
  /**
   * A scalar subquery: the JSON array of a JSON column over the rows `from` (a `from … where …` clause)
   * names, in `orderBy` order; null when there are none.
   */
  jsonArray(col: string, orderBy: string, from: string): string;
  /** A scalar subquery: the text of `col` over the rows `from` names, joined in `orderBy` order; null when none. */
  joinText(col: string, orderBy: string, from: string): string;
  /** A number as text without a trailing `.0` (3200000, 73.76); null for null. */
  numberText(expr: string): string;
  /**
   * A timestamp as ISO-8601 UTC text with milliseconds (`2025-06-26T21:57:34.000Z`), whatever the session's
   * time zone: how SQLite stores it, and what `substr(…, 1, 7)` (month) and `substr(…, 1, 10)` (day) cut.
   */
  utcText(expr: string): string;
  /** A (nested) member of a JSON column relsync writes, e.g. a checkpoint's `highWater.id`, as SQL; null when absent. */
  jsonMember(col: string, path: readonly string[]): string;
  /** A (nested) member of a JSON column relsync writes holding an ISO-8601 instant, as the dialect's timestamp. */
  jsonTime(col: string, path: readonly string[]): string;
  /** 1 / 0 as the dialect's boolean. */
  bool(value: boolean): string;
  /**
   * Whether a pivot (one aggregate per column over the rows of a derived table `fv` grouped by owner)
   * can aggregate a multi-valued cell in value order. SQLite before 3.44 cannot: its list views read each
   * multi-valued cell with `jsonArray` / `joinText`, which measured as fast there as window aggregates
   * inside the pivot in 3.40 and twice as fast in 3.36 (issue 17).
   */
  pivotsOrdered: boolean;
  /** The one value of `col` among the group's rows meeting `cond`; null when none. */
  pivotFirst(cond: string, col: string): string;
  /** With `pivotsOrdered`: the JSON array of the `value_json` of the group's rows meeting `cond`, in `value_index` order; null when none. */
  pivotJsonArray(cond: string): string;
  /** With `pivotsOrdered`: the `valueText` of the group's rows meeting `cond`, joined in `value_index` order; null when none. */
  pivotJoinText(cond: string): string;
}

/** The text of a value in a multi-valued cell's joined text: its text, else its number. */
export function valueText(v: ViewSql, alias: string): string {
  return `coalesce(${alias}.value_text, ${v.numberText(`${alias}.value_number`)})`;
}

const FIXED_KEY = /^[A-Za-z][A-Za-z0-9]*$/;

function key(k: string): string {
  if (!FIXED_KEY.test(k)) throw new Error(`not a fixed JSON key: ${k}`);
  return k;
}

/** Separator of the joined text column of a multi-valued field. */
export const DEFAULT_JOIN_SEPARATOR = '; ';

export const SQLITE_VIEW_SQL: ViewSql = {
  dialect: 'sqlite',
  now: "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')",
  seconds: (a, b) => `cast(round((julianday(${b}) - julianday(${a})) * 86400) as integer)`,
  daysSince: (e) => `cast(floor(julianday('now') - julianday(${e})) as integer)`,
  jsonText: (col, k) => `(case when json_valid(${col}) and json_type(${col}, '$.${key(k)}') = 'text' then json_extract(${col}, '$.${key(k)}') end)`,
  jsonScalar: (col) => `(case when json_valid(${col}) and json_type(${col}, '$') = 'text' then json_extract(${col}, '$') end)`,
  jsonNumber: (col, k) => {
    const path = k === undefined ? "'$'" : `'$.${key(k)}'`;
    return `(case when json_valid(${col}) and json_type(${col}, ${path}) in ('integer', 'real') then json_extract(${col}, ${path}) end)`;
  },
  jsonInstant: (col) =>
    `(case when json_valid(${col}) and json_type(${col}, '$') = 'text' and json_extract(${col}, '$') glob '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*' then json_extract(${col}, '$') end)`,
  // `order by` inside an aggregate parses only from SQLite 3.44, and one view an older reader cannot parse
  // makes the whole file unreadable to it (docs/warehouse.md "Views"). SQLite aggregates rows in the order an ordered
  // subquery yields them (it never flattens an ordered subquery into an aggregate), so the order goes there.
  jsonArray: (col, orderBy, from) => `(select nullif(json_group_array(json(o.v)), '[]') from (select ${col} as v ${from} order by ${orderBy}) o)`,
  joinText: (col, orderBy, from) => `(select group_concat(o.v, '${DEFAULT_JOIN_SEPARATOR}') from (select ${col} as v ${from} order by ${orderBy}) o)`,
  // printf gives '0' for null; PostgreSQL's cast keeps it null (a value with neither text nor number).
  numberText: (e) => `(case when ${e} is not null then printf('%.15g', ${e}) end)`,
  // Stored as that text already (load/upsert.ts normalises every timestamp on the way in).
  utcText: (e) => e,
  jsonMember: (col, path) => `json_extract(${col}, '$.${path.map(key).join('.')}')`,
  jsonTime: (col, path) => SQLITE_VIEW_SQL.jsonMember(col, path),
  bool: (v) => (v ? '1' : '0'),
  pivotsOrdered: false,
  pivotFirst: (cond, col) => `max(case when ${cond} then ${col} end)`,
  pivotJsonArray: () => {
    throw new Error('SQLite pivots no multi-valued cell (pivotsOrdered)');
  },
  pivotJoinText: () => {
    throw new Error('SQLite pivots no multi-valued cell (pivotsOrdered)');
  },
};

export const POSTGRES_VIEW_SQL: ViewSql = {
  dialect: 'postgres',
  now: 'now()',
  seconds: (a, b) => `cast(round(extract(epoch from (${b} - ${a}))) as bigint)`,
  daysSince: (e) => `cast(floor(extract(epoch from (now() - ${e})) / 86400) as bigint)`,
  jsonText: (col, k) => `(case when jsonb_typeof(${col} -> '${key(k)}') = 'string' then ${col} ->> '${key(k)}' end)`,
  jsonScalar: (col) => `(case when jsonb_typeof(${col}) = 'string' then ${col} #>> '{}' end)`,
  jsonNumber: (col, k) => {
    const member = k === undefined ? col : `(${col} -> '${key(k)}')`;
    return `(case when jsonb_typeof(${member}) = 'number' then cast(${member} #>> '{}' as double precision) end)`;
  },
  // The pattern admits only well-formed instants, so the cast cannot fail on a hostile value.
  jsonInstant: (col) =>
    `(case when jsonb_typeof(${col}) = 'string' and (${col} #>> '{}') ~ '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])T([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d+)?(Z|[+-]\\d\\d:\\d\\d)$' then cast(${col} #>> '{}' as timestamptz) end)`,
  jsonArray: (col, orderBy, from) => `(select jsonb_agg(${col} order by ${orderBy}) ${from})`,
  joinText: (col, orderBy, from) => `(select string_agg(${col}, '${DEFAULT_JOIN_SEPARATOR}' order by ${orderBy}) ${from})`,
  numberText: (e) => `cast(${e} as text)`,
  utcText: (e) => `to_char(${e} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  jsonMember: (col, path) => `(${col} #>> '{${path.map(key).join(',')}}')`,
  jsonTime: (col, path) => `cast(${POSTGRES_VIEW_SQL.jsonMember(col, path)} as timestamptz)`,
  bool: (v) => (v ? 'true' : 'false'),
  pivotsOrdered: true,
  // No max(jsonb): the first element of the (one-element) array of the cell's values.
  pivotFirst: (cond, col) => `(array_agg(${col}) filter (where ${cond}))[1]`,
  pivotJsonArray: (cond) => `jsonb_agg(fv.value_json order by fv.value_index) filter (where ${cond})`,
  pivotJoinText: (cond) => `string_agg(${valueText(POSTGRES_VIEW_SQL, 'fv')}, '${DEFAULT_JOIN_SEPARATOR}' order by fv.value_index) filter (where ${cond})`,
};

const VIEW_SQL: Readonly<Record<DialectName, ViewSql>> = { sqlite: SQLITE_VIEW_SQL, postgres: POSTGRES_VIEW_SQL };

/** The dialect's fragments (also on its WarehouseDialect object, as `views`). */
export function viewSql(dialect: DialectName): ViewSql {
  return VIEW_SQL[dialect];
}
