/**
 * Issue 18, hot first: on a first sync the company↔person single reads take the hot tier first (listed
 * companies, then deals, then recent activity), read every hot set at once, and leave the cold tail to
 * its share per run; an interrupted read resumes in the same order.
 */
import { afterEach, expect, it } from 'vitest';
import { tieredLinkReads } from '../../src/planner/tier-reads.ts';
import { tierCounts } from '../../src/planner/tiers.ts';
import { ALL_STREAMS } from '../../src/streams/registry.ts';
import { forEachDialect } from '../helpers/dialects.ts';
import { startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';

const LINKS = 'company_persons_full';

forEachDialect('relevance tiers on a first sync', (dialect) => {
  let f: SyncFixture | undefined;
  afterEach(async () => {
    await f?.close();
    f = undefined;
  });

  const readIds = async () =>
    (await f!.db.kysely.selectFrom('sync_read_whole').select('id').where('kind', '=', 'company_links').execute())
      .map((r) => Number(r.id))
      .sort((a, b) => a - b);

  it('reads hot sets first and all at once, the cold tail at its share, and resumes an interrupted read in order', async () => {
    f = await startSyncFixture({
      dialect,
      scale: { companies: 200, persons: 300, lists: 3, opportunities: 30 },
      contract: 'reference',
      config: { monthlyBudget: 100_000, tiers: { enabled: true } },
    });
    // Everything but the single reads: the companies sweep marks every company whose persons /v2 lacks.
    await f.runIncremental({ streams: ALL_STREAMS.map((s) => s.name).filter((n) => n !== LINKS) });
    const now = new Date();
    const window = f.config.tiers.hotWindow;
    const order = Array.from(await tieredLinkReads(f.db.kysely, 'company', { now, hotWindowMs: window, caps: null }));
    const before = await tierCounts(f.db.kysely, 'company', now, window);
    expect(before.hot.records).toBeGreaterThan(3);
    expect(before.cold.records).toBeGreaterThan(50);
    const hot = order.slice(0, before.hot.records);

    let pages = 0;
    const stopped = await f.runIncremental({
      streams: [LINKS],
      hooks: { onPageCommitted: (e) => void (e.stream === LINKS && (pages += 1)), shouldStop: () => pages >= 3 },
    });
    expect(stopped.summary.streams[LINKS]?.status).toBe('interrupted');
    expect(await readIds()).toEqual(hot.slice(0, 3).sort((a, b) => a - b));
    // Resumed: the same order, without what was read.
    const rest = Array.from(await tieredLinkReads(f.db.kysely, 'company', { now, hotWindowMs: window, caps: null }));
    expect(rest).toEqual(order.slice(3));

    const done = await f.runIncremental({ streams: [LINKS] });
    expect(done.summary.streams[LINKS]?.status).toBe('succeeded');
    const read = new Set(await readIds());
    expect(hot.every((id) => read.has(id))).toBe(true);
    const after = await tierCounts(f.db.kysely, 'company', now, window);
    expect(after.hot.neverRead).toBe(0);
    // The cold tail waits for later runs: only its share (never-read first, lowest ids first) was read.
    const coldRead = order.slice(before.hot.records).filter((id) => read.has(id));
    expect(coldRead.length).toBeGreaterThan(0);
    expect(coldRead.length).toBeLessThan(before.cold.records / 4);
    expect(coldRead).toEqual(order.slice(before.hot.records, before.hot.records + coldRead.length));
    expect(after.cold.neverRead).toBe(before.cold.records - coldRead.length);
  }, 180_000);
});
