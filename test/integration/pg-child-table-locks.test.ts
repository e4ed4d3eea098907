/**
 * PostgreSQL only (SQLite has one writer at a time and takes no lock): a page's transaction takes its
 * child-table locks (pg-warehouse.ts `lockChildTables`, apply-batch.ts) in one statement, one transaction-scoped
 * advisory lock per table, which another warehouse writer then cannot take until the page commits.
 */
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db } from '../../src/load/db.ts';
import { POSTGRES_WAREHOUSE } from '../../src/load/dialects/pg/pg-warehouse.ts';
import { PG_BASE_URL, freshMigratedDb } from '../helpers/dialects.ts';

describe('child-table locks of a page transaction [postgres]', () => {
  let ctx: Awaited<ReturnType<typeof freshMigratedDb>>;
  let db: Db;
  let other: pg.Client;
  beforeAll(async () => {
    ctx = await freshMigratedDb('postgres');
    db = ctx.db;
    other = new pg.Client({ connectionString: PG_BASE_URL });
    await other.connect();
  });
  afterAll(async () => {
    await other?.end();
    await ctx?.cleanup();
  });

  /** Whether another session could take the lock a writer of `table` takes (it lets it go at once). */
  const freeFor = async (table: string) => {
    await other.query('begin');
    try {
      const r = await other.query<{ ok: boolean }>(`select pg_try_advisory_xact_lock(hashtext('relsync:child-write'), hashtext($1 || ':' || $2)) as ok`, [
        db.schema,
        table,
      ]);
      return r.rows[0]!.ok;
    } finally {
      await other.query('rollback');
    }
  };

  it('holds one advisory lock per table until the transaction ends', async () => {
    const tables = ['company_persons', 'opportunity_companies', 'person_companies'];
    await db.kysely.transaction().execute(async (trx) => {
      await POSTGRES_WAREHOUSE.lockChildTables(trx, tables);
      const held = await sql<{ n: number }>`select count(*)::int as n from pg_locks
        where locktype = 'advisory' and objsubid = 2 and pid = pg_backend_pid()`.execute(trx);
      expect(held.rows[0]?.n).toBe(tables.length);
      for (const t of tables) expect(await freeFor(t), t).toBe(false);
      expect(await freeFor('notes')).toBe(true);
    });
    for (const t of tables) expect(await freeFor(t), `${t} after commit`).toBe(true);
  });

  it('takes no lock for a page without child tables', async () => {
    await db.kysely.transaction().execute(async (trx) => {
      await POSTGRES_WAREHOUSE.lockChildTables(trx, []);
      const held = await sql<{ n: number }>`select count(*)::int as n from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()`.execute(trx);
      expect(held.rows[0]?.n).toBe(0);
    });
  });
});
