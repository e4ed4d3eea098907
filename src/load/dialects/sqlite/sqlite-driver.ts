import type SQLite from 'better-sqlite3';
import { SqliteAdapter, SqliteDialect, SqliteDriver, sql, type DatabaseConnection, type DialectAdapter, type Driver, type SqliteDialectConfig } from 'kysely';
import { writeSqlite } from '../upsert-group.ts';
import { SQLITE_VIEW_SQL } from '../view-sql.ts';
import type { WarehouseDialect } from '../warehouse-dialect.ts';

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
export class RelsyncSqliteDialect extends SqliteDialect {
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

/** What SQLite does its own way (warehouse-dialect.ts). */
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
  },
};
