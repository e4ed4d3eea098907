/**
 * relsync's warehouse SQL on SQLite: the upsert path, locks, catalog queries and the view fragments, as
 * the dialect's warehouse object (../warehouse-dialect.ts). Opening the file is sqlite-driver.ts.
 */
import { sql } from 'kysely';
import { DEFAULT_JOIN_SEPARATOR, jsonKey, type ViewSql } from '../view-sql.ts';
import type { WarehouseDialect } from '../warehouse-dialect.ts';
import { writeSqlite } from './sqlite-upsert.ts';

/** The view fragments as SQLite spells them (../view-sql.ts). */
const SQLITE_VIEW_SQL: ViewSql = {
  now: "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')",
  seconds: (a, b) => `cast(round((julianday(${b}) - julianday(${a})) * 86400) as integer)`,
  daysSince: (e) => `cast(floor(julianday('now') - julianday(${e})) as integer)`,
  jsonText: (col, k) => `(case when json_valid(${col}) and json_type(${col}, '$.${jsonKey(k)}') = 'text' then json_extract(${col}, '$.${jsonKey(k)}') end)`,
  jsonScalar: (col) => `(case when json_valid(${col}) and json_type(${col}, '$') = 'text' then json_extract(${col}, '$') end)`,
  jsonNumber: (col, k) => {
    const path = k === undefined ? "'$'" : `'$.${jsonKey(k)}'`;
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
  // Stored as that text already (load/write/upsert.ts normalises every timestamp on the way in).
  utcText: (e) => e,
  jsonMember: (col, path) => `json_extract(${col}, '$.${path.map(jsonKey).join('.')}')`,
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

/** What relsync writes its own way on SQLite (../warehouse-dialect.ts). */
export const SQLITE_WAREHOUSE: WarehouseDialect = {
  name: 'sqlite',
  // SQLITE_MAX_VARIABLE_NUMBER.
  paramLimit: 32766,
  bool: (v) => (v === true || v === 1 ? 1 : 0),
  // Stored as the ISO text itself, which sorts like the instants it names.
  timestamp: (iso) => iso,
  bindsBooleans: false,
  writeGroup: writeSqlite,
  // SQLite allows one writer at a time anyway.
  lockChildTables: async () => undefined,
  // No session outlives its process here: a heartbeated lock row, taken over when its process is gone.
  sessionWriterLock: false,
  tableExists: async (db, table) => {
    const r = await sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table' and name = ${table}`.execute(db);
    return Number(r.rows[0]?.n ?? 0) > 0;
  },
  // SQLite has no statistics unless ANALYZE was run by hand, and its plans here do not depend on them.
  analyzeChangedTables: async () => [],
  views: SQLITE_VIEW_SQL,
  viewCatalog: {
    // SQLite keeps each view's CREATE statement verbatim: that text is its identity.
    existing: async (db) => {
      const r = await sql<{ name: string; sql: string | null }>`select name, sql from sqlite_master where type = 'view'`.execute(db);
      return new Map(r.rows.map((x) => [x.name, x.sql ?? '']));
    },
    identity: (view) => view.statement,
    mark: () => null,
    // Readers never block view DDL in WAL mode.
    boundWait: () => null,
    lockTimedOut: () => false,
    // No right or dependant stops relsync replacing a view in its own file.
    refusal: () => null,
  },
};
