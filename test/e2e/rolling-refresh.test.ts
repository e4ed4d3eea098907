/**
 * Issue 11, part 2: a periodic pass is spread over the runs of its period. With the entity period at 24h
 * and hourly runs, a due sweep of companies reads its share (ceil(pass pages x 1.25 / 24) = 1 page) a run,
 * resumes from its checkpoint the next run, and completes after as many runs as it has pages.
 */
import { afterEach, expect, it } from 'vitest';
import { readCheckpoint, writeCheckpoint } from '../../src/state/checkpoint.ts';
import { forEachDialect } from '../helpers/dialects.ts';
import { startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';

forEachDialect('rolling refresh', (dialect) => {
  let f: SyncFixture | undefined;
  afterEach(async () => {
    await f?.close();
    f = undefined;
  });

  it('reads a due pass one share per run, resuming where the last run stopped', async () => {
    // Four pages and more of companies, short (the simulator's `maxPageSize`): each company is also one single read of the full sync.
    f = await startSyncFixture({
      dialect,
      scale: { companies: 45, persons: 40, lists: 2, opportunities: 10 },
      contract: 'reference',
      sim: { maxPageSize: 10 },
    });
    const full = (await f.runFull()).summary;
    const passPages = full.streams.companies!.pages;
    expect(passPages).toBeGreaterThanOrEqual(4);
    // The last pass is a day old: due.
    const { checkpoint } = await readCheckpoint(f.db.kysely, 'companies');
    await writeCheckpoint(f.db.kysely, 'companies', '', { ...checkpoint, lastSweepCompletedAt: '2000-01-01T00:00:00.000Z' }, new Date().toISOString());
    let runs = 0;
    for (;;) {
      const r = (await f.runIncremental()).summary;
      expect(r.status).toBe('succeeded');
      runs += 1;
      const cp = (await readCheckpoint(f.db.kysely, 'companies')).checkpoint;
      if (cp.sweep === null) break;
      expect(r.streams.companies!.pages, `run ${runs}`).toBe(1);
      expect(cp.sweep.pages).toBe(runs);
      expect(runs).toBeLessThan(passPages + 1);
    }
    expect(runs).toBe(passPages);
    const done = (await readCheckpoint(f.db.kysely, 'companies')).checkpoint;
    expect(Date.parse(done.lastSweepCompletedAt!)).toBeGreaterThan(Date.parse('2001-01-01'));
  });
});
