/**
 * "Deleted since the last sync" can be asked: `_deleted_at` says when a deletion happened upstream (a
 * merge's own time), `_deleted_seen_at` when relsync found it (the sync's clock). Migration 020 adds the
 * column to an existing warehouse in place and backfills the rows already deleted; a record seen again
 * clears both.
 */
import { afterEach, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../../src/load/db.ts';
import { applyBatch } from '../../src/load/write/apply-batch.ts';
import { applyMerge } from '../../src/load/write/merge.ts';
import { softDeleteMissing } from '../../src/load/write/soft-delete.ts';
import { migrateToLatest, migratorFor } from '../../src/load/migrate.ts';
import { forEachDialect, freshDatabaseUrl, type TestDatabase } from '../helpers/dialects.ts';

const T1 = '2025-06-01T07:00:00.000Z';
const MERGED = '2025-06-12T10:00:00.000Z';
const T2 = '2026-01-10T07:00:00.000Z';
const T3 = '2026-01-11T07:00:00.000Z';

async function migrateTo(db: Db, name: string): Promise<void> {
  const { error } = await migratorFor(db).migrateTo(name);
  if (error) throw error;
}

type Seen = { id: number; _deleted_at: string | null; _deleted_seen_at: string | null };
const deletedCompanies = async (db: Db): Promise<Seen[]> =>
  (await sql<Seen>`select id, _deleted_at, _deleted_seen_at from companies order by id`.execute(db.kysely)).rows.map((r) => ({ ...r, id: Number(r.id) }));

forEachDialect('deleted since the last sync: _deleted_seen_at (migration 020)', (dialect) => {
  let t: TestDatabase | undefined;
  afterEach(async () => {
    await t?.cleanup();
  });

  it('a merge found in this sync keeps its upstream time and is found by when it was seen; seen again clears both', async () => {
    t = await freshDatabaseUrl(dialect);
    const db = await openDatabase(t.url);
    try {
      await migrateToLatest(db);
      await applyBatch(db.kysely, db.dialect, { upserts: { companies: [1, 2, 3, 4].map((id) => ({ id, name: `c${id}` })) }, replace: [] }, T1);
      // Sync at T2: company 2 was merged into 1 upstream on 2025-06-12; company 3 missing from a completed sweep.
      await db.kysely.transaction().execute(async (trx) => {
        await applyMerge(trx, db.dialect, { entityType: 'company', duplicateId: 2, survivorId: 1, mergedAt: MERGED }, T2);
        await applyBatch(trx, db.dialect, { upserts: { companies: [1, 2, 4].map((id) => ({ id, name: `c${id}` })) }, replace: [] }, T2);
      });
      // (The sweep re-read 2 before the merge was applied in a real run; here the merge is applied again after.)
      await db.kysely.transaction().execute(async (trx) => {
        await applyMerge(trx, db.dialect, { entityType: 'company', duplicateId: 2, survivorId: 1, mergedAt: MERGED }, T2);
        await softDeleteMissing(trx, 'companies', { sweepStartedAt: T2, now: T2 });
      });
      const lastSync = T2;
      const since = await sql<{ id: number }>`select id from companies where _deleted_seen_at >= ${lastSync} order by id`.execute(db.kysely);
      expect(since.rows.map((r) => Number(r.id))).toEqual([2, 3]);
      expect(await deletedCompanies(db)).toEqual([
        { id: 1, _deleted_at: null, _deleted_seen_at: null },
        { id: 2, _deleted_at: MERGED, _deleted_seen_at: T2 },
        { id: 3, _deleted_at: T2, _deleted_seen_at: T2 },
        { id: 4, _deleted_at: null, _deleted_seen_at: null },
      ]);
      // A later sync applying the same merge again does not move when it was found; a record seen again is live.
      await db.kysely.transaction().execute(async (trx) => {
        await applyMerge(trx, db.dialect, { entityType: 'company', duplicateId: 2, survivorId: 1, mergedAt: MERGED }, T3);
        await applyBatch(trx, db.dialect, { upserts: { companies: [{ id: 3, name: 'back' }] }, replace: [] }, T3);
      });
      expect((await deletedCompanies(db)).slice(1, 3)).toEqual([
        { id: 2, _deleted_at: MERGED, _deleted_seen_at: T2 },
        { id: 3, _deleted_at: null, _deleted_seen_at: null },
      ]);
    } finally {
      await db.close();
    }
  });

  it('migration 020 upgrades a warehouse in place: rows already deleted get when they were seen', async () => {
    t = await freshDatabaseUrl(dialect);
    const db = await openDatabase(t.url);
    try {
      await migrateTo(db, '012-note-transcripts');
      const row = (id: number, deleted: string | null, synced: string, merged: number | null = null) => ({
        id,
        name: `c${id}`,
        merged_into_id: merged,
        _synced_at: synced,
        _deleted_at: deleted,
      });
      // 5 live; 6 soft-deleted by a sweep at T2 (last read T1); 7 merged upstream on MERGED, found by the sync at T2.
      await db.kysely
        .insertInto('companies')
        .values([row(5, null, T1), row(6, T2, T1), row(7, MERGED, T2, 5)])
        .execute();
      await migrateToLatest(db);
      expect(await deletedCompanies(db)).toEqual([
        { id: 5, _deleted_at: null, _deleted_seen_at: null },
        { id: 6, _deleted_at: T2, _deleted_seen_at: T2 },
        { id: 7, _deleted_at: MERGED, _deleted_seen_at: T2 },
      ]);
      const names = await sql<{ name: string }>`select name from companies where id = 5`.execute(db.kysely);
      expect(names.rows).toEqual([{ name: 'c5' }]);
    } finally {
      await db.close();
    }
  });
});
