/**
 * What a dialect's driver (sqlite/sqlite-driver.ts, pg/pg-driver.ts) hands back when it opens a warehouse:
 * the Kysely instance over its connection and what only the driver knows. `openDatabase` (src/load/db.ts)
 * makes the handle of it, adding the dialect's warehouse object and the write fence.
 */
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { Database } from '../schema/database.ts';

export interface Connection {
  kysely: Kysely<Database>;
  /** Where the data lives, with any password masked, for messages. */
  describe: string;
  /** PostgreSQL schema in use (from `?schema=`), or undefined for the default search_path / SQLite. */
  schema: string | undefined;
  /** The PostgreSQL pool (advisory locks need a dedicated session), or undefined on SQLite. */
  pgPool: pg.Pool | undefined;
  close(): Promise<void>;
}
