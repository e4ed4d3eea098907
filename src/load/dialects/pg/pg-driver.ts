/**
 * PostgreSQL's driver side: the pool through pg (its type parsers, the schema of `?schema=`, what a refused
 * connection says), and Kysely's PostgreSQL dialect with introspection scoped to that schema. What relsync
 * writes differently on PostgreSQL is its warehouse object (pg-warehouse.ts).
 */
import pg from 'pg';
import {
  Kysely,
  PostgresDialect,
  PostgresIntrospector,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type KyselyPlugin,
  type PostgresDialectConfig,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';
import { UserError, redact } from '../../../errors.ts';
import { maskUrlPasswords } from '../../../mask-url.ts';
import type { Database } from '../../schema/database.ts';
import type { Connection } from '../connection.ts';
import { ensureSchema, isPrivilegeError } from './pg-privileges.ts';
import { pgTimestampText } from './pg-timestamps.ts';

// PostgreSQL returns int8 as text and timestamptz as Date; the warehouse speaks numbers and ISO strings
// on both dialects, so parse them once here. Ids stay below 2^53 (the service declares int64 ≤ 2^53-1).
pg.types.setTypeParser(20, (v: string) => Number(v));
pg.types.setTypeParser(1700, (v: string) => Number(v));
// Timestamps by hand: the engine's parser cannot read years 0000–0099 or PostgreSQL's `BC` (pg-timestamps.ts).
pg.types.setTypeParser(1184, pgTimestampText);
pg.types.setTypeParser(1114, pgTimestampText);
// jsonb comes back as text so `_raw` and `value_json` read the same on both dialects.
pg.types.setTypeParser(3802, (v: string) => v);
pg.types.setTypeParser(114, (v: string) => v);

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

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
class SchemaScopedPostgresDialect extends PostgresDialect {
  readonly #schema: string | null;
  constructor(config: PostgresDialectConfig, schema: string | undefined) {
    super(config);
    this.#schema = schema ?? null;
  }

  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SchemaScopedIntrospector(db, this.#schema);
  }
}

/** Open a pool on `pgUrl` (`url` as the operator wrote it, for messages), its search_path set to `schema` when named. */
export async function openPostgres(pgUrl: string, schema: string | undefined, url: string, plugins: KyselyPlugin[]): Promise<Connection> {
  const pool = new pg.Pool({
    connectionString: pgUrl,
    max: 6,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // A client losing its connection (server restart, failover, pg_terminate_backend) emits 'error'. The
  // pool listens on idle clients and drops them; a checked-out client (a query or transaction in hand,
  // the writer lock's session) has no listener of its own, and an unheard 'error' event would crash
  // the process. Its query in flight, or its next one, fails with the cause, which stops the run with
  // the warehouse message (see src/load/db-errors.ts); the writer lock also listens, to close the fence.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  try {
    const client = await pool.connect();
    try {
      if (schema) await ensureSchema(client, schema);
    } finally {
      client.release();
    }
  } catch (err) {
    await pool.end().catch(() => undefined);
    // Connected, but the schema is missing and may not be created: that message says what to grant.
    if (err instanceof UserError) throw err;
    const u = new URL(pgUrl);
    const secrets = [u.password, safeDecode(u.password), u.searchParams.get('password') ?? undefined];
    const msg = maskUrlPasswords(redact((err as Error).message, secrets));
    throw new UserError(`Cannot connect to PostgreSQL at ${maskUrlPasswords(url)}: ${msg}`, {
      // The server answered and refused the user: "is it running" would send people the wrong way.
      hint: isPrivilegeError(err)
        ? 'The server refused this user: grant it CONNECT on the database (and USAGE on the schema), or use a user that has them.'
        : 'Check that PostgreSQL is running and that DATABASE_URL names a reachable host, database and user.',
      cause: err,
    });
  }
  const kysely = new Kysely<Database>({ dialect: new SchemaScopedPostgresDialect({ pool }, schema), plugins });
  return { kysely, describe: maskUrlPasswords(url), schema, pgPool: pool, close: () => kysely.destroy() };
}
