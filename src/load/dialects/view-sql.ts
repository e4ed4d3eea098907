/**
 * The few SQL fragments the views need that SQLite and PostgreSQL spell differently, as an interface: each
 * dialect's warehouse object fills it in (`views`, sqlite/sqlite-warehouse.ts and pg/pg-warehouse.ts). Everything else
 * in the view definitions is common SQL (window functions, correlated subqueries, coalesce) that SQLite
 * 3.37 parses: no `->`/`->>`, `unixepoch()`, RIGHT/FULL JOIN, `order by` inside an aggregate, `string_agg`
 * or `concat` in SQLite's fragments (test/e2e/views-old-sqlite.test.ts reads every view in SQLite 3.36).
 */

export interface ViewSql {
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

/** A JSON key written in this code (never data), checked to be one a JSON path may name bare. */
export function jsonKey(k: string): string {
  if (!FIXED_KEY.test(k)) throw new Error(`not a fixed JSON key: ${k}`);
  return k;
}

/** Separator of the joined text column of a multi-valued field. */
export const DEFAULT_JOIN_SEPARATOR = '; ';
