/**
 * Relevance tiers (src/planner/tiers.ts, tier-reads.ts): which records are hot, in what order a link read
 * takes them (listed, then deals, then recent activity, then the cold tail), each tier's share per run
 * under caps, oldest first, and a change-log (or webhook) mark promoting a cold record at once.
 */
import { expect, it } from 'vitest';
import { companyPersonTiered } from '../../src/planner/associations.ts';
import { tieredLinkReads, type TierCaps } from '../../src/planner/tier-reads.ts';
import { TIER_SLACK, tierCounts } from '../../src/planner/tiers.ts';
import { linkTierCosts } from '../../src/budget/tier-costs.ts';
import { DEFAULT_HOT_PROMOTION_MS } from '../../src/defaults.ts';
import { collectIds } from '../../src/planner/id-chunks.ts';
import { liveMarkedIds } from '../../src/planner/ids.ts';
import { applyPendingHints } from '../../src/webhooks/apply-hints.ts';
import { storeDelivery } from '../../src/webhooks/deliveries.ts';
import { emptyCheckpoint, writeCheckpoint } from '../../src/state/checkpoint.ts';
import { forEachDialect, useMigratedDb } from '../helpers/dialects.ts';

const NOW = new Date('2026-06-01T00:00:00.000Z');
const DAY = 86_400_000;
const WINDOW = 90 * DAY;
const iso = (ms: number) => new Date(ms).toISOString();
const T0 = iso(NOW.getTime() - 400 * DAY);
/** A change-log row naming `entityType` `entityId` at `atMs`. */
const changeLogEntry = (id: number, entityType: string, entityId: number, atMs: number) =>
  ({
    id,
    field_id: 'field-1',
    entity_type: entityType,
    entity_id: entityId,
    list_entry_id: 0,
    action_type: 'update',
    changed_at: iso(atMs),
    _synced_at: T0,
  }) as never;

