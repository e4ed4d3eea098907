import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely } from 'kysely';
import { SchemaScopedPostgresDialect } from './dialects/pg/pg-driver.ts';
import { ensureSchema, isPrivilegeError } from './dialects/pg/pg-privileges.ts';
import { pgTimestampText } from './dialects/pg/pg-timestamps.ts';
import { RelsyncSqliteDialect } from './dialects/sqlite/sqlite-driver.ts';
import { registerSqliteConnection } from './dialects/sqlite/sqlite-handle.ts';
import { UserError, redact } from '../errors.ts';
import { maskUrlPasswords } from '../mask-url.ts';
import type { Database } from './schema/database.ts';
import type { DialectName } from './dialects/dialect-name.ts';
import { dialectOf } from './dialects/dialects-by-name.ts';
import { WriteFence } from './write-fence.ts';

export type { DialectName } from './dialects/dialect-name.ts';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** Where the data lives, with any password masked, for messages. */
  describe: string;
  /** PostgreSQL schema in use (from `?schema=`), or undefined for the default search_path / SQLite. */
  schema: string | undefined;
  /** The PostgreSQL pool (advisory locks need a dedicated session), or undefined on SQLite. */
  pgPool: pg.Pool | undefined;
  /** Closed by the writer lock when its session is lost: no statement may write after that. */
  fence: WriteFence;
  close(): Promise<void>;
}

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

export interface ParsedDatabaseUrl {
  dialect: DialectName;
  /** The SQLite file (or `:memory:`); PostgreSQL has none. */
  path?: string;
  pgUrl?: string;
  schema?: string;
}

export function parseDatabaseUrl(url: string): ParsedDatabaseUrl {
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length).replace(/^\/\//, '');
    if (!path) throw new UserError(`DATABASE_URL "${maskUrlPasswords(url)}" has no file path`, { hint: 'Use sqlite:./relsync.db' });
    return { dialect: 'sqlite', path };
  }
  if (/^postgres(ql)?:\/\//.test(url)) {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      throw new UserError(`DATABASE_URL "${maskUrlPasswords(url)}" is not a valid URL`, {
        // No at sign after the example's own: the password masking would take the text up to it for a password.
        hint: 'Use postgres://user:password@host:5432/dbname, with special characters of the password percent-encoded (%40 for an at sign, %23 for #, %2F for /).',
      });
    }
    const schema = u.searchParams.get('schema') ?? undefined;
    u.searchParams.delete('schema');
    if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) {
      throw new UserError(`DATABASE_URL schema "${schema}" is not a plain identifier`, {
        hint: 'Use lowercase letters, digits and underscores, e.g. ?schema=relsync',
      });
    }
    return { dialect: 'postgres', pgUrl: u.toString(), ...(schema ? { schema } : {}) };
  }
  throw new UserError(`DATABASE_URL "${maskUrlPasswords(url)}" is not supported`, {
    hint: 'Use sqlite:./relsync.db or postgres://user@host:5432/dbname',
  });
}

/**
 * mkdir -p, one level at a time. Node's `mkdirSync(…, { recursive: true })` loops forever, synchronously
 * (100% CPU, deaf to SIGTERM), under a parent that refuses new entries with ENOENT, such as /proc; one
 * level at a time, the first refusal is an error to report.
 */
function makeDirectory(dir: string): void {
  if (existsSync(dir)) return;
  const parent = dirname(dir);
  if (parent !== dir) makeDirectory(parent);
  mkdirSync(dir);
}

/**
 * The file a warehouse URL names, resolved, when the warehouse is a file on this machine (SQLite other
 * than `:memory:`); undefined for a server. Read-only commands check it exists before opening creates it.
 */
export function warehouseFile(url: string): string | undefined {
  const { path } = parseDatabaseUrl(url);
  return path === undefined || path === ':memory:' ? undefined : resolve(path);
}

export async function openDatabase(url: string): Promise<Db> {
  const parsed = parseDatabaseUrl(url);
  return OPEN[parsed.dialect](parsed, url);
}

async function openSqlite(parsed: ParsedDatabaseUrl): Promise<Db> {
  const file = resolve(parsed.path!);
  let handle: SQLite.Database;
  try {
    if (file !== ':memory:') makeDirectory(dirname(file));
    handle = new SQLite(parsed.path === ':memory:' ? ':memory:' : file);
    // WAL lets `status` read while a sync writes; busy_timeout rides out a short overlap.
    handle.pragma('journal_mode = WAL');
    handle.pragma('busy_timeout = 5000');
    handle.pragma('synchronous = NORMAL');
  } catch (err) {
    throw new UserError(`Cannot open SQLite database ${file}: ${(err as Error).message}`, {
      hint: 'Check that the directory exists and is writable, and that the disk is not full.',
      cause: err,
    });
  }
  const fence = new WriteFence();
  const database = handle;
  const kysely = new Kysely<Database>({
    // The loader steps its own prepared statements on this handle (sqlite-handle.ts).
    dialect: new RelsyncSqliteDialect({ database, onCreateConnection: async (connection) => registerSqliteConnection(connection, database) }),
    plugins: [fence],
  });
  return {
    kysely,
    dialect: 'sqlite',
    describe: `sqlite:${file}`,
    schema: undefined,
    pgPool: undefined,
    fence,
    close: async () => {
      // Keeps the planner's statistics current for the next run (cheap; SQLite's advice for closers).
      try {
        handle.pragma('optimize');
      } catch {
        // A read-only or already-closed handle has nothing to optimise.
      }
      await kysely.destroy();
    },
  };
}

async function openPostgres(parsed: ParsedDatabaseUrl, url: string): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: parsed.pgUrl,
    max: 6,
    ...(parsed.schema ? { options: `-c search_path=${parsed.schema}` } : {}),
  });
  // A client losing its connection (server restart, failover, pg_terminate_backend) emits 'error'. The
  // pool listens on idle clients and drops them; a checked-out client (a query or transaction in hand,
  // the writer lock's session) has no listener of its own, and an unheard 'error' event would crash
  // the process. Its query in flight, or its next one, fails with the cause, which stops the run with
  // the warehouse message (see db-errors.ts); the writer lock also listens, to close the fence.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  try {
    const client = await pool.connect();
    try {
      if (parsed.schema) await ensureSchema(client, parsed.schema);
    } finally {
      client.release();
    }
  } catch (err) {
    await pool.end().catch(() => undefined);
    // Connected, but the schema is missing and may not be created: that message says what to grant.
    if (err instanceof UserError) throw err;
    const u = new URL(parsed.pgUrl!);
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
  const fence = new WriteFence();
  const kysely = new Kysely<Database>({ dialect: new SchemaScopedPostgresDialect({ pool }, parsed.schema), plugins: [fence] });
  return {
    kysely,
    dialect: 'postgres',
    describe: maskUrlPasswords(url),
    schema: parsed.schema,
    pgPool: pool,
    fence,
    close: () => kysely.destroy(),
  };
}

const OPEN: Readonly<Record<DialectName, (parsed: ParsedDatabaseUrl, url: string) => Promise<Db>>> = { sqlite: openSqlite, postgres: openPostgres };

/** True when the table exists (used by `status` before migrations have run). */
export async function tableExists(db: Db, table: string): Promise<boolean> {
  return dialectOf(db.dialect).tableExists(db.kysely, table);
}
