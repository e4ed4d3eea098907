/**
 * Views that answer what docs/warehouse.md ("Views") says they answer, on hand-built data on both dialects:
 * `field_value_history.previous_value_text` is the cell before the change (never another element of a
 * multi-valued cell, never the value a delete removed), `person_overview.notes` counts notes attached
 * to the person (not those only mentioning them), a list view skips entries of deleted records and shows
 * a note value as text, and a list's `_values` view filters on a multi-valued field the same way everywhere.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Db } from '../../src/load/db.ts';
import { applyBatch } from '../../src/load/write/apply-batch.ts';
import { refreshViews } from '../../src/load/views/refresh.ts';
import { forEachDialect, freshMigratedDb } from '../helpers/dialects.ts';

const T1 = '2024-04-01T07:00:00.000Z';

const change = (id: number, field: string, valueType: string, action: string, at: string, text: string) => ({
  id,
  field_id: field,
  entity_type: 'company',
  entity_id: 100,
  list_entry_id: null,
  action_type: action,
  changed_at: at,
  value_type: valueType,
  value_json: JSON.stringify(text),
  value_text: text,
});

const value = (field: string, entry: number, company: number, idx: number, type: string, text: string, json: unknown = text) => ({
  field_id: field,
  entity_type: 'company',
  entity_id: company,
  list_entry_id: entry,
  value_index: idx,
  value_type: type,
  value_json: JSON.stringify(json),
  value_text: text,
  list_id: 50,
});

forEachDialect('load: views answer what the docs say', (dialect) => {
  let ctx: Awaited<ReturnType<typeof freshMigratedDb>> | undefined;
  const db = (): Db => ctx!.db;
  const q = async (text: string) => (await sql.raw<Record<string, unknown>>(text).execute(db().kysely)).rows;
  beforeAll(async () => {
    ctx = await freshMigratedDb(dialect);
    await applyBatch(
      db().kysely,
      db().dialect,
      {
        upserts: {
          companies: [
            { id: 100, name: 'Live Co' },
            { id: 101, name: 'Gone Co' },
          ],
          persons: [{ id: 1, first_name: 'Ann', last_name: 'Lee' }],
          notes: [
            { id: 10, type: 'entities', content_text: 'about Ann', created_at: '2024-01-01T00:00:00.000Z' },
            { id: 11, type: 'entities', content_text: 'mentions Ann', created_at: '2024-02-01T00:00:00.000Z' },
          ],
          lists: [{ id: 50, name: 'Targets', type: 'company' }],
          list_entries: [
            { id: 5001, list_id: 50, entity_type: 'company', entity_id: 100 },
            { id: 5002, list_id: 50, entity_type: 'company', entity_id: 101 },
          ],
          fields: [
            { id: 'field-8', name: 'Owner note', type: 'global', value_type: 'text', entity_type: 'company' },
            { id: 'field-9', name: 'Tags', type: 'global', value_type: 'dropdown-multi', entity_type: 'company', allows_multiple: true },
            { id: 'field-11', name: 'Latest Note', type: 'list', value_type: 'note', list_id: 50 },
            { id: 'field-12', name: 'Industry', type: 'list', value_type: 'filterable-text-multi', list_id: 50, allows_multiple: true },
          ],
          field_value_changes: [
            // Multi-valued: add A, add B, delete A. Each change is one element; none replaced another.
            change(1, 'field-9', 'dropdown-multi', 'add', '2024-01-01T00:00:00.000Z', 'A'),
            change(2, 'field-9', 'dropdown-multi', 'add', '2024-01-02T00:00:00.000Z', 'B'),
            change(3, 'field-9', 'dropdown-multi', 'delete', '2024-01-03T00:00:00.000Z', 'A'),
            // Single-valued: X, then emptied, then Y (nothing was there before Y).
            change(4, 'field-8', 'text', 'add', '2024-01-01T00:00:00.000Z', 'X'),
            change(5, 'field-8', 'text', 'update', '2024-01-02T00:00:00.000Z', 'W'),
            change(6, 'field-8', 'text', 'delete', '2024-01-03T00:00:00.000Z', 'W'),
            change(7, 'field-8', 'text', 'add', '2024-01-04T00:00:00.000Z', 'Y'),
          ],
        },
        replace: [
          {
            table: 'note_attachments',
            scope: ['note_id'],
            owners: [{ note_id: 10 }, { note_id: 11 }],
            rows: [
              { note_id: 10, entity_type: 'person', entity_id: 1, attached: true, mentioned: false },
              { note_id: 11, entity_type: 'person', entity_id: 1, attached: false, mentioned: true },
            ],
          },
          {
            table: 'field_values',
            scope: ['list_entry_id'],
            owners: [{ list_entry_id: 5001 }, { list_entry_id: 5002 }],
            rows: [
              value('field-11', 5001, 100, 0, 'note', 'Met at dinner', { id: 10, content: { html: '<p>Met at dinner</p>' } }),
              value('field-12', 5001, 100, 0, 'filterable-text-multi', 'Fintech'),
              value('field-12', 5001, 100, 1, 'filterable-text-multi', 'AI'),
              value('field-12', 5002, 101, 0, 'filterable-text-multi', 'Fintech'),
            ],
          },
        ],
      },
      T1,
    );
    await db().kysely.updateTable('companies').set({ _deleted_at: T1 }).where('id', '=', 101).execute();
    await refreshViews(db());
  });
  afterAll(async () => {
    await ctx?.cleanup();
  });

  it('previous_value_text: never another element of a multi-valued cell; null after the cell was emptied', async () => {
    const rows = await q('select change_id, action_type, previous_value_text, value_text from field_value_history order by change_id');
    expect(rows.map((r) => [Number(r.change_id), r.action_type, r.previous_value_text, r.value_text])).toEqual([
      [1, 'add', null, 'A'],
      [2, 'add', null, 'B'],
      [3, 'delete', null, 'A'],
      [4, 'add', null, 'X'],
      [5, 'update', 'X', 'W'],
      [6, 'delete', 'W', 'W'],
      [7, 'add', null, 'Y'],
    ]);
  });

  it('person_overview.notes counts notes attached to the person, not those only mentioning them', async () => {
    const [ann] = await q('select notes, last_note_id from person_overview where person_id = 1');
    expect([Number(ann!.notes), Number(ann!.last_note_id)]).toEqual([1, 10]);
  });

  it("a list view skips entries of deleted records and shows a note value's text", async () => {
    const rows = await q('select list_entry_id, latest_note, industry_text from list_50_targets order by list_entry_id');
    expect(rows.map((r) => [Number(r.list_entry_id), r.latest_note, r.industry_text])).toEqual([[5001, 'Met at dinner', 'Fintech; AI']]);
  });

  it('list_50_targets_values: one row per element of a multi-valued cell, the one portable filter on such a field', async () => {
    const hits = await q(`select list_entry_id from list_50_targets where list_entry_id in
      (select list_entry_id from list_50_targets_values where field_name = 'Industry' and value_text = 'AI')`);
    expect(hits.map((r) => Number(r.list_entry_id))).toEqual([5001]);
    // Entry 5002's Fintech belongs to a deleted company: like the wide view, the values view skips it.
    const fintech = await q(`select list_entry_id from list_50_targets_values where field_name = 'Industry' and value_text = 'Fintech'`);
    expect(fintech.map((r) => Number(r.list_entry_id))).toEqual([5001]);
    const rows = await q(`select field_id, value_index, value_text from list_50_targets_values where list_entry_id = 5001 order by field_id, value_index`);
    // The single-valued note (field-11) is a typed column of the list view, not a row here.
    expect(rows.map((r) => [r.field_id, Number(r.value_index), r.value_text])).toEqual([
      ['field-12', 0, 'Fintech'],
      ['field-12', 1, 'AI'],
    ]);
  });
});