forEachDialect('planner: relevance tiers', (dialect) => {
  const db = useMigratedDb(dialect, { extraTables: ['sync_dirty', 'sync_read_whole', 'sync_hinted', 'webhook_deliveries', 'sync_state'] });
  const k = () => db().kysely;

  /**
   * Companies 1..12, every one marked company_links (the sweep marks each company whose persons `/v2`
   * lacks). 11 is listed (and on a deal), 7 on a deal, 5 has a person who met within the window, 3 was
   * named by a note within it, 9's person met 200 days ago (cold), 12 is deleted.
   */
  async function tenant() {
    await k()
      .insertInto('companies')
      .values(Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `c${i + 1}`, _synced_at: T0, _deleted_at: i + 1 === 12 ? T0 : null })) as never)
      .execute();
    await k()
      .insertInto('persons')
      .values([501, 502].map((id) => ({ id, _synced_at: T0, _deleted_at: null })) as never)
      .execute();
    await k()
      .insertInto('list_entries')
      .values({ id: 900, list_id: 1, entity_type: 'company', entity_id: 11, _synced_at: T0, _deleted_at: null } as never)
      .execute();
    await k()
      .insertInto('opportunity_companies')
      .values([
        { opportunity_id: 1, company_id: 7, _synced_at: T0 },
        { opportunity_id: 2, company_id: 11, _synced_at: T0 },
      ] as never)
      .execute();
    await k()
      .insertInto('company_persons')
      .values([
        { company_id: 5, person_id: 501, _synced_at: T0 },
        { company_id: 9, person_id: 502, _synced_at: T0 },
      ] as never)
      .execute();
    await k()
      .insertInto('interactions')
      .values([
        { kind: 'meeting', id: 1, started_at: iso(NOW.getTime() - 10 * DAY), _synced_at: T0, _deleted_at: null },
        { kind: 'meeting', id: 2, started_at: iso(NOW.getTime() - 200 * DAY), _synced_at: T0, _deleted_at: null },
      ] as never)
      .execute();
    await k()
      .insertInto('interaction_participants')
      .values([
        { kind: 'meeting', interaction_id: 1, role: 'attendee', position: 0, person_id: 501, _synced_at: T0 },
        { kind: 'meeting', interaction_id: 2, role: 'attendee', position: 0, person_id: 502, _synced_at: T0 },
      ] as never)
      .execute();
    await k()
      .insertInto('notes')
      .values({ id: 70, created_at: iso(NOW.getTime() - DAY), _synced_at: T0, _deleted_at: null } as never)
      .execute();
    await k()
      .insertInto('note_attachments')
      .values({ note_id: 70, entity_type: 'company', entity_id: 3, attached: 1, mentioned: 0, _synced_at: T0 } as never)
      .execute();
    await k()
      .insertInto('sync_dirty')
      .values(Array.from({ length: 12 }, (_, i) => ({ kind: 'company_links', id: i + 1, list_id: null, marked_at: T0, attempts: 0 })))
      .execute();
  }
  const readAt = (id: number, daysAgo: number) => ({ kind: 'company_links', id, read_at: iso(NOW.getTime() - daysAgo * DAY) });
  const reads = async (caps: TierCaps | null) => Array.from(await tieredLinkReads(k(), 'company', { now: NOW, hotWindowMs: WINDOW, caps }));

  it('a first read takes listed companies first, then deals, then recent activity, then the cold tail', async () => {
    await tenant();
    expect(await reads(null)).toEqual([11, 7, 3, 5, 1, 2, 4, 6, 8, 9, 10]);
    const counts = await tierCounts(k(), 'company', NOW, WINDOW);
    expect(counts.hot).toEqual({ records: 4, neverRead: 4, oldestReadAt: null });
    expect(counts.cold.records).toBe(7);
  });

  it('under caps: hot sets never read all at once, then each tier its share per run, oldest first', async () => {
    await tenant();
    // Hourly runs, hot every 24h, cold every 30d: the hot tier's share is 4 x 1.15 / 24 = 0.19 a run, whole reads
    // counted on the clock (readsDue: 1 in the run at NOW, midnight); the cold tail, never read, moves one a run.
    const caps: TierCaps = { hotPeriodMs: DAY, coldPeriodMs: 30 * DAY, runIntervalMs: 3_600_000 };
    expect(await reads(caps)).toEqual([11, 7, 3, 5, 1]);
    await k()
      .insertInto('sync_read_whole')
      .values([readAt(11, 1), readAt(7, 3), readAt(3, 2), readAt(1, 5), readAt(2, 9), readAt(4, 1)])
      .execute();
    // 5 never read (hot: at once), which takes this run's hot share (1): no refresh of the set read longest
    // ago (7) on top of it; then the cold share: a never-read one (6) first.
    expect(await reads(caps)).toEqual([5, 6]);
    const counts = await tierCounts(k(), 'company', NOW, WINDOW);
    expect(counts.hot).toEqual({ records: 4, neverRead: 1, oldestReadAt: null });
    expect(counts.cold.neverRead).toBe(4);
    // Once 5 is read, the hot share goes to the set read longest ago again.
    await k().insertInto('sync_read_whole').values(readAt(5, 0)).execute();
    expect(await reads(caps)).toEqual([7, 6]);
  });

  it('each tier is priced and shared with its own slack: the hot tier 1.15 (its bound is a p95), the cold tier 1.05 (a max)', async () => {
    await tenant();
    expect(TIER_SLACK).toEqual({ hot: 1.15, cold: 1.05 });
    // Companies were read whole last (no person_links marks): the company side is priced.
    await k()
      .insertInto('sync_read_whole')
      .values([11, 7, 3, 5].map((id) => readAt(id, 1 / 24)))
      .execute();
    const priced = await linkTierCosts({ db: db() }, 'company_persons_full', 'company', { hotMs: DAY, coldMs: 30 * DAY, hotWindowMs: WINDOW, now: NOW });
    expect(priced!.costs.map((c) => [c.tier, c.calls])).toEqual([
      ['hot', 4 * 1.15],
      ['cold', 7 * 1.05],
    ]);
    // Every hot set was read an hour ago (none due); the 7 cold sets over an 8-hour period: 7 x 1.05 / 8 = 0.92
    // a run (with the hot tier's 1.15 it would be 1.01), and never read, so at least one a run.
    expect(await reads({ hotPeriodMs: DAY, coldPeriodMs: 8 * 3_600_000, runIntervalMs: 3_600_000 })).toEqual([1]);
  });

  it('under caps: any live set is re-read by its age, marked or not, but not one read within the part of the period the share does not need', async () => {
    await tenant();
    // No marks at all (the sweep has not come round): the tiers' refresh goes by read time alone.
    await k().deleteFrom('sync_dirty').execute();
    const caps: TierCaps = { hotPeriodMs: DAY, coldPeriodMs: 30 * DAY, runIntervalMs: 3_600_000 };
    // Every hot set read 1 hour ago (a `sync --full` just now): none is due yet (24h x (1 - 1/1.15) = 3.1h).
    const hour = 1 / 24;
    await k()
      .insertInto('sync_read_whole')
      .values([readAt(11, hour), readAt(7, hour), readAt(3, hour), readAt(5, hour), ...[1, 2, 4, 6, 8, 9, 10].map((id) => readAt(id, 1))])
      .execute();
    expect(await reads(caps)).toEqual([]);
    // Five hours later 11, 7, 3 and 5 are due: the hot share (1) takes the oldest, lowest id first.
    await k()
      .updateTable('sync_read_whole')
      .set({ read_at: iso(NOW.getTime() - 5 * 3_600_000) })
      .where('id', 'in', [3, 5])
      .execute();
    expect(await reads(caps)).toEqual([3]);
    // Without a monthly budget every marked or never-read set is read at once (hot first), then the shares.
    await k().deleteFrom('sync_read_whole').where('id', 'in', [8, 9]).execute();
    await k().insertInto('sync_dirty').values({ kind: 'company_links', id: 6, list_id: null, marked_at: T0, attempts: 0 }).execute();
    expect(await reads({ ...caps, neverReadAtOnce: true })).toEqual([6, 8, 9, 3]);
  });

  it('with no marks left to choose a side, the side read whole last goes on alone', async () => {
    await tenant();
    await k().deleteFrom('sync_dirty').execute();
    const caps: TierCaps = { hotPeriodMs: DAY, coldPeriodMs: 30 * DAY, runIntervalMs: 3_600_000 };
    await k()
      .insertInto('sync_read_whole')
      .values([readAt(7, 2), { kind: 'person_links', id: 501, read_at: iso(NOW.getTime() - 3 * DAY) }])
      .execute();
    const ctx = { db: db() };
    const input = { now: NOW, hotWindowMs: WINDOW, caps };
    expect((await companyPersonTiered(ctx, 'company', input)).length).toBeGreaterThan(0);
    expect(Array.from(await companyPersonTiered(ctx, 'person', input))).toEqual([]);
    // Without caps (a sync --full) only marks choose a side: none, so neither reads.
    expect(Array.from(await companyPersonTiered(ctx, 'company', { ...input, caps: null }))).toEqual([]);
  });

  it('a mark for a targeted re-read (change log, webhook hint) makes a cold company hot at once', async () => {
    await tenant();
    expect((await tierCounts(k(), 'company', NOW, WINDOW)).hot.records).toBe(4);
    await k().insertInto('sync_dirty').values({ kind: 'company', id: 10, list_id: null, marked_at: T0, attempts: 0 }).execute();
    expect((await tierCounts(k(), 'company', NOW, WINDOW)).hot.records).toBe(5);
    expect((await reads(null)).slice(0, 5)).toEqual([11, 7, 3, 5, 10]);
  });

  it('a webhook hint or a change-log entry promotes a cold company for a day after its mark is consumed, not for the hot window', async () => {
    await tenant();
    const at = new Date(NOW.getTime() - 12 * 3_600_000);
    await storeDelivery(k(), JSON.stringify({ type: 'organization.updated', body: { id: 10, name: 'c10', person_ids: [] }, sent_at: iso(at.getTime()) }), at);
    const applied = await applyPendingHints(db(), { maxCalls: 200, now: at });
    expect(applied.deliveries).toBe(1);
    // The hint run reads company 10 and consumes its marks; the hint itself is remembered.
    await k().deleteFrom('sync_dirty').execute();
    // The change log names company 8 at the same instant.
    await k()
      .insertInto('field_value_changes')
      .values(changeLogEntry(1, 'company', 8, at.getTime()))
      .execute();
    const hot = async (now: Date) => (await tierCounts(k(), 'company', now, WINDOW)).hot.records;
    expect(await hot(NOW)).toBe(6);
    expect(await hot(new Date(at.getTime() + DEFAULT_HOT_PROMOTION_MS - 1))).toBe(6);
    expect(await hot(new Date(at.getTime() + DEFAULT_HOT_PROMOTION_MS + 1))).toBe(4);
  });

  it('a hint run reads only the sets its hints marked, not the backlog of link marks the sweeps left', async () => {
    await tenant();
    const at = new Date(NOW.getTime() - DAY);
    await storeDelivery(k(), JSON.stringify({ type: 'organization.updated', body: { id: 10, name: 'c10', person_ids: [] }, sent_at: iso(at.getTime()) }), at);
    await applyPendingHints(db(), { maxCalls: 200, now: at });
    const ids = async (hintedSince?: string) =>
      collectIds(liveMarkedIds({ db: db(), ...(hintedSince ? { hintedSince } : {}) }, 'company_links'), Number.MIN_SAFE_INTEGER, 100);
    // Every live company carries the sweep's company_links mark; the hint marked company 10's set.
    expect(Array.from(await ids())).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(Array.from(await ids(at.toISOString()))).toEqual([10]);
    expect(Array.from(await ids(iso(at.getTime() + 1)))).toEqual([]);
  });

  it('a company first stored after the first complete companies sweep was created: hot for the hot window', async () => {
    await tenant();
    const firstPass = iso(NOW.getTime() - 50 * DAY);
    // 1 came with the first sweep, 6 just before it finished, 8 with its last page (the instant it completed),
    // 4 ten days ago, 2 ninety-three days ago.
    const seen: Array<[number, number]> = [
      [1, 51 * DAY],
      [6, 50 * DAY + 1],
      [8, 50 * DAY],
      [4, 10 * DAY],
      [2, 93 * DAY],
    ];
    for (const [id, ago] of seen)
      await k()
        .updateTable('companies')
        .set({ _first_seen_at: iso(NOW.getTime() - ago) })
        .where('id', '=', id)
        .execute();
    // Before any sweep completed every record is simply being loaded: none is new.
    expect((await tierCounts(k(), 'company', NOW, WINDOW)).hot.records).toBe(4);
    const cp = { ...emptyCheckpoint(), lastSweepCompletedAt: iso(NOW.getTime() - 51 * DAY), firstPassAt: firstPass };
    await k()
      .transaction()
      .execute((trx) => writeCheckpoint(trx, 'companies', '', cp, firstPass));
    expect((await tierCounts(k(), 'company', NOW, WINDOW)).hot.records).toBe(5);
    expect((await reads(null)).slice(0, 5)).toEqual([11, 7, 3, 4, 5]);
    // A warehouse whose first sweep predates firstPassAt: every row stamped within the window is new (2 is past it).
    await k()
      .transaction()
      .execute((trx) => writeCheckpoint(trx, 'companies', '', { ...cp, firstPassAt: null }, firstPass));
    expect((await tierCounts(k(), 'company', NOW, WINDOW)).hot.records).toBe(8);
  });

  it('the hot window moves with the clock: activity older than it is cold', async () => {
    await tenant();
    const later = new Date(NOW.getTime() + 100 * DAY);
    const counts = await tierCounts(k(), 'company', later, WINDOW);
    // Listed 11 and deal 7 stay hot (the warehouse holds no row of 7's deal: unknown, so it counts); 3 (note) and 5
    // (meeting) fell out of the window.
    expect(counts.hot.records).toBe(2);
  });

  it('a deal keeps its companies hot for as long as it lives, worked on or not; a deleted one is no deal', async () => {
    await tenant();
    const hotIds = async () => {
      const side = { now: NOW, hotWindowMs: WINDOW, caps: null };
      const all = Array.from(await tieredLinkReads(k(), 'company', side));
      const { hot } = await tierCounts(k(), 'company', NOW, WINDOW);
      return all.slice(0, hot.records);
    };
    // Deal 1 (company 7) as the warehouse first knows it: no creation time.
    await k()
      .insertInto('opportunities')
      .values({ id: 1, name: 'o1', created_at: null, _synced_at: T0, _deleted_at: null } as never)
      .execute();
    expect(await hotIds()).toContain(7);
    // Created 400 days ago and untouched since: still a deal, and 7 has no other signal.
    await k().updateTable('opportunities').set({ created_at: T0 }).where('id', '=', 1).execute();
    expect(await hotIds()).toContain(7);
    // Deleted upstream: no longer a deal at all, whatever its history.
    await k().updateTable('opportunities').set({ _deleted_at: T0 }).where('id', '=', 1).execute();
    expect(await hotIds()).not.toContain(7);
    // Created within the window: hot, and the deal still ranks before recent activity on a first read.
    await k()
      .updateTable('opportunities')
      .set({ _deleted_at: null, created_at: iso(NOW.getTime() - 5 * DAY) })
      .where('id', '=', 1)
      .execute();
    expect(await hotIds()).toEqual([11, 7, 3, 5]);
  });
});
