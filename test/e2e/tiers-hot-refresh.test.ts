/**
 * Issue 18, each tier its own entity period: with relevance tiers, companies and persons are swept whole
 * only every half cold period (`sweeps.cold` ÷ 2), hot records are re-read by id every hot period (a rename no change
 * log names shows within a day), and a record created upstream that a list entry names is read by id
 * without waiting for its collection's sweep. Cold records wait for the cold sweep.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { renameCompany, addListEntry, createPerson } from '@relsync/simulator';
import type { SyncResult } from '../../src/runner/run-sync.ts';
import { forEachDialect } from '../helpers/dialects.ts';
import { startTiersFixture, type SyncFixture } from '../helpers/sync-fixture.ts';
import { readTable } from '../helpers/warehouse-compare.ts';

const HOUR = 3_600_000;

forEachDialect('relevance tiers: the hot tier re-read by id, the sweep every cold period', (dialect) => {
  let f: SyncFixture;
  const t0 = Date.now();
  let hot: number;
  let cold: number;
  let newPerson: number;
  let dayLater: SyncResult;
  let hourAfter: SyncResult | undefined;
  const later: SyncResult[] = [];
  const at = (hours: number) => () => new Date(t0 + hours * HOUR);
  const nameOf = async (id: number) => (await readTable(f.db, 'companies')).find((r) => r.id === id)?.name;

  beforeAll(async () => {
    f = await startTiersFixture(dialect, at(0));
    const s = f.sim.store;
    // The generated activity is years older than this clock: listed and deal companies are the hot tier.
    const onDeal = new Set([...s.opportunities.values()].flatMap((o) => o.companyIds));
    const ids = [...s.companies.keys()].sort((a, b) => a - b);
    hot = ids.find((id) => s.entriesOf('company', id).length > 0)!;
    cold = ids.find((id) => s.entriesOf('company', id).length === 0 && !onDeal.has(id))!;
    renameCompany(s, hot, 'Hot Renamed Holdings');
    renameCompany(s, cold, 'Cold Renamed Holdings');
    const personList = [...s.lists.values()].find((l) => l.type === 'person')!;
    newPerson = createPerson(s, { firstName: 'Newly', lastName: 'Listed' }).id;
    addListEntry(s, personList.id, 'person', newPerson, null);
    // A day later the list entries sweep is due (24 h), companies and persons are not (30 days). Under the
    // budget the pass rolls over the hourly runs (a list a run here), so a few more hours read every list.
    dayLater = await f.runIncremental({ now: at(25) });
    for (let h = 26; h <= 29; h++) later.push((hourAfter = await f.runIncremental({ now: at(h) })));
  }, 180_000);
  afterAll(async () => {
    await f?.close();
  });

  it('sweeps list entries a day later but not companies or persons, whose whole sweep is the cold tier’s', () => {
    expect(dayLater.summary.status).toBe('succeeded');
    expect(dayLater.summary.streams.list_entries?.mode).toBe('sweep');
    expect(dayLater.summary.streams.companies?.mode).toBe('not due');
    expect(dayLater.summary.streams.persons?.mode).toBe('not due');
  });

  it('re-reads the hot tier by id, 100 a call: a hot rename no change log names shows within the day, a cold one waits', async () => {
    const hotCount = [...f.sim.store.companies.keys()].filter((id) => f.sim.store.entriesOf('company', id).length > 0).length;
    const lookups = dayLater.summary.streams.companies_changed!;
    expect(lookups.records).toBeGreaterThanOrEqual(hotCount);
    expect(lookups.calls).toBe(Math.ceil(lookups.records / 100));
    expect(await nameOf(hot)).toBe('Hot Renamed Holdings');
    expect(await nameOf(cold)).not.toBe('Cold Renamed Holdings');
    // Read once, not again the next hours.
    expect(hourAfter?.summary.streams.companies_changed?.calls ?? 0).toBe(0);
  });

  it('reads a person created upstream once a list entry names it, without the persons sweep', async () => {
    const row = (await readTable(f.db, 'persons')).find((r) => r.id === newPerson);
    expect(row).toMatchObject({ first_name: 'Newly', last_name: 'Listed', _deleted_at: null });
    // Which run reads it depends on which run's list entries pass reaches the person list (a list a run
    // under the budget, in no fixed order): the day-later run or one of the hours after it.
    const runs = [dayLater, ...later];
    for (const r of runs) expect(r.summary.streams.persons?.mode).toBe('not due');
    expect(runs.reduce((n, r) => n + (r.summary.streams.persons_changed?.records ?? 0), 0)).toBeGreaterThanOrEqual(1);
  });

  it('the cold sweep, due every half cold period (15 days), brings the cold rename', async () => {
    const fortnight = await f.runIncremental({ now: at(24 * 14) });
    expect(fortnight.summary.streams.companies?.mode).toBe('not due');
    const month = await f.runIncremental({ now: at(24 * 15 + 1) });
    expect(month.summary.streams.companies?.mode).toBe('sweep');
    expect(await nameOf(cold)).toBe('Cold Renamed Holdings');
  });
});
