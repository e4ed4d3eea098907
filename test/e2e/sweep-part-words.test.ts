/**
 * A pass the budget spreads over runs says which part each run read: "sweep part 2 of ~N" in the run
 * summary and `status`, "sweep part N of N" when it completes, never "full sweep" for a part (issue 17).
 * Setup as test/e2e/rolling-refresh.test.ts: a 24h entity period and hourly runs read one page a run.
 */
import { afterEach, expect, it } from 'vitest';
import { readCheckpoint, writeCheckpoint } from '../../src/state/checkpoint.ts';
import { readStatus } from '../../src/state/status.ts';
import { streamModeWords } from '../../src/cli/format/stream-words.ts';
import { forEachDialect } from '../helpers/dialects.ts';
import { startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';

forEachDialect('sweep part words', (dialect) => {
  let f: SyncFixture | undefined;
  afterEach(async () => {
    await f?.close();
    f = undefined;
  });

  it('each run of a spread pass names its part, of about how many; the last one says it is done', async () => {
    // Four pages and more of companies, short (the simulator's `maxPageSize`): each company is also one single read of the full sync.
    f = await startSyncFixture({
      dialect,
      scale: { companies: 45, persons: 40, lists: 2, opportunities: 10 },
      contract: 'reference',
      sim: { maxPageSize: 10 },
    });
    const full = (await f.runFull()).summary;
    expect(streamModeWords(full.streams.companies!)).toBe('full sweep');
    const passPages = full.streams.companies!.pages;
    expect(passPages).toBeGreaterThanOrEqual(4);
    const { checkpoint } = await readCheckpoint(f.db.kysely, 'companies');
    await writeCheckpoint(f.db.kysely, 'companies', '', { ...checkpoint, lastSweepCompletedAt: '2000-01-01T00:00:00.000Z' }, new Date().toISOString());
    const words: string[] = [];
    for (let run = 1; run <= passPages; run++) {
      const r = (await f.runIncremental()).summary;
      words.push(streamModeWords(r.streams.companies!));
      const status = await readStatus(f.db, { now: new Date(), schedule: '0 * * * *' });
      const companies = status.streams.find((s) => s.stream === 'companies')!;
      expect(streamModeWords(companies.lastRun!)).toBe(words.at(-1));
    }
    expect(words).toEqual([
      ...Array.from({ length: passPages - 1 }, (_, i) => `sweep part ${i + 1} of ~${passPages}`),
      `sweep part ${passPages} of ${passPages}`,
    ]);
    expect((await readCheckpoint(f.db.kysely, 'companies')).checkpoint.sweep).toBeNull();
  });
});
