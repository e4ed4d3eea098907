/**
 * The pool of migrated PostgreSQL warehouses the tests share (test/helpers/pg-warehouse-pool.ts): a warehouse
 * given back as migrated comes out again empty; one whose schema a test changed is never handed out again. And
 * the schemas a killed run left are dropped by the next (test/helpers/test-schemas.ts).
 */
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { freshMigratedDb } from '../helpers/dialects.ts';
import { poolOn } from '../helpers/pg-warehouse-pool.ts';
import { testDialects, withPgAdmin } from '../helpers/test-env.ts';
import { dropOrphanedSchemas, schemaOwner, testSchemaName } from '../helpers/test-schemas.ts';

const schemaOf = (url: string) => new URL(url).searchParams.get('schema');

describe.runIf(testDialects(process.env.RELSYNC_TEST_DIALECTS).includes('postgres'))('pooled PostgreSQL warehouses [postgres]', () => {
  it('are on under the suite, and a warehouse given back as migrated comes back out without a row', async () => {
    const first = await freshMigratedDb('postgres');
    expect(poolOn()).toBe(true);
    await sql`insert into users (id, first_name, _synced_at) values (1, 'Ada', '2026-01-01T00:00:00Z')`.execute(first.db.kysely);
    await first.cleanup();
    const again = await freshMigratedDb('postgres');
    try {
      expect(schemaOf(again.url)).toBe(schemaOf(first.url));
      expect(await again.db.kysely.selectFrom('users').selectAll().execute()).toEqual([]);
      const migrated = await sql<{ n: string }>`select count(*) as n from kysely_migration`.execute(again.db.kysely);
      expect(Number(migrated.rows[0]?.n)).toBeGreaterThan(0);
    } finally {
      await again.cleanup();
    }
  });

  it('never hands out again a warehouse whose schema a test changed', async () => {
    const altered = await freshMigratedDb('postgres');
    await sql`alter table users add column extra text`.execute(altered.db.kysely);
    await altered.cleanup();
    const next = await freshMigratedDb('postgres');
    try {
      expect(schemaOf(next.url)).not.toBe(schemaOf(altered.url));
      const cols = await sql<{
        n: string;
      }>`select count(*) as n from information_schema.columns where table_schema = current_schema() and column_name = 'extra'`.execute(next.db.kysely);
      expect(Number(cols.rows[0]?.n)).toBe(0);
    } finally {
      await next.cleanup();
    }
  });

  it('a schema whose creating process has exited is dropped by the next run; a live process keeps its own', async () => {
    const exited = spawnSync(process.execPath, ['-e', '']).pid;
    const dead = testSchemaName('t_').replace(`_${process.pid}x`, `_${exited}x`);
    const mine = testSchemaName('t_');
    expect(schemaOwner(dead)).toBe(exited);
    expect(schemaOwner(mine)).toBe(process.pid);
    const schemas = async () =>
      withPgAdmin(async (c) =>
        (await c.query<{ s: string }>('select nspname as s from pg_namespace where nspname = any($1)', [[dead, mine]])).rows.map((r) => r.s).sort(),
      );
    await withPgAdmin(async (c) => {
      for (const s of [dead, mine]) await c.query(`create schema ${pg.escapeIdentifier(s)}`);
    });
    try {
      expect(await dropOrphanedSchemas()).toContain(dead);
      expect(await schemas()).toEqual([mine]);
    } finally {
      await withPgAdmin(async (c) => c.query(`drop schema if exists ${pg.escapeIdentifier(mine)}, ${pg.escapeIdentifier(dead)} cascade`));
    }
  });
});
