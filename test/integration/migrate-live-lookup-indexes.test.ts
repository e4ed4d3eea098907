/**
 * Migration 018 on a warehouse written before it: the liveness indexes the analyst views rely on (issue 17)
 * appear, the rows stay, and on SQLite the overviews' person liveness check is answered from the index
 * alone (before, each check read the person's row, overflow pages included).
 */
import { afterEach, expect, it } from 'vitest';
import { sql } from 'kysely';
import { LIVE_LOOKUP_INDEXES } from '../../migrations/018-live-lookup-indexes.ts';
import { openDatabase, type Db } from '../../src/load/db.ts';
import { migrateToLatest, migratorFor } from '../../src/load/migrate.ts';
import { forEachDialect, freshDatabaseUrl, type TestDatabase } from '../helpers/dialects.ts';

const T1 = '2024-04-01T07:00:00.000Z';

async function indexNames(db: Db): Promise<string[]> {
  const q =
    db.dialect.name === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master where type = 'index'`
      : sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema()`;
  return (await q.execute(db.kysely)).rows.map((r) => r.name);
}

forEachDialect('migrate: 018 live lookup indexes', (dialect) => {
  let t: TestDatabase | undefined;
  afterEach(async () => {
    await t?.cleanup();
  });

  it('adds the indexes to an existing warehouse and keeps its rows', async () => {
    t = await freshDatabaseUrl(dialect);
    const db = await openDatabase(t.url);
    try {
      const { error } = await migratorFor(db).migrateTo('012-note-transcripts');
      if (error) throw error;
      await db.kysely
        .insertInto('persons')
        .values([
          { id: 1, first_name: 'Ann', _raw: '{}', _synced_at: T1 },
          { id: 2, first_name: 'Gone', _raw: '{}', _synced_at: T1, _deleted_at: T1 },
        ])
        .execute();
      expect(await indexNames(db)).not.toContain('persons_live_idx');
      await migrateToLatest(db);
      const names = await indexNames(db);
      for (const [name] of LIVE_LOOKUP_INDEXES) expect(names).toContain(name);
      const rows = await db.kysely.selectFrom('persons').select(['id', 'first_name', '_deleted_at']).orderBy('id').execute();
      expect(rows.map((r) => [Number(r.id), r.first_name, r._deleted_at === null ? null : 'deleted'])).toEqual([
        [1, 'Ann', null],
        [2, 'Gone', 'deleted'],
      ]);
      if (dialect === 'sqlite') {
        const plan = await sql<{ detail: string }>`explain query plan
          select x.company_id from company_persons x join persons p on p.id = x.person_id and p._deleted_at is null`.execute(db.kysely);
        expect(plan.rows.map((r) => r.detail).join('\n')).toMatch(/SEARCH p USING COVERING INDEX persons_live_idx/);
      }
    } finally {
      await db.close();
    }
  });
});
