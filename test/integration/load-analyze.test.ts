/**
 * After a run, PostgreSQL analyzes the warehouse tables the run changed a lot (autovacuum's rule: more
 * than 50 rows plus 10% of the table since the last analyze), so the views are planned from real row
 * counts even on a server with autovacuum off (issue 17: without statistics `person_overview` ran for
 * minutes). A table barely changed is left alone; SQLite keeps no statistics and does nothing.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../../src/load/db.ts';
import { analyzeChangedTables } from '../../src/load/analyze.ts';
import { migrateToLatest } from '../../src/load/migrate.ts';
import { applyBatch } from '../../src/load/write/apply-batch.ts';
import { forEachDialect, freshDatabaseUrl, type TestDatabase } from '../helpers/dialects.ts';

const T1 = '2024-04-01T07:00:00.000Z';

forEachDialect('load: table statistics after a run', (dialect) => {
  let t: TestDatabase | undefined;
  let handle: Db | undefined;
  const db = (): Db => handle!;
  // A new schema, never a pooled one: a pooled warehouse was emptied by deletes its statistics counters still
  // hold, so its companies table could be due an analyze this test did not cause.
  beforeAll(async () => {
    t = await freshDatabaseUrl(dialect);
    handle = await openDatabase(t.url);
    await migrateToLatest(handle);
  });
  afterAll(async () => {
    await handle?.close();
    await t?.cleanup();
  });

  /** The planner's row count of `persons` (-1: never analyzed). */
  const reltuples = async (): Promise<number> => {
    const r = await sql<{ n: number }>`select reltuples as n from pg_class where oid = 'persons'::regclass`.execute(db().kysely);
    return Number(r.rows[0]!.n);
  };

  it('analyzes a table a run filled, not one it barely touched; SQLite does nothing', async () => {
    const persons = Array.from({ length: 2000 }, (_, i) => ({ id: i + 1, first_name: `P${i}` }));
    await applyBatch(db().kysely, db().dialect, { upserts: { persons, companies: [{ id: 1, name: 'Acme' }] }, replace: [] }, T1);
    if (dialect === 'postgres') expect(await reltuples()).toBeLessThan(0);
    if (dialect === 'sqlite') {
      expect(await analyzeChangedTables(db())).toEqual([]);
      return;
    }
    // The statistics counters reach the server's view of them shortly after the writing transaction.
    let analyzed: string[] = [];
    for (let i = 0; i < 50 && !analyzed.includes('persons'); i++) {
      await new Promise((r) => setTimeout(r, 100));
      analyzed = await analyzeChangedTables(db());
    }
    expect(analyzed).toContain('persons');
    expect(analyzed).not.toContain('companies');
    expect(await reltuples()).toBe(2000);
  });
});
