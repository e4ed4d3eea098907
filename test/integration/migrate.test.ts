import { afterEach, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, tableExists } from '../../src/load/db.ts';
import { migrateToLatest } from '../../src/load/migrate.ts';
import { migrations } from '../../migrations/index.ts';
import { forEachDialect, freshDatabaseUrl, type TestDatabase } from '../helpers/dialects.ts';

forEachDialect('migrate', (dialect) => {
  let t: TestDatabase | undefined;
  afterEach(async () => {
    await t?.cleanup();
  });

  it('applies every migration on an empty database and is a no-op the second time', async () => {
    t = await freshDatabaseUrl(dialect);
    const db = await openDatabase(t.url);
    try {
      const first = await migrateToLatest(db);
      expect(first.results.map((r) => r.migrationName)).toEqual(Object.keys(migrations));
      expect(first.results.every((r) => r.status === 'Success')).toBe(true);
      for (const table of ['sync_runs', 'sync_state', 'sync_lock', 'quarantine']) {
        expect(await tableExists(db, table)).toBe(true);
      }
      const second = await migrateToLatest(db);
      expect(second.results).toEqual([]);
      expect(second.alreadyApplied).toEqual(Object.keys(migrations));
    } finally {
      await db.close();
    }
  });

  it('round-trips checkpoint documents, timestamps and JSON identically', async () => {
    t = await freshDatabaseUrl(dialect);
    const db = await openDatabase(t.url);
    try {
      await migrateToLatest(db);
      const doc = JSON.stringify({ v: 1, kind: 'sweep', token: 'abc' });
      await db.kysely
        .insertInto('sync_state')
        .values({
          stream: 'companies',
          partition: '',
          version: 1,
          checkpoint_json: doc,
          last_success_at: null,
          last_sweep_at: null,
          updated_at: '2024-04-01T07:00:00.000Z',
        })
        .execute();
      const row = await db.kysely.selectFrom('sync_state').selectAll().executeTakeFirstOrThrow();
      expect(JSON.parse(row.checkpoint_json)).toEqual({ v: 1, kind: 'sweep', token: 'abc' });
      expect(row.updated_at).toBe('2024-04-01T07:00:00.000Z');
      const n = await sql<{ n: number }>`select count(*) as n from sync_state`.execute(db.kysely);
      expect(Number(n.rows[0]?.n)).toBe(1);
    } finally {
      await db.close();
    }
  });
});
