/**
 * The warehouse handle: `openDatabase` reads a warehouse URL, has its dialect's driver open the connection
 * (dialects/sqlite/sqlite-driver.ts, dialects/pg/pg-driver.ts) and puts the dialect's warehouse object on the
 * handle (`db.dialect`), as Kysely keeps its adapter on the instance: code asks `db.dialect`, never a name.
 */
import { resolve } from 'node:path';
import type { KyselyPlugin } from 'kysely';
import { UserError } from '../errors.ts';
import { maskUrlPasswords } from '../mask-url.ts';
import type { Connection } from './dialects/connection.ts';
import { openPostgres } from './dialects/pg/pg-driver.ts';
import { POSTGRES_WAREHOUSE } from './dialects/pg/pg-warehouse.ts';
import { openSqlite } from './dialects/sqlite/sqlite-driver.ts';
import { SQLITE_WAREHOUSE } from './dialects/sqlite/sqlite-warehouse.ts';
import type { DialectName, WarehouseDialect } from './dialects/warehouse-dialect.ts';
import { WriteFence } from './write-fence.ts';

export type { DialectName } from './dialects/warehouse-dialect.ts';

export interface Db extends Connection {
  /** What this warehouse's dialect writes its own way (dialects/warehouse-dialect.ts). */
  dialect: WarehouseDialect;
  /** Closed by the writer lock when its session is lost: no statement may write after that. */
  fence: WriteFence;
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
 * The file a warehouse URL names, resolved, when the warehouse is a file on this machine (SQLite other
 * than `:memory:`); undefined for a server. Read-only commands check it exists before opening creates it.
 */
export function warehouseFile(url: string): string | undefined {
  const { path } = parseDatabaseUrl(url);
  return path === undefined || path === ':memory:' ? undefined : resolve(path);
}

/** A dialect as `openDatabase` meets it: its driver part opens the connection, its warehouse part goes on the handle. */
interface DialectParts {
  open(parsed: ParsedDatabaseUrl, url: string, plugins: KyselyPlugin[]): Promise<Connection>;
  warehouse: WarehouseDialect;
}

/** Each dialect's driver and warehouse object: the one place a dialect's name (the URL's scheme) picks them. */
const DIALECTS: Readonly<Record<DialectName, DialectParts>> = {
  sqlite: { open: (parsed, _url, plugins) => openSqlite(parsed.path!, plugins), warehouse: SQLITE_WAREHOUSE },
  postgres: { open: (parsed, url, plugins) => openPostgres(parsed.pgUrl!, parsed.schema, url, plugins), warehouse: POSTGRES_WAREHOUSE },
};

export async function openDatabase(url: string): Promise<Db> {
  const parsed = parseDatabaseUrl(url);
  const { open, warehouse } = DIALECTS[parsed.dialect];
  const fence = new WriteFence();
  const connection = await open(parsed, url, [fence]);
  return { ...connection, dialect: warehouse, fence };
}

/** True when the table exists (used by `status` before migrations have run). */
export async function tableExists(db: Db, table: string): Promise<boolean> {
  return db.dialect.tableExists(db.kysely, table);
}
