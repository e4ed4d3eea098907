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
