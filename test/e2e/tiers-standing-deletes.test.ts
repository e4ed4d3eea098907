/**
 * Issue 34: a person hot only by a standing signal (on a list, on a deal) loses it when the service deletes it,
 * since the service removes its list entries and deal memberships too. Once the daily list entries and deal
 * reads see those gone, the person is no longer hot and is never re-read by id, so its deletion waited for
 * the persons sweep of the cold tier (15 days). The page that removes the entry or the membership marks the
 * person for a lookup by id instead (runner/leaving-marks.ts): the lookup leaves it out, its single read
 * answers 404, and the next run's 404 soft-deletes it, within the day. A company listed and on no deal, deleted
 * just after its tier's own set read, goes the same way (streams/companies-unseen.ts).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { deleteCompany, deletePerson } from '@relsync/simulator';
import type { SyncResult } from '../../src/runner/run-sync.ts';
import { forEachDialect } from '../helpers/dialects.ts';
import { startTiersFixture, type SyncFixture } from '../helpers/sync-fixture.ts';

const HOUR = 3_600_000;
/** The hour of the deletion: just after the hot tier's re-read by id (the hot period ÷ its slack, 20.9 h). */
const DELETED_AT = 21;

forEachDialect('relevance tiers: a listed or deal person deleted upstream, after its re-read by id', (dialect) => {
  let f: SyncFixture;
  const t0 = Date.now();
  let listed: number;
  let onDeal: number;
  let listedCompany: number;
  const runs: SyncResult[] = [];
  const at = (hours: number) => () => new Date(t0 + hours * HOUR);
  const deletedAt = async (id: number, table: 'persons' | 'companies' = 'persons') => {
    const r = await f.db.kysely.selectFrom(table).select('_deleted_at').where('id', '=', id).executeTakeFirstOrThrow();
    return r._deleted_at === null ? null : new Date(String(r._deleted_at)).getTime();
  };

  beforeAll(async () => {
    f = await startTiersFixture(dialect, at(0));
    const s = f.sim.store;
    // The generated activity is years older than this clock: listed and deal persons are the hot tier.
    const dealPersons = new Set([...s.opportunities.values()].flatMap((o) => o.personIds));
    const ids = [...s.persons.keys()].sort((a, b) => a - b);
    listed = ids.find((id) => s.entriesOf('person', id).length > 0 && !dealPersons.has(id))!;
    onDeal = ids.find((id) => s.entriesOf('person', id).length === 0 && dealPersons.has(id))!;
    const dealCompanies = new Set([...s.opportunities.values()].flatMap((o) => o.companyIds));
    listedCompany = [...s.companies.keys()].sort((a, b) => a - b).find((id) => s.entriesOf('company', id).length > 0 && !dealCompanies.has(id))!;
    // The hot tier's re-read by id comes due and reads both; they are deleted just after it.
    runs.push(await f.runIncremental({ now: at(DELETED_AT) }));
    deletePerson(s, listed);
    deletePerson(s, onDeal);
    deleteCompany(s, listedCompany);
    // The list entries and deal reads come due a day after the full sync (a list a run under the budget):
    // they see the entry and the membership gone, and the person is read by id at once.
    for (let h = 23; h <= 29; h++) runs.push(await f.runIncremental({ now: at(h) }));
  }, 900_000);
  afterAll(async () => {
    await f?.close();
  });

  it('the persons collection was not swept: no sweep carried the deletions', () => {
    for (const r of runs) expect(r.summary.status).toBe('succeeded');
    for (const r of runs) expect(r.summary.streams.persons?.mode).toBe('not due');
  });

  it('a listed person deleted upstream is soft-deleted within the day, once its list entry is seen gone', async () => {
    const when = await deletedAt(listed);
    expect(when).not.toBeNull();
    expect(when! - (t0 + DELETED_AT * HOUR)).toBeLessThanOrEqual(24 * HOUR);
  });

  it('a person only on a deal, deleted upstream, is soft-deleted within the day, once the deal is seen without it', async () => {
    const when = await deletedAt(onDeal);
    expect(when).not.toBeNull();
    expect(when! - (t0 + DELETED_AT * HOUR)).toBeLessThanOrEqual(24 * HOUR);
  });

  it('a listed company deleted upstream after its set was read is soft-deleted within the day, once its list entry is seen gone', async () => {
    const when = await deletedAt(listedCompany, 'companies');
    expect(when).not.toBeNull();
    expect(when! - (t0 + DELETED_AT * HOUR)).toBeLessThanOrEqual(24 * HOUR);
  });

  it('no mark of a record soft-deleted as gone is left behind (nothing reads a deleted record again)', async () => {
    const left = await f.db.kysely.selectFrom('sync_dirty').select(['kind', 'id']).where('id', 'in', [listed, onDeal, listedCompany]).execute();
    expect(left).toEqual([]);
  });
});
