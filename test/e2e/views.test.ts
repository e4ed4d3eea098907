/**
 * The analyst views against the simulator's data (seed 7, tiny) on both dialects: every view exists after
 * a run, and answers what the tables say; stage durations of a fixed entry were computed by hand.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { getFieldValue } from '@relsync/simulator';
import { safeName } from '../../src/load/views/identifiers.ts';
import { forEachDialect } from '../helpers/dialects.ts';
import { startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';

type Row = Record<string, unknown>;

forEachDialect('analyst views on simulator data', (dialect) => {
  let f: SyncFixture | undefined;
  const q = async (text: string): Promise<Row[]> => (await sql.raw<Row>(text).execute(f!.db.kysely)).rows;
  beforeAll(async () => {
    f = await startSyncFixture({ dialect, scale: 'tiny' });
    expect((await f.runFull()).summary.status).toBe('succeeded');
  });
  afterAll(async () => {
    await f?.close();
  });

  it("every single-valued person and company field of a list view has its record's id beside the name, as the store holds it (issue 35)", async () => {
    const s = f!.sim.store;
    const lists: Array<[number, string]> = [
      [1001, 'list_1001_deal_pipeline'],
      [1002, 'list_1002_target_accounts'],
      [1003, 'list_1003_founders'],
    ];
    let compared = 0;
    for (const [listId, view] of lists) {
      const list = s.lists.get(listId)!;
      const fields = [...(s.fieldsByList.get(listId) ?? []), ...(s.fieldsByEntity.get(list.type) ?? []).filter((x) => x.type === 'global')].filter(
        (x) => (x.valueType === 'person' || x.valueType === 'company') && !x.association,
      );
      const rows = await q(`select * from ${view}`);
      for (const field of fields) {
        const col = safeName(field.name);
        for (const r of rows) {
          const v = getFieldValue(s, field.key, Number(r.entity_id), field.listId === null ? null : Number(r.list_entry_id));
          const want = (v?.data as { id?: number } | null)?.id ?? null;
          expect([view, col, r.list_entry_id, r[`${col}_id`] === null ? null : Number(r[`${col}_id`])]).toEqual([view, col, r.list_entry_id, want]);
          if (want !== null) compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(5);
  });

  it('current_* has exactly the live rows of each entity table', async () => {
    for (const t of ['companies', 'persons', 'opportunities', 'list_entries', 'notes', 'interactions']) {
      const [live] = await q(`select count(*) as n from ${t} where _deleted_at is null`);
      const [view] = await q(`select count(*) as n from current_${t}`);
      expect(Number(view!.n)).toBe(Number(live!.n));
      expect(Number(view!.n)).toBeGreaterThan(0);
    }
  });

  it('one wide view per list, one row per live entry, status and tags as the field values say', async () => {
    const rows = await q('select list_entry_id, name, status, amount, tags, tags_text from list_1001_deal_pipeline order by list_entry_id');
    expect(rows).toHaveLength(20);
    expect(rows[0]).toMatchObject({
      list_entry_id: 400000001,
      name: 'Bluth - Won 1',
      status: 'Diligence',
      amount: 747691,
      tags_text: 'portfolio; priority; warm',
    });
    expect((JSON.parse(String(rows[0]!.tags)) as Array<{ text: string }>).map((t) => t.text)).toEqual(['portfolio', 'priority', 'warm']);
    const [target] = await q('select count(*) as n from list_1002_target_accounts');
    const [founders] = await q('select count(*) as n from list_1003_founders');
    expect([Number(target!.n), Number(founders!.n)]).toEqual([11, 11]);
  });

  it('stage history: entry 400000038 is in Qualified since 2024-12-07, one spell although its Status was set to Qualified again on 2025-01-05', async () => {
    // The log holds both changes, to the same option (issue 35: the second split the spell in two).
    const changes = await q(`select action_type, changed_at, ref_id from field_value_history
      where list_entry_id = 400000038 and field_name = 'Status' order by changed_at`);
    expect(changes.map((r) => [r.action_type, r.changed_at])).toEqual([
      ['add', '2024-12-07T12:39:14.000Z'],
      ['update', '2025-01-05T06:20:48.000Z'],
    ]);
    expect(Number(changes[0]!.ref_id)).toBe(Number(changes[1]!.ref_id));
    const rows = await q(`select stage, entered_at, left_at, duration_seconds, before_tracking, entered_at_utc from list_entry_stage_history
      where list_entry_id = 400000038 and field_name = 'Status' order by entered_at`);
    expect(
      rows.map((r) => [
        r.stage,
        r.entered_at,
        r.left_at,
        r.duration_seconds === null ? null : Number(r.duration_seconds),
        Boolean(r.before_tracking),
        r.entered_at_utc,
      ]),
    ).toEqual([['Qualified', '2024-12-07T12:39:14.000Z', null, null, false, '2024-12-07T12:39:14.000Z']]);
    // An entry whose status was set before tracking: its current stage, marked, with no entry time.
    const [before] = await q(
      `select stage, entered_at, before_tracking from list_entry_stage_history where list_entry_id = 400000001 and field_name = 'Status'`,
    );
    expect([before!.stage, before!.entered_at, Boolean(before!.before_tracking)]).toEqual(['Diligence', null, true]);
  });

  it('field_value_history types each change and shows the value before it', async () => {
    const rows = await q(
      'select change_id, field_name, action_type, value_text, ref_id, previous_value_text from field_value_history where change_id in (1, 2, 3) order by change_id',
    );
    expect(rows.map((r) => [r.change_id, r.field_name, r.action_type, r.value_text, Number(r.ref_id), r.previous_value_text])).toEqual([
      [1, 'Relationship Owner', 'add', 'Lin Mbeki', 100000005, null],
      [2, 'Relationship Owner', 'update', 'Leslie Rossi', 100000004, 'Lin Mbeki'],
      [3, 'Relationship Owner', 'update', 'Hedy Silva', 100000003, 'Leslie Rossi'],
    ]);
    const [n] = await q(
      'select count(*) as n from field_value_history where value_json is not null and value_text is null and value_number is null and value_date is null',
    );
    const [all] = await q('select count(*) as n from field_value_changes');
    expect(Number(n!.n)).toBeLessThan(Number(all!.n));
  });

  it('the overviews count what the association tables and notes say', async () => {
    const [o] = await q(
      'select stage, people, companies, notes, last_note_id, first_interaction_at, last_interaction_at from opportunity_overview where opportunity_id = 300000001',
    );
    expect(o).toMatchObject({
      stage: 'Diligence',
      last_note_id: 5000023,
      first_interaction_at: '2020-02-09T07:15:21.000Z',
      last_interaction_at: '2020-02-09T07:15:21.000Z',
    });
    expect([Number(o!.people), Number(o!.companies), Number(o!.notes)]).toEqual([4, 0, 1]);
    const [p] = await q(
      `select count(*) as n from opportunity_persons x join persons p on p.id = x.person_id and p._deleted_at is null where x.opportunity_id = 300000001`,
    );
    expect(Number(p!.n)).toBe(4);
    const [co] = await q('select count(*) as n from company_overview');
    const [pe] = await q('select count(*) as n from person_overview');
    expect(Number(co!.n)).toBeGreaterThan(0);
    expect(Number(pe!.n)).toBeGreaterThan(0);
  });
});
