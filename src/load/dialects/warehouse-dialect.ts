/**
 * One object per dialect holding the warehouse SQL that SQLite and PostgreSQL write differently (upsert
 * path, locks, booleans, parameter limits, catalog queries, statistics, view fragments), in the manner of
 * Kysely's own adapters: `openDatabase` (src/load/db.ts) puts the object on the handle it opens, as
 * `db.dialect`, and code asks `db.dialect` instead of comparing names, so adding or changing a dialect is
 * its own folder (sqlite/, pg/); ESLint refuses a new comparison with a dialect's name. The driver side of
 * a dialect (opening the connection, Kysely and driver corrections) lives in its `*-driver.ts`.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.ts';
import type { Trx } from '../schema/dynamic-db.ts';
import type { RowGroup } from './upsert-group.ts';
import type { ViewSql } from './view-sql.ts';

/** The warehouse dialects relsync speaks: the scheme of `DATABASE_URL` names one. */
export type DialectName = 'sqlite' | 'postgres';

/** How a dialect keeps and recognises the analyst views it created (src/load/views/refresh.ts). */
export interface ViewCatalog {
  /** Existing views: name → what identifies their definition (see `identity`). */
  existing(db: Kysely<Database>): Promise<Map<string, string>>;
  /** What `existing` reports for a view created from `statement`, whose short hash is `fingerprint`. */
  identity(view: { statement: string; fingerprint: string }): string;
  /** A statement to run after creating the view so `existing` can recognise it, or null when none is needed. */
  mark(name: string, fingerprint: string): string | null;
  /** A statement bounding how long the DDL waits for readers of a view, or null when readers never block it. */
  boundWait(ms: number): string | null;
  /** Whether an error is that bound running out. */
  lockTimedOut(err: unknown): boolean;
  /**
   * A view the refresh could not replace because the database refused it (a right missing, another object
   * depending on it), as one line naming the view and the fix; null for any other error.
   */
  refusal(err: unknown, view: string): string | null;
}

export interface WarehouseDialect {
  readonly name: DialectName;
  /** Bound parameters allowed per statement. */
  readonly paramLimit: number;
  /** A boolean value as this dialect stores it in a boolean column. */
  bool(v: boolean | number): boolean | number;
  /** A warehouse timestamp (`YYYY-MM-DDTHH:MM:SS.sssZ`, years 0000–9999) as this dialect binds it. */
  timestamp(iso: string): string;
  /** Whether the driver binds JavaScript booleans at all (better-sqlite3 binds none, whatever the column). */
  readonly bindsBooleans: boolean;
  /** Insert-or-update one group of rows on the dialect's fast path (upsert-group.ts). */
  writeGroup(trx: Trx, g: RowGroup): Promise<void>;
  /** Serialise the page transactions that write any of `tables` (sorted child tables; write/apply-batch.ts says why). */
  lockChildTables(trx: Trx, tables: readonly string[]): Promise<void>;
  /**
   * True when the writer lock is a server session lock, freed by the server when the process dies
   * (src/state/lock.ts); false when it is a heartbeated row in `sync_lock`.
   */
  readonly sessionWriterLock: boolean;
  /** True when the table exists in the warehouse's own schema. */
  tableExists(db: Kysely<Database>, table: string): Promise<boolean>;
  /**
   * Refresh the planner's statistics of the warehouse tables a run changed a lot (src/load/analyze.ts); the
   * tables analyzed. A dialect that keeps no statistics to refresh analyzes none.
   */
  analyzeChangedTables(db: Kysely<Database>): Promise<string[]>;
  /** The SQL fragments the view definitions need. */
  readonly views: ViewSql;
  readonly viewCatalog: ViewCatalog;
}
