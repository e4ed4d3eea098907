/**
 * Relevance tiers with companies the side read (src/planner/associations.ts): an incremental run also reads,
 * once, the person-side sets of the persons who talked within the hot window and whose own set was never
 * read whole, so a person's cold company is hot by its interaction at once. A `sync --full` (no caps) does
 * not; and these few person reads never make persons the side of the tiers' rolling refresh.
 */
import { expect, it } from 'vitest';
import { companyPersonSide, companyPersonTiered, refreshSide } from '../../src/planner/associations.ts';
import type { TierCaps } from '../../src/planner/tier-reads.ts';
import { linkTierCosts } from '../../src/budget/tier-costs.ts';
import { forEachDialect, useMigratedDb } from '../helpers/dialects.ts';

const NOW = new Date('2026-06-01T00:00:00.000Z');
const DAY = 86_400_000;
const WINDOW = 90 * DAY;
const iso = (ms: number) => new Date(ms).toISOString();
const T0 = iso(NOW.getTime() - 400 * DAY);
const CAPS: TierCaps = { hotPeriodMs: DAY, coldPeriodMs: 30 * DAY, runIntervalMs: 3_600_000 };

forEachDialect('planner: talkers read on the person side', (dialect) => {
  const db = useMigratedDb(dialect, { extraTables: ['sync_dirty', 'sync_read_whole', 'sync_hinted', 'sync_state'] });
  const k = () => db().kysely;
  const ctx = () => ({ db: db() });
  const input = (caps: TierCaps | null) => ({ now: NOW, hotWindowMs: WINDOW, caps });
  const tiered = async (side: 'company' | 'person', caps: TierCaps | null) => Array.from(await companyPersonTiered(ctx(), side, input(caps)));

  /**
   * Companies 1..4 and persons 601..606, every set marked unknown (4 companies ≤ 6 persons: companies are the
   * side). 601, 602, 603 and 606 met 10 days ago, 604 200 days ago (outside the window), 605 in a meeting
   * since deleted; 602's set was read whole before, 606 is deleted.
   */
  async function tenant() {
    await k()
      .insertInto('companies')
      .values([1, 2, 3, 4].map((id) => ({ id, name: `c${id}`, _synced_at: T0, _deleted_at: null })) as never)
      .execute();
    await k()
      .insertInto('persons')
      .values([601, 602, 603, 604, 605, 606].map((id) => ({ id, _synced_at: T0, _deleted_at: id === 606 ? T0 : null })) as never)
      .execute();
    await k()
      .insertInto('interactions')
      .values([
        { kind: 'email', id: 1, started_at: iso(NOW.getTime() - 10 * DAY), _synced_at: T0, _deleted_at: null },
        { kind: 'email', id: 2, started_at: iso(NOW.getTime() - 200 * DAY), _synced_at: T0, _deleted_at: null },
        { kind: 'email', id: 3, started_at: iso(NOW.getTime() - 5 * DAY), _synced_at: T0, _deleted_at: T0 },
      ] as never)
      .execute();
    const talked: Array<[number, number]> = [
      [1, 601],
      [1, 602],
      [1, 603],
      [1, 606],
      [2, 604],
      [3, 605],
    ];
    await k()
      .insertInto('interaction_participants')
      .values(talked.map(([i, p], n) => ({ kind: 'email', interaction_id: i, role: 'to', position: n, person_id: p, _synced_at: T0 })) as never)
      .execute();
    await k()
      .insertInto('sync_dirty')
      .values([
        ...[1, 2, 3, 4].map((id) => ({ kind: 'company_links', id, list_id: null, marked_at: T0, attempts: 0 })),
        ...[601, 602, 603, 604, 605, 606].map((id) => ({ kind: 'person_links', id, list_id: null, marked_at: T0, attempts: 0 })),
      ])
      .execute();
    await k()
      .insertInto('sync_read_whole')
      .values({ kind: 'person_links', id: 602, read_at: iso(NOW.getTime() - 20 * DAY) })
      .execute();
  }

  it('an incremental run reads the companies by tier and, on the person side, the talkers never read whole', async () => {
    await tenant();
    expect(await companyPersonSide(ctx())).toBe('company');
    expect((await tiered('company', CAPS)).length).toBeGreaterThan(0);
    expect(await tiered('person', CAPS)).toEqual([601, 603]);
  });

  it('a sync --full (no caps) reads the chosen side only, as before', async () => {
    await tenant();
    expect(await tiered('person', null)).toEqual([]);
    expect((await tiered('company', null)).length).toBe(4);
  });

  it('the talkers read last do not flip the refresh side: the side with more whole reads keeps it', async () => {
    await tenant();
    await k().deleteFrom('sync_dirty').execute();
    // Every company read two days ago, then three talkers just now (the person side read last).
    await k()
      .insertInto('sync_read_whole')
      .values([
        ...[1, 2, 3, 4].map((id) => ({ kind: 'company_links', id, read_at: iso(NOW.getTime() - 2 * DAY) })),
        ...[601, 603].map((id) => ({ kind: 'person_links', id, read_at: iso(NOW.getTime() - 60_000) })),
      ])
      .execute();
    expect(await companyPersonSide(ctx())).toBeNull();
    expect(await refreshSide(ctx())).toBe('company');
    // The person side reads no tier of its own, and no talker twice; the plan prices the company side's tiers.
    expect(await tiered('person', CAPS)).toEqual([]);
    const pricing = { hotMs: DAY, coldMs: 30 * DAY, hotWindowMs: WINDOW, now: NOW };
    expect((await linkTierCosts(ctx(), 'company_persons_full', 'company', pricing))?.side).toBe('company');
    expect(await linkTierCosts(ctx(), 'person_companies_full', 'person', pricing)).toBeNull();
    // A new talker's set, never read, is read on the next run.
    await k()
      .insertInto('interaction_participants')
      .values({ kind: 'email', interaction_id: 1, role: 'to', position: 9, person_id: 604, _synced_at: T0 } as never)
      .execute();
    expect(await tiered('person', CAPS)).toEqual([604]);
  });
});
