/**
 * Issue 34: the freshness promise covers persons as it does companies. With relevance tiers, a hot
 * person's rename shows within the hot period (its re-read by id), and so does its deletion: a batch lookup's
 * silence is never taken for one, so the person it left out is read alone (`GET /persons/{id}`), and a 404
 * a run apart soft-deletes it, without waiting for the persons sweep of the cold tier (every 15 days).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { deletePerson, renamePerson } from '@relsync/simulator';
import type { SyncResult } from '../../src/runner/run-sync.ts';
import { forEachDialect } from '../helpers/dialects.ts';
import { startTiersFixture, type SyncFixture } from '../helpers/sync-fixture.ts';

const HOUR = 3_600_000;

forEachDialect('relevance tiers: a hot person’s rename and deletion within the hot period', (dialect) => {
  let f: SyncFixture;
  const t0 = Date.now();
  let renamed: number;
  let gone: number;
  const runs: SyncResult[] = [];
  const at = (hours: number) => () => new Date(t0 + hours * HOUR);
  const row = (id: number) =>
    f.db.kysely.selectFrom('persons').select(['first_name', 'last_name', '_deleted_at']).where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    f = await startTiersFixture(dialect, at(0));
    const s = f.sim.store;
    // The generated activity is years older than this clock: listed persons are the hot tier.
    const listed = [...s.persons.keys()].sort((a, b) => a - b).filter((id) => s.entriesOf('person', id).length > 0);
    [renamed, gone] = listed as [number, number];
    renamePerson(s, renamed, 'Hot', 'Renamed');
    deletePerson(s, gone);
    // A run within the hour; then the hot tier's re-read by id comes due (the hot period ÷ its slack, 20.9 h):
    // the lookup leaves the deleted person out, its single read answers 404; the next run's 404 confirms it.
    for (const h of [1, 22, 23]) runs.push(await f.runIncremental({ now: at(h) }));
  }, 900_000);
  afterAll(async () => {
    await f?.close();
  });

  it('neither the persons sweep nor a change log carried them: the persons collection was not swept', () => {
    for (const r of runs) expect(r.summary.streams.persons?.mode).toBe('not due');
  });

  it('a hot person’s rename shows within the hot period', async () => {
    expect(await row(renamed)).toMatchObject({ first_name: 'Hot', last_name: 'Renamed', _deleted_at: null });
  });

  it('a hot person’s deletion shows within the hot period, confirmed by its own 404 a run apart', async () => {
    const r = await row(gone);
    expect(r._deleted_at).not.toBeNull();
    expect(new Date(String(r._deleted_at)).getTime() - t0).toBeLessThanOrEqual(24 * HOUR);
  });
});
