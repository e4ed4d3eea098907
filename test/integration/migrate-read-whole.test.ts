/**
 * Migration 021 on a warehouse written before it: every live company's and person's set counts as read
 * whole when its record was last swept (the design before tiers re-read every set each entity pass), so
 * the first run after the upgrade schedules reads oldest first instead of re-reading every set at once.
 */
import { afterEach, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/load/db.ts';
import { migrateToLatest, migratorFor } from '../../src/load/migrate.ts';
import { forEachDialect, freshDatabaseUrl, type TestDatabase } from '../helpers/dialects.ts';

const T1 = '2026-04-01T07:00:00.000Z';
const T2 = '2026-04-02T07:00:00.000Z';

async function migrateTo(db: Db, name: string): Promise<void> {
  const { error } = await migratorFor(db).migrateTo(name);
  if (error) throw error;
}

forEachDialect('migrate: 021 sets read whole', (dialect) => {
  let t: TestDatabase | undefined;
  afterEach(async () => {
    await t?.cleanup();
  });

  it('seeds the read time of every live company and person from its last sweep, and keeps the rows', async () => {
    t = await freshDatabaseUrl(dialect);
    const db = await openDatabase(t.url);
    try {
      await migrateTo(db, '012-note-transcripts');
      await db.kysely
        .insertInto('companies')
        .values([
          { id: 1, name: 'a', _raw: '{}', _synced_at: T1, _deleted_at: null },
          { id: 2, name: 'b', _raw: '{}', _synced_at: T2, _deleted_at: T2 },
        ] as never)
        .execute();
      await db.kysely
        .insertInto('persons')
        .values({ id: 7, first_name: 'p', _raw: '{}', _synced_at: T2, _deleted_at: null } as never)
        .execute();
      await migrateToLatest(db);
      const rows = await db.kysely.selectFrom('sync_read_whole').select(['kind', 'id', 'read_at']).orderBy('kind').orderBy('id').execute();
      expect(rows.map((r) => ({ ...r, id: Number(r.id) }))).toEqual([
        { kind: 'company_links', id: 1, read_at: T1 },
        { kind: 'person_links', id: 7, read_at: T2 },
      ]);
      expect(await db.kysely.selectFrom('companies').select('id').execute()).toHaveLength(2);
    } finally {
      await db.close();
    }
  });
});
