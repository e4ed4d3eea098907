/**
 * View generation against hand-built data on both dialects: hostile field and list names cannot break or
 * inject SQL, names follow the documented rule, an association field is the association table's column (never
 * a field column), a rename renames the column, and stage durations (computed
 * by hand) come out of list_entry_stage_history, including the state known before tracking began.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Db } from '../../src/load/db.ts';
import { applyBatch } from '../../src/load/write/apply-batch.ts';
import { refreshViews } from '../../src/load/views/refresh.ts';
import { forEachDialect, freshMigratedDb } from '../helpers/dialects.ts';

const T1 = '2024-04-01T07:00:00.000Z';
const HOSTILE = `x"; drop table companies; --`;

forEachDialect('load: analyst views', (dialect) => {
  let ctx: Awaited<ReturnType<typeof freshMigratedDb>> | undefined;
  const db = (): Db => ctx!.db;
  const q = async (text: string) => (await sql.raw<Record<string, unknown>>(text).execute(db().kysely)).rows;
  const change = (id: number, entry: number, action: string, at: string, option: number | null, text: string | null) => ({
    id,
    field_id: 'field-7',
    entity_type: 'opportunity',
    entity_id: entry - 9000 + 500,
    list_entry_id: entry,
    list_id: 42,
    action_type: action,
    changed_at: at,
    value_type: 'ranked-dropdown',
    value_json: option === null ? null : JSON.stringify({ dropdownOptionId: option, text }),
    value_text: option === null ? null : text,
    ref_id: option,
  });
  beforeAll(async () => {
    ctx = await freshMigratedDb(dialect);
    const value = (field: string, entry: number, text: string, idx = 0, type = 'text') => ({
      field_id: field,
      entity_type: 'opportunity',
      entity_id: entry - 9000 + 500,
      list_entry_id: entry,
      value_index: idx,
      value_type: type,
      value_json: JSON.stringify(text),
      value_text: text,
      list_id: 42,
    });
    await applyBatch(
      db().kysely,
      db().dialect,
      {
        upserts: {
          lists: [{ id: 42, name: `Deals'); drop table lists; --`, type: 'opportunity' }],
          opportunities: [
            { id: 501, name: 'A', list_id: 42, list_entry_id: 9001 },
            { id: 502, name: 'B', list_id: 42, list_entry_id: 9002 },
            { id: 503, name: 'C', list_id: 42, list_entry_id: 9003 },
          ],
          list_entries: [9001, 9002, 9003].map((id) => ({ id, list_id: 42, entity_type: 'opportunity', entity_id: id - 9000 + 500 })),
          fields: [
            { id: 'field-1', name: HOSTILE, type: 'list', value_type: 'text', list_id: 42 },
            { id: 'field-2', name: 'Name', type: 'list', value_type: 'text', list_id: 42 },
            { id: 'field-3', name: 'x";  DROP TABLE companies; --', type: 'list', value_type: 'text', list_id: 42 },
            { id: "field-4'", name: '', type: 'list', value_type: 'text', list_id: 42 },
            { id: 'field-5', name: '2024 Größe', type: 'list', value_type: 'text-multi', list_id: 42, allows_multiple: true },
            { id: 'field-7', name: 'Status', type: 'list', value_type: 'ranked-dropdown', list_id: 42 },
            // An association field defined on the list: its column is `people`, from opportunity_persons alone.
            { id: 'persons', name: 'People', type: 'list', value_type: 'person-multi', list_id: 42, allows_multiple: true },
          ],
          persons: [{ id: 7, first_name: 'Ann', last_name: 'Lee' }],
          field_value_changes: [
            // Entry 9001: Lead 2024-01-01T00:00Z → Won 2024-01-03T12:00Z (2.5 d = 216000 s) → Lost 2024-01-04T12:30Z (88200 s) → now.
            change(1, 9001, 'add', '2024-01-01T00:00:00.000Z', 1, 'Lead'),
            change(2, 9001, 'update', '2024-01-03T12:00:00.000Z', 2, 'Won'),
            change(3, 9001, 'update', '2024-01-04T12:30:00.000Z', 3, 'Lost'),
            // Entry 9002: its first logged change is an update: the stage before it is unknown, marked before tracking.
            change(4, 9002, 'update', '2024-02-01T00:00:00.000Z', 2, 'Won'),
          ],
        },
        replace: [
          {
            table: 'field_values',
            scope: ['list_entry_id'],
            owners: [{ list_entry_id: 9001 }, { list_entry_id: 9003 }],
            rows: [
              value('field-1', 9001, 'hostile'),
              value('field-2', 9001, 'named'),
              value('field-3', 9001, 'three'),
              value("field-4'", 9001, 'quoted id'),
              value('field-5', 9001, 'a', 0),
              value('field-5', 9001, 'b', 1),
              // Entry 9003: a status and no change at all (set before the field was tracked).
              { ...value('field-7', 9003, 'Lead', 0, 'ranked-dropdown'), ref_id: 1 },
            ],
          },
          { table: 'opportunity_persons', scope: ['opportunity_id'], owners: [{ opportunity_id: 501 }], rows: [{ opportunity_id: 501, person_id: 7 }] },
        ],
      },
      T1,
    );
    await refreshViews(db());
  });
  afterAll(async () => {
    await ctx?.cleanup();
  });

  it('names columns by the documented rule, association columns come from their tables, hostile names break nothing', async () => {
    const rows = await q('select * from "list_42_deals_drop_table_lists" order by list_entry_id');
    expect(rows).toHaveLength(3);
    expect(Object.keys(rows[0]!)).toEqual([
      'list_entry_id',
      'entity_id',
      'entry_created_at',
      'name',
      'people',
      'companies',
      'x_drop_table_companies',
      'name_2',
      'x_drop_table_companies_3',
      'field',
      'f_2024_gro_e',
      'f_2024_gro_e_text',
      'status',
    ]);
    expect(rows[0]).toMatchObject({
      name: 'A',
      people: 'Ann Lee',
      x_drop_table_companies: 'hostile',
      name_2: 'named',
      x_drop_table_companies_3: 'three',
      field: 'quoted id',
      f_2024_gro_e_text: 'a; b',
      status: null,
    });
    expect(JSON.parse(String(rows[0]!.f_2024_gro_e))).toEqual(['a', 'b']);
    expect(await q('select count(*) as n from companies')).toHaveLength(1);
    expect(await q('select count(*) as n from lists')).toHaveLength(1);
  });

  it('a refresh with nothing new touches nothing; a rename renames the column and keeps the values', async () => {
    expect((await refreshViews(db())).created).toEqual([]);
    await db().kysely.updateTable('fields').set({ name: 'Renamed Thing' }).where('id', '=', 'field-2').execute();
    const out = await refreshViews(db());
    expect(out.created).toEqual(['list_42_deals_drop_table_lists']);
    const [row] = await q('select renamed_thing from "list_42_deals_drop_table_lists" where list_entry_id = 9001');
    expect(row!.renamed_thing).toBe('named');
  });

  it('a deleted list loses its view', async () => {
    await db().kysely.updateTable('lists').set({ name: 'Pipeline' }).where('id', '=', 42).execute();
    const out = await refreshViews(db());
    // The list's view and its multi-valued elements' companion go and come back under the new name.
    expect([...out.dropped].sort()).toEqual(['list_42_deals_drop_table_lists', 'list_42_deals_drop_table_lists_values']);
    expect(out.created).toEqual(['list_42_pipeline', 'list_42_pipeline_values']);
  });

  it('stage history: hand-computed durations, and the stages known before tracking', async () => {
    const rows = await q(`select list_entry_id, stage, entered_at, left_at, duration_seconds, before_tracking
      from list_entry_stage_history order by list_entry_id, entered_at, left_at`);
    const got = rows.map((r) => [
      Number(r.list_entry_id),
      r.stage,
      r.entered_at,
      r.left_at,
      r.duration_seconds === null ? null : Number(r.duration_seconds),
      Boolean(r.before_tracking),
    ]);
    const nulls = dialect === 'postgres' ? 'last' : 'first';
    const e9002 = [
      [9002, null, null, '2024-02-01T00:00:00.000Z', null, true],
      [9002, 'Won', '2024-02-01T00:00:00.000Z', null, null, false],
    ];
    expect(got).toEqual([
      [9001, 'Lead', '2024-01-01T00:00:00.000Z', '2024-01-03T12:00:00.000Z', 216000, false],
      [9001, 'Won', '2024-01-03T12:00:00.000Z', '2024-01-04T12:30:00.000Z', 88200, false],
      [9001, 'Lost', '2024-01-04T12:30:00.000Z', null, null, false],
      ...(nulls === 'first' ? e9002 : [...e9002].reverse()),
      [9003, 'Lead', null, null, null, true],
    ]);
  });
});
