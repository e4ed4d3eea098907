/**
 * `table_freshness`: one row per warehouse table with its last complete pass and how far its change
 * signal has been applied, on both dialects, checked against the checkpoints the runs wrote (computed
 * here from `sync_state` rows, not by the view's SQL).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { TABLE_WRITERS } from '../../src/load/schema/registry/table-writers.ts';
import { forEachDialect } from '../helpers/dialects.ts';
import { startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';

type Row = { table_name: string; last_complete_pass_at: unknown; changes_applied_to: unknown; last_sync_at: unknown };
const iso = (x: unknown): string | null => (x === null || x === undefined ? null : new Date(String(x)).toISOString());

forEachDialect('table_freshness: data as of, per table', (dialect) => {
  let f: SyncFixture | undefined;
  beforeAll(async () => {
    f = await startSyncFixture({ dialect, scale: 'tiny' });
    expect((await f.runFull()).summary.status).toBe('succeeded');
    runStarted = new Date().toISOString();
    expect((await f.runIncremental()).summary.status).toBe('succeeded');
  });
  let runStarted = '';
  afterAll(async () => {
    await f?.close();
  });

  it('every table has a row: the latest complete pass and change mark of its streams, and the last sync', async () => {
    const state = await sql<{
      stream: string;
      last_sweep_at: unknown;
      checkpoint_json: unknown;
    }>`select stream, last_sweep_at, checkpoint_json from sync_state`.execute(f!.db.kysely);
    const per = new Map<string, { pass: (string | null)[]; hw: (string | null)[] }>();
    for (const r of state.rows) {
      const cp = (typeof r.checkpoint_json === 'string' ? JSON.parse(r.checkpoint_json) : r.checkpoint_json) as { highWater: { at: string } | null };
      const e = per.get(r.stream) ?? { pass: [], hw: [] };
      e.pass.push(iso(r.last_sweep_at));
      e.hw.push(cp.highWater ? iso(cp.highWater.at) : null);
      per.set(r.stream, e);
    }
    const oldest = (xs: (string | null)[]) => (xs.some((x) => x === null) ? null : [...(xs as string[])].sort()[0]!);
    const latest = (xs: (string | null)[]) =>
      xs
        .filter((x): x is string => x !== null)
        .sort()
        .at(-1) ?? null;
    const runs = await sql<{ at: unknown }>`select max(finished_at) as at from sync_runs`.execute(f!.db.kysely);
    const rows = (await sql<Row>`select * from table_freshness order by table_name`.execute(f!.db.kysely)).rows;
    expect(rows.map((r) => r.table_name)).toEqual(Object.keys(TABLE_WRITERS).sort());
    for (const r of rows) {
      const streams = TABLE_WRITERS[r.table_name as keyof typeof TABLE_WRITERS].map((s) => per.get(s)).filter((x) => x !== undefined);
      expect([r.table_name, iso(r.last_complete_pass_at), iso(r.changes_applied_to), iso(r.last_sync_at)]).toEqual([
        r.table_name,
        latest(streams.map((s) => oldest(s.pass))),
        latest(streams.map((s) => oldest(s.hw))),
        iso(runs.rows[0]!.at),
      ]);
    }
    const byName = new Map(rows.map((r) => [r.table_name, r]));
    expect(byName.get('companies')!.last_complete_pass_at).not.toBeNull();
    expect(byName.get('field_values')!.changes_applied_to).not.toBeNull();
  });

  it('data_as_of is upstream time (the newest change or note the store holds), checked_at the run clock: never one for the other (issue 35)', async () => {
    const s = f!.sim.store;
    const newest = (xs: Array<string | null>) =>
      xs
        .filter((x): x is string => x !== null)
        .sort((a, b) => Date.parse(a) - Date.parse(b))
        .at(-1)!;
    const rows = (
      await sql<{
        table_name: string;
        data_as_of: unknown;
        data_as_of_utc: string | null;
        checked_at: unknown;
        checked_at_utc: string | null;
      }>`select table_name, data_as_of, data_as_of_utc, checked_at, checked_at_utc from table_freshness order by table_name`.execute(f!.db.kysely)
    ).rows;
    const byName = new Map(rows.map((r) => [r.table_name, r]));
    const changes = newest(s.fieldValueChanges.map((c) => c.changedAt));
    const notes = newest([...s.notes.values()].flatMap((n) => [n.createdAt, n.updatedAt]));
    expect(iso(byName.get('field_value_changes')!.data_as_of)).toBe(iso(changes));
    expect(iso(byName.get('notes')!.data_as_of)).toBe(iso(notes));
    // The data is from 2025, the runs from today: a run clock in data_as_of would be far after both.
    for (const r of rows) {
      if (r.data_as_of !== null) expect(Date.parse(iso(r.data_as_of)!), r.table_name).toBeLessThanOrEqual(Math.max(Date.parse(changes), Date.parse(notes)));
      expect(r.data_as_of_utc).toBe(iso(r.data_as_of));
      expect(r.checked_at_utc).toBe(iso(r.checked_at));
    }
    // Every table the incremental run followed or swept was checked by it (or by the full run before it).
    for (const t of ['interactions', 'notes', 'field_value_changes', 'companies']) {
      const at = iso(byName.get(t)!.checked_at);
      expect(at, t).not.toBeNull();
      expect(Date.parse(at!) > Date.parse(notes) && Date.parse(at!) <= Date.now(), t).toBe(true);
    }
    expect(Date.parse(iso(byName.get('field_value_changes')!.checked_at)!)).toBeGreaterThanOrEqual(Date.parse(runStarted));
  });
});
