import {
  PostgresDialect,
  PostgresIntrospector,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type Kysely,
  type PostgresDialectConfig,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';
import { writePostgres } from '../upsert-group.ts';
import { pgTimestampParam } from './pg-timestamps.ts';
import { POSTGRES_VIEW_SQL } from '../view-sql.ts';
import { quoteIdent, quoteLiteral } from '../../views/identifiers.ts';
import type { WarehouseDialect } from '../warehouse-dialect.ts';

/**
 * Kysely's migrator asks the introspector for every table and column of every schema just to learn
 * whether its own two tables exist. On a server shared with other warehouses (or the parallel tests),
 * a view that another schema drops and re-creates at that moment makes information_schema fail
 * ("column … of relation list_… does not exist"). Scoped to the schema in use, the question cannot
 * see them. Tables are listed without their columns: nothing in relsync asks the introspector for columns.
 */
class SchemaScopedIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;
  readonly #schema: string | null;
  constructor(db: Kysely<unknown>, schema: string | null) {
    this.#db = db;
    this.#schema = schema;
  }

  getSchemas(): Promise<SchemaMetadata[]> {
    return new PostgresIntrospector(this.#db).getSchemas();
  }

  async getTables(): Promise<TableMetadata[]> {
    const r = await sql<{ name: string; schema: string; is_view: boolean }>`
      select c.relname as name, n.nspname as schema, c.relkind in ('v', 'm') as is_view
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = coalesce(${this.#schema}, current_schema()) and c.relkind in ('r', 'p', 'v', 'm')`.execute(this.#db);
    return r.rows.map((t) => ({ name: t.name, schema: t.schema, isView: t.is_view, columns: [] }));
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}

/** PostgreSQL through pg, with introspection limited to the warehouse's own schema (see above). */
export class SchemaScopedPostgresDialect extends PostgresDialect {
  readonly #schema: string | null;
  constructor(config: PostgresDialectConfig, schema: string | undefined) {
    super(config);
    this.#schema = schema ?? null;
  }

  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SchemaScopedIntrospector(db, this.#schema);
  }
}

/** What PostgreSQL does its own way (warehouse-dialect.ts). */
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
  // the locks are taken in (apply-batch.ts sorts them).
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
  },
};
