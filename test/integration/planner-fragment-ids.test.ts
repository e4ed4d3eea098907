/**
 * Which transcripts' fragments a pass reads (src/planner/fragment-ids.ts): a transcript never read, one whose
 * listing count differs from the fragments held, one whose listing gives no count, and one read at or
 * before the cold period's cut; not a transcript read recently whose count matches, nor a deleted one.
 * Migration 032 seeds the read time from the fragments a warehouse already holds.
 */
import { afterEach, expect, it } from 'vitest';
import { openDatabase } from '../../src/load/db.ts';
import { migrateToLatest, migratorFor } from '../../src/load/migrate.ts';
import { collectIds } from '../../src/planner/id-chunks.ts';
import { transcriptFragmentIds } from '../../src/planner/fragment-ids.ts';
import { noteRead } from '../../src/state/read-whole.ts';
import { forEachDialect, freshDatabaseUrl, useMigratedDb, type TestDatabase } from '../helpers/dialects.ts';

const NOW = new Date('2026-06-01T00:00:00.000Z');
const DAY = 86_400_000;
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

forEachDialect('planner: the transcripts whose fragments a pass reads', (dialect) => {
  const db = useMigratedDb(dialect, { extraTables: ['sync_read_whole'] });
  const k = () => db().kysely;

  /** [id, listing count, fragments held, read days ago (null: never), deleted]. */
  const TENANT: Array<[number, number | null, number, number | null, boolean]> = [
    [1, 2, 2, 3, false], // unchanged, read recently: skipped
    [2, 3, 2, 3, false], // the listing counts one more: read
    [3, null, 2, 3, false], // no count in the listing: read, as before counts
    [4, 2, 0, null, false], // new to the warehouse: read
    [5, 2, 2, 31, false], // read before the cold cut: read (an edit that kept the count)
    [6, 0, 0, 3, false], // no fragments, read recently: skipped
    [7, 5, 2, null, true], // deleted: skipped
  ];

  async function tenant() {
    await k()
      .insertInto('transcripts')
      .values(
        TENANT.map(([id, count, , , gone]) => ({
          id,
          title: `t${id}`,
          fragments_count: count,
          _synced_at: ago(DAY),
          _deleted_at: gone ? ago(DAY) : null,
        })) as never,
      )
      .execute();
    const fragments = TENANT.flatMap(([id, , held]) =>
      Array.from({ length: held }, (_, idx) => ({ transcript_id: id, idx, content: `f${idx}`, _synced_at: ago(DAY) })),
    );
    await k()
      .insertInto('transcript_fragments')
      .values(fragments as never)
      .execute();
    for (const [id, , , readDays] of TENANT) {
      if (readDays === null) continue;
      await k()
        .transaction()
        .execute((trx) => noteRead(trx, 'transcript_fragments', [id], ago(readDays * DAY)));
    }
  }

  it('reads new, recounted, uncounted and long-unread transcripts only', async () => {
    await tenant();
    const ids = await collectIds(transcriptFragmentIds({ db: db() }, new Date(NOW.getTime() - 30 * DAY)), 0, 2);
    expect([...ids]).toEqual([2, 3, 4, 5]);
    // `sync --full`: every live transcript.
    expect([...(await collectIds(transcriptFragmentIds({ db: db() }, null), 0, 2))]).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

forEachDialect('migrate: 032 transcript fragments read', (dialect) => {
  let t: TestDatabase | undefined;
  afterEach(async () => {
    await t?.cleanup();
  });

  it('seeds the read time of each transcript holding fragments from its newest fragment', async () => {
    t = await freshDatabaseUrl(dialect);
    const db = await openDatabase(t.url);
    try {
      const { error } = await migratorFor(db).migrateTo('031-delivery-digest');
      if (error) throw error;
      await db.kysely
        .insertInto('transcripts')
        .values([1, 2].map((id) => ({ id, title: `t${id}`, _synced_at: ago(DAY), _deleted_at: null })) as never)
        .execute();
      await db.kysely
        .insertInto('transcript_fragments')
        .values([0, 1].map((idx) => ({ transcript_id: 1, idx, content: 'x', _synced_at: ago((3 - idx) * DAY) })) as never)
        .execute();
      await migrateToLatest(db);
      const rows = await db.kysely.selectFrom('sync_read_whole').select(['kind', 'id', 'read_at']).execute();
      expect(rows.map((r) => ({ ...r, id: Number(r.id), read_at: new Date(r.read_at).toISOString() }))).toEqual([
        { kind: 'transcript_fragments', id: 1, read_at: ago(2 * DAY) },
      ]);
      const counts = await db.kysely.selectFrom('transcripts').select('fragments_count').execute();
      expect(counts.map((r) => r.fragments_count)).toEqual([null, null]);
    } finally {
      await db.close();
    }
  });
});
