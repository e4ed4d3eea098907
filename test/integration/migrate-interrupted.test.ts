/**
 * A migration that fails half-way leaves nothing behind: the disk fills (SQLite's max_page_count caps the
 * file exactly as a full disk does) at every point of a fresh migration and of an upgrade from 008, and
 * once there is room the next `migrate` completes, with the data of the upgraded warehouse intact. Before
 * SQLite migrations ran in one transaction, the statements before the failure stayed committed and every
 * later run failed (`table "companies" already exists`, `duplicate column name: value_text`). SQLite
 * only: PostgreSQL has no per-database size cap to provoke, and its migrations always ran in one
 * transaction (test/e2e/migrate-kill.test.ts kills `migrate` on both).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../../src/load/db.ts';
import { migrateToLatest, migratorFor } from '../../src/load/migrate.ts';
import { UserError } from '../../src/errors.ts';
import { migrations } from '../../migrations/index.ts';
import { freshDatabaseUrl, type TestDatabase } from '../helpers/dialects.ts';

const pageCount = async (db: Db) => Number((await sql<{ n: number }>`select page_count as n from pragma_page_count()`.execute(db.kysely)).rows[0]?.n ?? 0);
const capPages = (db: Db, n: number) => sql.raw(`pragma max_page_count = ${n}`).execute(db.kysely);
const UNCAPPED = 1073741823;

/** Tables, columns and indexes, to compare a recovered warehouse with one migrated without trouble. */
async function shape(db: Db): Promise<string[]> {
  const r = await sql<{ d: string }>`
    select m.type || ' ' || m.name || ' ' || coalesce(group_concat(c.name, ','), '') as d
    from sqlite_master m left join pragma_table_info(m.name) c on m.type = 'table'
    where m.name not like 'sqlite_%' group by m.type, m.name order by m.type, m.name`.execute(db.kysely);
  return r.rows.map((x) => x.d);
}

/** migrateToLatest under a page cap: the error it gives (null when it fitted). */
async function migrateCapped(db: Db, cap: number): Promise<UserError | null> {
  await capPages(db, cap);
  try {
    await migrateToLatest(db);
    return null;
  } catch (err) {
    return err as UserError;
  } finally {
    await capPages(db, UNCAPPED);
  }
}

describe('migrate: a full disk part-way through [sqlite]', () => {
  let t: TestDatabase | undefined;
  afterEach(async () => {
    await t?.cleanup();
    t = undefined;
  });

  async function referenceShape(): Promise<string[]> {
    const ref = await freshDatabaseUrl('sqlite');
    const db = await openDatabase(ref.url);
    try {
      await migrateToLatest(db);
      return await shape(db);
    } finally {
      await db.close();
      await ref.cleanup();
    }
  }

  it('on a fresh file: says the disk is full, and the next migrate completes from any point', async () => {
    const want = await referenceShape();
    let failures = 0;
    // From one page short of the migration table onwards, until a cap the whole schema fits in.
    for (let extra = 1; ; extra += 3) {
      t = await freshDatabaseUrl('sqlite');
      const db = await openDatabase(t.url);
      try {
        const err = await migrateCapped(db, (await pageCount(db)) + extra);
        if (err === null) break;
        failures++;
        expect(err).toBeInstanceOf(UserError);
        expect(err.message).toMatch(/SQLITE_FULL|database or disk is full/);
        expect(err.message).not.toMatch(/cannot rollback/);
        const again = await migrateToLatest(db);
        expect(again.results.every((r) => r.status === 'Success')).toBe(true);
        expect(await shape(db)).toEqual(want);
      } finally {
        await db.close();
        await t.cleanup();
        t = undefined;
      }
    }
    expect(failures).toBeGreaterThan(3);
  }, 120_000);

  it('upgrading from 008 with data: the next migrate completes and keeps every row', async () => {
    const want = await referenceShape();
    let failures = 0;
    for (let extra = 0; ; extra += 4) {
      t = await freshDatabaseUrl('sqlite');
      const db = await openDatabase(t.url);
      try {
        const { error } = await migratorFor(db).migrateTo('008-duplicate-suggestions');
        if (error) throw error;
        await sql`
          with recursive n(i) as (select 1 union all select i + 1 from n where i < 3000)
          insert into field_value_changes (id, field_id, entity_type, entity_id, action_type, changed_at, value_type, value_json, _synced_at)
          select i, 'field-1', 'company', i, 'add', '2024-04-01T07:00:00.000Z', 'text', '"v' || i || '"', '2024-04-01T07:00:00.000Z' from n`.execute(db.kysely);
        const cap = (await pageCount(db)) + extra;
        const err = await migrateCapped(db, cap);
        if (err === null) break;
        failures++;
        expect(err.message).toMatch(/SQLITE_FULL|database or disk is full/);
        expect(err.message).not.toMatch(/cannot rollback/);
        const again = await migrateToLatest(db);
        expect(again.results.map((r) => r.migrationName)).toEqual(Object.keys(migrations).slice(Object.keys(migrations).indexOf('009-one-value-shape')));
        expect(await shape(db)).toEqual(want);
        const rows = await sql<{ n: number; t: number }>`select count(*) as n, count(value_text) as t from field_value_changes`.execute(db.kysely);
        expect(rows.rows[0]).toEqual({ n: 3000, t: 3000 });
      } finally {
        await db.close();
        await t.cleanup();
        t = undefined;
      }
    }
    expect(failures).toBeGreaterThan(1);
  }, 120_000);
});
