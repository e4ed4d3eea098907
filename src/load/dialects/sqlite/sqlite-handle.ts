/**
 * The better-sqlite3 handle behind a Kysely SQLite connection, for the loader's fast path
 * (sqlite-upsert.ts). better-sqlite3 is synchronous: an INSERT prepared once and stepped per row costs
 * what the driver costs, while a statement built by Kysely costs an AST, its SQL text and a fresh
 * `prepare` every time (BENCHMARKS.md, loader).
 *
 * Kysely keeps its connection's handle private. `openDatabase` registers the handle with the connection
 * when Kysely creates it (`onCreateConnection`), and `withSqliteHandle` asks the caller's own executor for
 * its connection: the statements run on exactly the connection, and inside exactly the transaction, that
 * the caller holds. `getExecutor()` is documented as internal by Kysely but declared in its public types;
 * migrations/helpers.ts relies on it too.
 */
import type SQLite from 'better-sqlite3';
import type { DatabaseConnection } from 'kysely';
import type { Trx } from '../../schema/dynamic-db.ts';

interface Handle {
  db: SQLite.Database;
  /**
   * Prepared statements by SQL text. Bounded: one per (table, set of columns written) the loader meets.
   * better-sqlite3 finalises them when the database closes; SQLite re-prepares one whose table changed.
   */
  statements: Map<string, SQLite.Statement>;
}

const handles = new WeakMap<DatabaseConnection, Handle>();

/** Called by `openDatabase` for the one connection Kysely makes to a SQLite file. */
export function registerSqliteConnection(connection: DatabaseConnection, db: SQLite.Database): void {
  handles.set(connection, { db, statements: new Map() });
}

/** A statement for `sql` on `db`, prepared on first use. */
export type StatementOf = (sql: string) => SQLite.Statement;

/**
 * Run `fn` with the handle of the connection `trx` runs on, inside one better-sqlite3 transaction: a
 * savepoint within the caller's transaction, or its own transaction when the caller has none, so the
 * rows of one call land together or not at all, as one multi-row statement would.
 */
export async function withSqliteHandle<T>(trx: Trx, fn: (statement: StatementOf) => T): Promise<T> {
  return trx.getExecutor().provideConnection(async (connection) => {
    const handle = handles.get(connection);
    if (!handle) throw new Error('relsync: this SQLite connection was not opened by openDatabase (src/load/db.ts)');
    const statement: StatementOf = (sql) => {
      let s = handle.statements.get(sql);
      if (!s) {
        s = handle.db.prepare(sql);
        handle.statements.set(sql, s);
      }
      return s;
    };
    return handle.db.transaction(() => fn(statement))();
  });
}
