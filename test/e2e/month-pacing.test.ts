/**
 * Issue 34: month-to-date pacing. A first sync early in a month can spend most of it (59% at large); the runs
 * after it must not run the month dry. Periodic work takes no more than what the calendar month has left over
 * the runs left in it; every-run work (the change log, the feeds) goes on.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { forEachDialect } from '../helpers/dialects.ts';
import { startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';

const HOUR = 3_600_000;
const DUE = { sweeps: { entities: '1ms', other: '1ms' } } as const;

forEachDialect('month-to-date pacing of periodic work', (dialect) => {
  let f: SyncFixture;
  const t0 = Date.parse('2031-05-03T00:00:00.000Z');
  const at = (hours: number) => () => new Date(t0 + hours * HOUR);

  beforeAll(async () => {
    f = await startSyncFixture({ dialect, contract: 'reference', config: { monthlyBudget: 100_000, tiers: { enabled: false } } });
    expect((await f.runFull({ now: at(0) })).summary.status).toBe('succeeded');
    // An earlier first sync of this month (a large tenant's) spent all but 50 of the 100,000 calls.
    const spent = 100_000 - 50 - Number((await f.db.kysely.selectFrom('sync_runs').select('calls_total').executeTakeFirstOrThrow()).calls_total);
    await f.db.kysely
      .insertInto('sync_runs')
      .values({ id: randomUUID(), command: 'sync', mode: 'full', status: 'succeeded', started_at: new Date(t0 - HOUR).toISOString(), calls_total: spent })
      .execute();
  }, 240_000);
  afterAll(async () => f?.close());

  it('with the month spent, due sweeps wait while the change log and feeds are read', async () => {
    const r = await f.runIncremental({ now: at(1), config: DUE });
    expect(r.summary.status).toBe('succeeded');
    expect(r.summary.streams.companies?.calls).toBe(0);
    expect(r.summary.streams.persons?.calls).toBe(0);
    expect(r.summary.streams.field_value_changes?.calls ?? r.summary.streams.field_value_changes_by_field?.calls ?? 0).toBeGreaterThan(0);
  });

  it('the next calendar month, the same sweeps read again', async () => {
    const r = await f.runIncremental({ now: () => new Date('2031-06-01T01:00:00.000Z'), config: DUE });
    expect(r.summary.streams.companies?.calls).toBeGreaterThan(0);
  });
});
