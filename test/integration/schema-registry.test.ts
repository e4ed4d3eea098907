import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Db, DialectName } from '../../src/load/db.ts';
import { parseColumn } from '../../src/load/schema/registry/columns.ts';
import { INFRA_DECLS } from '../../src/load/schema/registry/infra.ts';
import { INFRA_TABLE_NAMES } from '../../src/load/schema/infra-tables.ts';
import { WAREHOUSE_TABLES, WAREHOUSE_TABLE_NAMES, type ColumnKind, type TableSpec } from '../../src/load/schema/table-specs.ts';
import { forEachDialect, freshMigratedDb } from '../helpers/dialects.ts';

/**
 * The registry (src/load/schema/registry/warehouse.ts) against the schema the frozen migrations really build,
 * on both dialects: the same tables, the same columns, each column's type family and nullability, the
 * same primary key. A drift fails with a diff naming the table and column.
 */

/** The SQL type each column kind gets (migrations/helpers.ts `columnTypes`), as each dialect reports it. */
const SQL_TYPE: Readonly<Record<DialectName, Readonly<Record<ColumnKind, string>>>> = {
  // `pragma table_info` gives the declared type: SQLite stores timestamps and JSON as text, booleans as 0/1.
  sqlite: { id: 'bigint', int: 'integer', real: 'real', text: 'text', ts: 'text', json: 'text', bool: 'integer' },
  // information_schema.columns.data_type spells the types out.
  postgres: {
    id: 'bigint',
    int: 'integer',
    real: 'double precision',
    text: 'text',
    ts: 'timestamp with time zone',
    json: 'jsonb',
    bool: 'boolean',
  },
};

/** Tables the migrations create besides the warehouse and relsync's own: the migrator's bookkeeping. */
const NOT_WAREHOUSE = new Set<string>(['kysely_migration', 'kysely_migration_lock']);

/** One table as the comparison sees it: `column → "<type> [not] null"`, and the key columns in order. */
interface TableShape {
  columns: Record<string, string>;
  pk: string[];
}
type Schema = Record<string, TableShape>;

const describeColumn = (type: string, notNull: boolean) => `${type.toLowerCase()} ${notNull ? 'not null' : 'null'}`;

function expectedShape(dialect: DialectName, spec: TableSpec): TableShape {
  const columns: Record<string, string> = {};
  for (const [c, kind] of Object.entries(spec.columns)) columns[c] = describeColumn(SQL_TYPE[dialect][kind], spec.notNull.includes(c));
  return { columns, pk: [...spec.pk] };
}

function expectedSchema(dialect: DialectName, specs: readonly TableSpec[]): Schema {
  return Object.fromEntries(specs.map((s) => [s.name, expectedShape(dialect, s)]));
}

async function sqliteSchema(db: Db): Promise<Schema> {
  const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db.kysely);
  const out: Schema = {};
  for (const { name } of tables.rows) {
    if (NOT_WAREHOUSE.has(name)) continue;
    const info = await sql<{ name: string; type: string; notnull: number; pk: number }>`select * from pragma_table_info(${name})`.execute(db.kysely);
    out[name] = {
      columns: Object.fromEntries(info.rows.map((c) => [c.name, describeColumn(c.type, c.notnull === 1)])),
      pk: info.rows
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name),
    };
  }
  return out;
}

async function postgresSchema(db: Db): Promise<Schema> {
  const schema = db.schema;
  if (schema === undefined) throw new Error('the PostgreSQL test database has no schema of its own');
  const columns = await sql<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>`
    select table_name, column_name, data_type, is_nullable from information_schema.columns
    where table_schema = ${schema} order by table_name, ordinal_position`.execute(db.kysely);
  const keys = await sql<{ table_name: string; column_name: string }>`
    select k.table_name, k.column_name
    from information_schema.table_constraints t
    join information_schema.key_column_usage k
      on k.constraint_schema = t.constraint_schema and k.constraint_name = t.constraint_name and k.table_name = t.table_name
    where t.constraint_type = 'PRIMARY KEY' and t.table_schema = ${schema}
    order by k.table_name, k.ordinal_position`.execute(db.kysely);
  const out: Schema = {};
  for (const c of columns.rows) {
    if (NOT_WAREHOUSE.has(c.table_name)) continue;
    const t = (out[c.table_name] ??= { columns: {}, pk: [] });
    t.columns[c.column_name] = describeColumn(c.data_type, c.is_nullable === 'NO');
  }
  for (const k of keys.rows) out[k.table_name]?.pk.push(k.column_name);
  return out;
}

forEachDialect('schema: registry = migrated database', (dialect) => {
  let ctx: Awaited<ReturnType<typeof freshMigratedDb>> | undefined;
  let actual: Schema = {};
  beforeAll(async () => {
    ctx = await freshMigratedDb(dialect);
    actual = dialect === 'sqlite' ? await sqliteSchema(ctx.db) : await postgresSchema(ctx.db);
  });
  afterAll(async () => {
    await ctx?.cleanup();
  });

  it("the migrations build exactly the registry's tables", () => {
    expect(Object.keys(actual).sort()).toEqual([...WAREHOUSE_TABLE_NAMES, ...INFRA_TABLE_NAMES].sort());
  });

  it.each(INFRA_TABLE_NAMES.map((t) => [t]))("%s (relsync's own, registry/infra.ts): columns, types, nullability and key", (table) => {
    const decl = INFRA_DECLS[table];
    const columns: Record<string, string> = {};
    for (const [c, col] of Object.entries<{ decl: Parameters<typeof parseColumn>[0] }>(decl.columns)) {
      const { kind, nullable } = parseColumn(col.decl);
      columns[c] = describeColumn(SQL_TYPE[dialect][kind], !nullable);
    }
    const got = actual[table];
    // Migration 001 declares single-column text keys with PRIMARY KEY alone: SQLite's legacy rule lets such a
    // key hold null, so pragma reports it nullable; PostgreSQL makes every key column NOT NULL and checks it.
    const seen =
      dialect === 'sqlite' && got
        ? {
            ...got,
            columns: Object.fromEntries(Object.entries(got.columns).map(([c, d]) => [c, got.pk.includes(c) ? d.replace(/ (not )?null$/, ' not null') : d])),
          }
        : got;
    expect(seen, table).toEqual({ columns, pk: [...decl.pk] });
  });

  it.each(WAREHOUSE_TABLE_NAMES.map((t) => [t]))('%s: columns, type families, nullability and primary key', (table) => {
    expect(actual[table], table).toEqual(expectedShape(dialect, WAREHOUSE_TABLES[table]));
  });

  it('the comparison sees a changed type, nullability or key', () => {
    const companies = WAREHOUSE_TABLES.companies;
    const drifted: TableSpec[] = [
      { ...companies, columns: { ...companies.columns, name: 'int' } },
      { ...companies, notNull: [...companies.notNull, 'name'] },
      { ...companies, pk: ['id', 'name'] },
    ];
    expect(actual.companies).toEqual(expectedSchema(dialect, [companies]).companies);
    for (const spec of drifted) expect(actual.companies).not.toEqual(expectedSchema(dialect, [spec]).companies);
  });
});
