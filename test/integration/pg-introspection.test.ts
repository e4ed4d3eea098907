/**
 * PostgreSQL only: the migrator's "do my tables exist?" question looks at the warehouse's own schema,
 * never the whole server, so a view another warehouse re-creates at that moment cannot fail it.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/load/db.ts';
import { migrateToLatest } from '../../src/load/migrate.ts';
import { PG_BASE_URL, freshDatabaseUrl, type TestDatabase } from '../helpers/dialects.ts';

describe('PostgreSQL introspection is scoped to the warehouse schema [postgres]', () => {
  let t: TestDatabase;
  let other: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    [t, other] = [await freshDatabaseUrl('postgres'), await freshDatabaseUrl('postgres')];
    const otherDb = await openDatabase(other.url);
    await otherDb.close();
    const client = new pg.Client({ connectionString: PG_BASE_URL });
    await client.connect();
    const schema = new URL(other.url).searchParams.get('schema')!;
    await client.query(`create table "${schema}".kysely_migration (name text)`);
    await client.query(`create view "${schema}".elsewhere as select 1 as x`);
    await client.end();
    db = await openDatabase(t.url);
  });
  afterAll(async () => {
    await db?.close();
    await t?.cleanup();
    await other?.cleanup();
  });

  it('lists only the tables and views of its own schema, and migrations apply beside another warehouse', async () => {
    expect(await db.kysely.introspection.getTables()).toEqual([]);
    const { results } = await migrateToLatest(db);
    expect(results.every((r) => r.status === 'Success')).toBe(true);
    const names = (await db.kysely.introspection.getTables()).map((x) => x.name);
    expect(names).toContain('companies');
    expect(names).not.toContain('elsewhere');
    expect(new Set((await db.kysely.introspection.getTables()).map((x) => x.schema))).toEqual(new Set([db.schema]));
  });
});
