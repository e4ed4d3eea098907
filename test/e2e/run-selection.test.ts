/**
 * Issue 12, items 8 and 9: a `--streams` selection on a fresh warehouse runs what it reads from first,
 * and a stream that fails after committing pages reports those pages.
 */
import { afterEach, expect, it } from 'vitest';
import { silentLogger } from '../../src/log.ts';
import { executeSync } from '../../src/runner/execute.ts';
import { listCheckpoints } from '../../src/state/checkpoint.ts';
import { forEachDialect } from '../helpers/dialects.ts';
import { startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';

forEachDialect('stream selection and run statistics', (dialect) => {
  let f: SyncFixture | undefined;
  afterEach(async () => {
    await f?.close();
    f = undefined;
  });

  it('a selection on a fresh warehouse first runs the streams it reads partitions from', async () => {
    f = await startSyncFixture({ dialect, scale: 'tiny' });
    const r = await executeSync({
      config: f.config,
      log: silentLogger(),
      apiKey: f.config.apiKey!,
      mode: 'incremental',
      command: 'sync',
      streams: ['list_entries', 'saved_views'],
      tty: false,
      db: f.db,
    });
    expect(Object.keys(r.summary.streams).sort()).toEqual(['list_entries', 'lists', 'saved_views']);
    expect(r.summary.streams.list_entries!.pages).toBeGreaterThan(0);
    const entries = await f.db.kysely
      .selectFrom('list_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(entries.n)).toBe(f.sim.store.listEntries.size);
    // Once `lists` has completed, the same selection runs alone.
    const again = await executeSync({
      config: f.config,
      log: silentLogger(),
      apiKey: f.config.apiKey!,
      mode: 'full',
      command: 'sync',
      streams: ['list_entries'],
      tty: false,
      db: f.db,
    });
    expect(Object.keys(again.summary.streams)).toEqual(['list_entries']);
  });

  it('a stream that fails after committing pages reports those pages, as its checkpoint does', async () => {
    f = await startSyncFixture({ dialect, scale: 'small' });
    const r = await f.runFull({
      streams: ['companies', 'users'],
      hooks: {
        onPageCommitted: (e) => {
          if (e.stream === 'companies' && e.page === 2) throw new Error('the page after this one is refused');
        },
      },
    });
    expect(r.summary.status).toBe('partial');
    expect(r.summary.streams.companies).toMatchObject({ status: 'failed', pages: 2, calls: 2 });
    expect(r.summary.streams.users!.status).toBe('succeeded');
    const cp = (await listCheckpoints(f.db.kysely)).find((c) => c.stream === 'companies');
    expect(cp?.checkpoint.sweep?.pages).toBe(2);
  });
});
