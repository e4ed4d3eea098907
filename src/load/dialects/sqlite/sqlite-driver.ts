/**
 * SQLite's driver side: opening a warehouse file through better-sqlite3 (pragmas, the directory), and
 * Kysely's SQLite dialect with two corrections. What relsync writes differently on SQLite is its warehouse
 * object (sqlite-warehouse.ts).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type KyselyPlugin,
  type SqliteDialectConfig,
} from 'kysely';
import { UserError } from '../../../errors.ts';
import type { Database } from '../../schema/database.ts';
import type { Connection } from '../connection.ts';
import { registerSqliteConnection } from './sqlite-handle.ts';

/**
 * SQLite's DDL is transactional (CREATE, ALTER and DROP roll back with the rest), but Kysely's adapter
 * reports otherwise, so its migrator ran each statement in autocommit: a kill or a full disk in the
 * middle of a migration left half of it applied and every later run failing (`duplicate column name`,
 * `table … already exists`). Saying so makes the migrator run the pending migrations in one transaction,
 * as it does on PostgreSQL.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/**
 * Some errors (SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM, SQLITE_BUSY in some states) make SQLite roll the
 * whole transaction back itself. Kysely then sends its own ROLLBACK, which fails with "cannot rollback -
 * no transaction is active" and replaces the error that explains the failure. Rolling back nothing is
 * not a failure: skip it when better-sqlite3 says no transaction is open.
 */
class RollbackOnceSqliteDriver extends SqliteDriver {
  readonly #database: SQLite.Database;
  constructor(config: SqliteDialectConfig, database: SQLite.Database) {
    super(config);
    this.#database = database;
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (!this.#database.inTransaction) return;
    await super.rollbackTransaction(connection);
  }
}

/** Kysely's SQLite dialect over one better-sqlite3 handle, with the two corrections above. */
class RelsyncSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #database: SQLite.Database;
  constructor(config: SqliteDialectConfig & { database: SQLite.Database }) {
    super(config);
    this.#config = config;
    this.#database = config.database;
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }

  override createDriver(): Driver {
    return new RollbackOnceSqliteDriver(this.#config, this.#database);
  }
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

/** Open the SQLite file at `path` (or `:memory:`), creating it and its directory when missing. */
export async function openSqlite(path: string, plugins: KyselyPlugin[]): Promise<Connection> {
  const file = resolve(path);
  let handle: SQLite.Database;
  try {
    if (file !== ':memory:') makeDirectory(dirname(file));
    handle = new SQLite(path === ':memory:' ? ':memory:' : file);
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
  const database = handle;
  const kysely = new Kysely<Database>({
    // The loader steps its own prepared statements on this handle (sqlite-handle.ts).
    dialect: new RelsyncSqliteDialect({ database, onCreateConnection: async (connection) => registerSqliteConnection(connection, database) }),
    plugins,
  });
  return {
    kysely,
    describe: `sqlite:${file}`,
    schema: undefined,
    pgPool: undefined,
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
