/**
 * With relevance tiers, companies and persons are swept whole every cold period; the hot tier's records are
 * re-read by id once their row is older than the hot period ÷ slack (src/planner/hot-refresh.ts), and a
 * lookup that keeps missing a record gives its mark up (state/dirty.ts bumpAttempts).
 */
import { expect, it } from 'vitest';
import { DEFAULT_HOT_PROMOTION_MS, DEFAULT_LOOKUP_ATTEMPTS } from '../../src/defaults.ts';
import { collectIds } from '../../src/planner/id-chunks.ts';
import { hotRefreshIds, refreshBefore } from '../../src/planner/hot-refresh.ts';
import { bumpAttempts, markDirty } from '../../src/state/dirty.ts';
import { emptyCheckpoint, writeCheckpoint } from '../../src/state/checkpoint.ts';
import { configSchema } from '../../src/config/schema.ts';
import { addRows, emptyBatch } from '../../src/load/schema/row-batch.ts';
import { referenceMarks } from '../../src/runner/reference-marks.ts';
import { TIER_SLACK } from '../../src/planner/tiers.ts';
import { forEachDialect, useMigratedDb } from '../helpers/dialects.ts';

const NOW = new Date('2026-06-01T00:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
const ago = (ms: number) => iso(NOW.getTime() - ms);

forEachDialect('planner: the hot tier re-read by id', (dialect) => {
  const db = useMigratedDb(dialect, { extraTables: ['sync_dirty', 'sync_state'] });
  const k = () => db().kysely;

  /**
   * Companies 1..6, all listed but 5 and 6 (cold). Rows last written: 1 two days ago, 2 twenty-two hours ago,
   * 3 eighteen hours ago, 4 two days ago but deleted, 5 and 6 forty days ago.
   */
  async function tenant() {
    const written: Array<[number, number, boolean]> = [
      [1, 2 * DAY, false],
      [2, 22 * HOUR, false],
      [3, 18 * HOUR, false],
      [4, 2 * DAY, true],
      [5, 40 * DAY, false],
      [6, 40 * DAY, false],
    ];
    await k()
      .insertInto('companies')
      .values(written.map(([id, age, gone]) => ({ id, name: `c${id}`, _synced_at: ago(age), _deleted_at: gone ? ago(HOUR) : null })) as never)
      .execute();
    await k()
      .insertInto('list_entries')
      .values([1, 2, 3, 4].map((id) => ({ id: 100 + id, list_id: 9, entity_type: 'company', entity_id: id, _synced_at: ago(DAY), _deleted_at: null })) as never)
      .execute();
  }
  const due = async (hotPeriodMs: number) =>
    Array.from(await collectIds(await hotRefreshIds({ db: db() }, 'company', { now: NOW, hotWindowMs: 90 * DAY, hotPeriodMs }), 0, 1000));

  it('takes live hot records written longer ago than the period ÷ slack (20.9 h of 24 h), never cold or deleted ones', async () => {
    await tenant();
    expect(TIER_SLACK.hot).toBe(1.15);
    expect(refreshBefore(NOW, DAY)).toBe(ago(DAY / 1.15));
    expect(await due(DAY)).toEqual([1, 2]);
    // A longer (stretched) hot period: only the record written two days ago.
    expect(await due(2 * DAY)).toEqual([1]);
    // A hot tier with no room in the budget is never refreshed.
    expect(await due(Infinity)).toEqual([]);
  });

  it('a record turned hot (a change-log mark) is due by the same rule', async () => {
    await tenant();
    await k()
      .transaction()
      .execute((trx) => markDirty(trx, db().dialect, [{ kind: 'company', id: 5 }], NOW.toISOString()));
    expect(await due(DAY)).toEqual([1, 2, 5]);
  });

  it('a record that left the hot tier within the last hot period is re-read once more, not one that left before', async () => {
    await tenant();
    // Change-log entries promoted cold companies 5 and 6 for a day: 5's ran out 6 h ago, 6's 36 h ago.
    const promoted = (id: number, at: string) => ({
      id,
      field_id: 'field-1',
      entity_type: 'company',
      entity_id: id,
      list_entry_id: 0,
      action_type: 'update',
      changed_at: at,
      _synced_at: at,
    });
    await k()
      .insertInto('field_value_changes')
      .values([promoted(5, ago(DEFAULT_HOT_PROMOTION_MS + 6 * HOUR)), promoted(6, ago(DEFAULT_HOT_PROMOTION_MS + 36 * HOUR))] as never)
      .execute();
    expect(await due(DAY)).toEqual([1, 2, 5]);
    // A longer hot period keeps the record longer: both are within two days of their promotion's end.
    expect(await due(2 * DAY)).toEqual([1, 5, 6]);
  });

  it('a mark a lookup missed in DEFAULT_LOOKUP_ATTEMPTS runs is given up; others keep waiting', async () => {
    await tenant();
    const t = NOW.toISOString();
    await k()
      .transaction()
      .execute((trx) =>
        markDirty(
          trx,
          db().dialect,
          [
            { kind: 'person', id: 77, ifMissing: true },
            { kind: 'person', id: 78, ifMissing: true },
          ],
          t,
        ),
      );
    const marked = async () => (await k().selectFrom('sync_dirty').select('id').where('kind', '=', 'person').orderBy('id').execute()).map((r) => Number(r.id));
    for (let run = 1; run < DEFAULT_LOOKUP_ATTEMPTS; run++)
      await k()
        .transaction()
        .execute((trx) => bumpAttempts(trx, 'person', [77]));
    expect(await marked()).toEqual([77, 78]);
    await k()
      .transaction()
      .execute((trx) => bumpAttempts(trx, 'person', [77]));
    expect(await marked()).toEqual([78]);
  });

  it('rows naming a company or person mark it only once its collection has completed a sweep (not during a first sync)', async () => {
    const b = emptyBatch();
    addRows(b, 'list_entries', [
      { id: 1, list_id: 9, entity_type: 'company', entity_id: 10 },
      { id: 2, list_id: 8, entity_type: 'person', entity_id: 20 },
    ]);
    const ctx = { db: db(), config: configSchema.parse({}), tierCaps: { hotPeriodMs: DAY, coldPeriodMs: 30 * DAY, runIntervalMs: HOUR } };
    const kinds = async () => (await referenceMarks(ctx, b)).map((m) => `${m.kind}:${m.id}`);
    expect(await kinds()).toEqual([]);
    const done = { ...emptyCheckpoint(), lastSweepCompletedAt: ago(DAY) };
    await k()
      .transaction()
      .execute((trx) => writeCheckpoint(trx, 'persons', '', done, ago(DAY)));
    expect(await kinds()).toEqual(['person:20']);
    await k()
      .transaction()
      .execute((trx) => writeCheckpoint(trx, 'companies', '', done, ago(DAY)));
    expect(await kinds()).toEqual(['company:10', 'person:20']);
  });
});
