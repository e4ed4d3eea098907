import { expect, it } from 'vitest';
import { forEachDialect, useMigratedDb } from '../helpers/dialects.ts';
import { hintRunCost, streamCosts, type PricedStream } from '../../src/budget/costs.ts';
import { HINT_RUN_COMMAND } from '../../src/state/runs.ts';
import { emptyCheckpoint, writeCheckpoint } from '../../src/state/checkpoint.ts';
import type { Db } from '../../src/load/db.ts';
import { pricedStreams } from '../../src/budget/run-budget.ts';
import { configSchema } from '../../src/config/schema.ts';
import { noteRead } from '../../src/state/read-whole.ts';
import { transcriptFragmentsStream } from '../../src/streams/transcript-fragments.ts';

const HOUR = 3_600_000;
let clock = Date.parse('2026-01-01T00:00:00Z');

/** One finished run whose streams spent these calls (and were in these modes); `command` 'webhooks' is a hint run. */
async function run(
  db: Db,
  mode: 'full' | 'incremental',
  streams: Record<string, { mode: string; calls: number; status?: string }>,
  command = 'test',
  stepMs = HOUR,
): Promise<void> {
  clock += stepMs;
  const at = new Date(clock).toISOString();
  const json = Object.fromEntries(Object.entries(streams).map(([k, v]) => [k, { status: 'succeeded', pages: v.calls, records: 0, rows: 0, ...v }]));
  await db.kysely
    .insertInto('sync_runs')
    .values({
      id: `r${clock}`,
      command,
      mode,
      status: 'succeeded',
      started_at: at,
      finished_at: at,
      duration_ms: 1,
      calls_total: Object.values(streams).reduce((n, v) => n + v.calls, 0),
      rows_total: 0,
      streams_json: JSON.stringify(json),
      calls_json: null,
      errors_json: null,
      rate_budget_json: null,
    })
    .execute();
}

async function completedPass(db: Db, stream: string, partition: string, pages: number): Promise<void> {
  const at = new Date(clock).toISOString();
  await writeCheckpoint(db.kysely, stream, partition, { ...emptyCheckpoint(), lastSweepCompletedAt: at, lastSweepPages: pages }, at, { success: true });
}

