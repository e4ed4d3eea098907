import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { UserError } from '../../src/errors.ts';
import { E2E_SCALE, startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';
import { expectWarehouseMatchesStore } from '../helpers/warehouse-compare.ts';

/**
 * A full disk, simulated exactly with SQLite's max_page_count (the file may not grow past it; writes
 * then fail with SQLITE_FULL). SQLite only: PostgreSQL has no per-database size cap to provoke.
 */
describe('a full disk [sqlite]', () => {
  let f: SyncFixture | undefined;
  afterEach(async () => {
    await f?.close();
    f = undefined;
  });

  it('stops the run with one clear message, keeps every committed page, and the next run completes', async () => {
    f = await startSyncFixture({ dialect: 'sqlite', scale: E2E_SCALE });
    const pages = async () => Number((await sql<{ n: number }>`pragma page_count`.execute(f!.db.kysely)).rows[0]?.n ?? 0);
    // Room for a few pages of data beyond the empty schema, not for the whole organisation.
    await sql.raw(`pragma max_page_count = ${(await pages()) + 120}`).execute(f.db.kysely);
    let committed = 0;
    const err = await f.runFull({ hooks: { onPageCommitted: () => void committed++ } }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(UserError);
    expect((err as UserError).message).toMatch(/^The warehouse cannot take writes: the database or disk is full \(SQLITE_FULL\)/);
    expect((err as UserError).hint).toContain('run the same command again');
    expect(committed).toBeGreaterThan(0);

    // What was committed is there and consistent: each committed checkpoint's rows are in.
    const state = await f.db.kysely.selectFrom('sync_state').selectAll().execute();
    expect(state.length).toBeGreaterThan(0);

    // Space again: the next run resumes and ends with exactly the simulator's data.
    await sql.raw('pragma max_page_count = 1073741823').execute(f.db.kysely);
    const again = await f.runFull();
    expect(again.summary.status).toBe('succeeded');
    await expectWarehouseMatchesStore(f.db, f.sim);
  }, 180_000);
});