forEachDialect('plan: stream costs from the warehouse', (dialect) => {
  const db = useMigratedDb(dialect, { extraTables: ['sync_runs', 'sync_state', 'sync_read_whole'] });

  it('prices webhook hint runs apart: a month of their calls, never averaged into the scheduled runs', async () => {
    await run(db(), 'full', { companies: { mode: 'sweep', calls: 50 } });
    // Two days of hourly runs, each re-reading 2 marked companies, and 8 hint runs an hour of 1 call each.
    let firstHint = 0;
    for (let h = 0; h < 48; h++) {
      await run(db(), 'incremental', { companies_changed: { mode: 'marked', calls: 2 } });
      for (let i = 0; i < 8; i++) {
        await run(db(), 'incremental', { companies_changed: { mode: 'marked', calls: 1 } }, HINT_RUN_COMMAND, 1);
        firstHint ||= clock;
      }
    }
    const streams: PricedStream[] = [{ name: 'companies_changed', everyRun: true, periodMs: 0, marksOnly: true }];
    const { costs } = await streamCosts({ db: db() }, streams);
    expect(costs).toEqual([{ name: 'companies_changed', kind: 'every-run', calls: 2, periodMs: 0 }]);
    // 384 calls over the two days the hint runs span, scaled to 30 days (about 5,800 a month).
    const month = await hintRunCost({ db: db() }, new Date(clock));
    expect(month).toBeCloseTo((384 * 30 * 86_400_000) / (clock - firstHint), 6);
    expect(month).toBeGreaterThan(5_700);
    // None in the last week: nothing to price.
    expect(await hintRunCost({ db: db() }, new Date(clock + 8 * 86_400_000))).toBe(0);
  });

  it('prices a pass by the pages of every partition, however many runs it took, not by the run that finished it', async () => {
    await run(db(), 'full', { fields: { mode: 'sweep', calls: 6 } });
    // The next pass read one partition a run: each run completed one, none spent more than 2 calls.
    for (let i = 0; i < 3; i++) await run(db(), 'incremental', { fields: { mode: 'sweep', calls: 2 } });
    for (const [p, pages] of [
      ['', 2],
      ['1', 2],
      ['2', 3],
    ] as const)
      await completedPass(db(), 'fields', p, pages);
    const streams: PricedStream[] = [{ name: 'fields', everyRun: false, periodMs: 6 * HOUR }];
    const { costs, unknown } = await streamCosts({ db: db() }, streams);
    expect(costs).toEqual([{ name: 'fields', kind: 'periodic', calls: 7, periodMs: 6 * HOUR }]);
    expect(unknown).toEqual([]);
  });

  it("prices every-run work from the runs after the warehouse's first: an incremental first sync read each feed from the start", async () => {
    await run(db(), 'incremental', { list_entries_changed: { mode: 'feed', calls: 259 } });
    for (let i = 0; i < 3; i++) await run(db(), 'incremental', { list_entries_changed: { mode: 'feed', calls: i === 0 ? 2 : 0 } });
    const streams: PricedStream[] = [{ name: 'list_entries_changed', everyRun: true, periodMs: 0 }];
    const { costs } = await streamCosts({ db: db() }, streams);
    // (2 + 0 + 0) / 3, not (259 + 2 + 0 + 0) / 4.
    expect(costs).toEqual([{ name: 'list_entries_changed', kind: 'every-run', calls: 2 / 3, periodMs: 0 }]);
  });

  it('falls back to the last sweeping run when no checkpoint kept its pass, and says which streams were never priced', async () => {
    await run(db(), 'full', { companies: { mode: 'sweep', calls: 5 } });
    await run(db(), 'incremental', { companies: { mode: 'not due', calls: 0 } });
    const streams: PricedStream[] = [
      { name: 'companies', everyRun: false, periodMs: 24 * HOUR },
      { name: 'persons', everyRun: false, periodMs: 24 * HOUR },
    ];
    const { costs, unknown } = await streamCosts({ db: db() }, streams);
    expect(costs.map((c) => c.calls)).toEqual([5, 1]);
    expect(unknown).toEqual(['persons']);
  });

  it('right after a full sync, prices only the change-log source that will run: a fallback the run skipped costs nothing', async () => {
    await run(db(), 'full', {
      field_value_changes: { mode: 'feed', calls: 40 },
      field_value_changes_by_field: { mode: 'field value changes uses field_value_changes', calls: 0, status: 'skipped' },
      field_value_changes_v1: { mode: 'field value changes uses field_value_changes', calls: 0, status: 'skipped' },
    });
    const streams: PricedStream[] = ['field_value_changes', 'field_value_changes_by_field', 'field_value_changes_v1'].map((name) => ({
      name,
      everyRun: true,
      periodMs: 0,
    }));
    const { costs } = await streamCosts({ db: db() }, streams);
    expect(costs.map((c) => [c.name, c.calls])).toEqual([
      ['field_value_changes', 1],
      ['field_value_changes_by_field', 0],
      ['field_value_changes_v1', 0],
    ]);
  });

  it('right after a full sync, prices streams that read only marks at none, then from their incremental runs', async () => {
    // A full sync reads everything by sweeps; the `*_changed` re-reads and the link reads' floor read only marks.
    await run(db(), 'full', { companies_changed: { mode: 'marked', calls: 0 }, company_persons_full: { mode: 'marked', calls: 498 } });
    const streams: PricedStream[] = [
      { name: 'companies_changed', everyRun: true, periodMs: 0, marksOnly: true },
      { name: 'notes_updates', everyRun: true, periodMs: 0 },
      { name: 'company_persons_full', everyRun: true, linkReads: true, periodMs: 24 * HOUR },
    ];
    const first = await streamCosts({ db: db() }, streams);
    expect(first.costs.filter((c) => c.kind === 'every-run').map((c) => [c.name, c.calls])).toEqual([
      ['companies_changed', 0],
      // A feed with no history yet still costs its one call a run.
      ['notes_updates', 1],
      ['company_persons_full', 0],
    ]);
    for (const calls of [3, 1, 2])
      await run(db(), 'incremental', { companies_changed: { mode: 'marked', calls }, company_persons_full: { mode: 'marked', calls } });
    const later = await streamCosts({ db: db() }, streams);
    expect(later.costs.filter((c) => c.kind === 'every-run').map((c) => [c.name, c.calls])).toEqual([
      ['companies_changed', 2],
      ['notes_updates', 1],
      ['company_persons_full', 2],
    ]);
  });

  it('prices link reads at the median run plus, once a period, what they read in the latest whole run', async () => {
    // A sweep marking a page of companies costs a run 100 single reads; the usual run reads 2.
    await run(db(), 'full', { company_persons_full: { mode: 'marked', calls: 498 } });
    for (const calls of [2, 2, 3, 100, 1, 2, 118]) await run(db(), 'incremental', { company_persons_full: { mode: 'marked', calls } });
    const streams: PricedStream[] = [{ name: 'company_persons_full', everyRun: true, linkReads: true, periodMs: 24 * HOUR }];
    const { costs } = await streamCosts({ db: db() }, streams);
    expect(costs).toEqual([
      { name: 'company_persons_full', kind: 'every-run', calls: 2, periodMs: 0 },
      { name: 'company_persons_full', kind: 'periodic', calls: 498, periodMs: 24 * HOUR },
    ]);
  });

  it("prices transcript fragments at their passes' median, and every transcript read once per cold period", async () => {
    const config = configSchema.parse({ apiKey: 'k', databaseUrl: 'sqlite::memory:' });
    const DAY = 24 * HOUR;
    const streams = pricedStreams([transcriptFragmentsStream], config, () => null);
    expect(streams).toEqual([
      { name: 'transcript_fragments', everyRun: false, periodMs: 7 * DAY, unchanged: { kind: 'transcript_fragments', periodMs: 30 * DAY } },
    ]);
    // The full sync read all 40 transcripts' fragments (a whole pass); the weekly passes after it a few.
    await run(db(), 'full', { transcript_fragments: { mode: 'sweep', calls: 40 } });
    await completedPass(db(), 'transcript_fragments', '', 40);
    await db()
      .kysely.transaction()
      .execute((trx) =>
        noteRead(
          trx,
          'transcript_fragments',
          Array.from({ length: 40 }, (_, i) => i + 1),
          new Date(clock).toISOString(),
        ),
      );
    const first = await streamCosts({ db: db() }, streams);
    expect(first.costs).toEqual([
      { name: 'transcript_fragments', kind: 'periodic', calls: 0, periodMs: 7 * DAY },
      { name: 'transcript_fragments', kind: 'periodic', calls: 40, periodMs: 30 * DAY },
    ]);
    for (const [mode, calls] of [
      ['sweep', 3],
      ['not due', 0],
      ['sweep', 1],
      ['not due', 0],
      ['sweep', 2],
    ] as const)
      await run(db(), 'incremental', { transcript_fragments: { mode, calls } });
    const later = await streamCosts({ db: db() }, streams);
    expect(later.costs[0]).toEqual({ name: 'transcript_fragments', kind: 'periodic', calls: 2, periodMs: 7 * DAY });
  });
});
