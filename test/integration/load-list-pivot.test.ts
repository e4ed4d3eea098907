/**
 * A list's wide view reads the list's field values once and pivots them (issue 17): its SQL names
 * `field_values` once for the entries' own values and once for their entities' global values, however
 * many single-valued field columns it has (before, one scalar subquery per column: 40 index probes per
 * entry; SQLite still reads a multi-valued cell by its own ordered subquery, two per such field), and
 * every kind of column keeps its value on both dialects: typed single values, JSON of an unknown type,
 * multi-valued cells in value order (rows stored out of order, a number among texts, a JSON null), a
 * global value on the entity, and nothing from another list's entry of the same entity.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Db } from '../../src/load/db.ts';
import { applyBatch } from '../../src/load/write/apply-batch.ts';
import { listViews } from '../../src/load/views/list-views.ts';
import { refreshViews } from '../../src/load/views/refresh.ts';
import { forEachDialect, freshMigratedDb } from '../helpers/dialects.ts';

const T1 = '2024-04-01T07:00:00.000Z';
const MANY = 30;

type Value = { value_json: string | null; value_text?: string | null; value_number?: number | null; value_date?: string | null };

forEachDialect('load: list views pivot their values', (dialect) => {
  let ctx: Awaited<ReturnType<typeof freshMigratedDb>> | undefined;
  const db = (): Db => ctx!.db;
  const q = async (text: string) => (await sql.raw<Record<string, unknown>>(text).execute(db().kysely)).rows;
  const fv = (field: string, entity: number, entry: number, idx: number, type: string, v: Value) => ({
    field_id: field,
    entity_type: 'company',
    entity_id: entity,
    list_entry_id: entry,
    value_index: idx,
    value_type: type,
    ...v,
    list_id: entry === 0 ? null : entry < 8000 ? 7 : 8,
  });
  beforeAll(async () => {
    ctx = await freshMigratedDb(dialect);
    const many = Array.from({ length: MANY }, (_, i) => ({ id: `field-9${i}`, name: `Extra ${i}`, type: 'list', value_type: 'text', list_id: 7 }));
    const rows = [
      fv('field-1', 11, 7001, 0, 'number', { value_json: '3200000', value_number: 3200000 }),
      fv('field-2', 11, 7001, 0, 'datetime', { value_json: '"2024-05-06T07:08:09.000Z"', value_date: '2024-05-06T07:08:09.000Z' }),
      fv('field-3', 11, 7001, 0, 'mystery', { value_json: '{"a":1}' }),
      // Stored out of value order; the cell is b(0), 73.76(1), null(2), a(3).
      fv('field-4', 11, 7001, 3, 'text', { value_json: '"a"', value_text: 'a' }),
      fv('field-4', 11, 7001, 0, 'text', { value_json: '"b"', value_text: 'b' }),
      fv('field-4', 11, 7001, 2, 'text', { value_json: null }),
      fv('field-4', 11, 7001, 1, 'number', { value_json: '73.76', value_number: 73.76 }),
      fv('field-9', 11, 0, 0, 'text', { value_json: '"global"', value_text: 'global' }),
      fv('field-90', 12, 7002, 0, 'text', { value_json: '"second"', value_text: 'second' }),
      // The same entity's entry on another list, with a value of list 7's field: not list 7's.
      fv('field-1', 11, 8001, 0, 'number', { value_json: '5', value_number: 5 }),
    ];
    await applyBatch(
      db().kysely,
      db().dialect,
      {
        upserts: {
          lists: [
            { id: 7, name: 'Targets', type: 'company' },
            { id: 8, name: 'Other', type: 'company' },
          ],
          companies: [
            { id: 11, name: 'Acme' },
            { id: 12, name: 'Beta' },
          ],
          list_entries: [
            { id: 7001, list_id: 7, entity_type: 'company', entity_id: 11 },
            { id: 7002, list_id: 7, entity_type: 'company', entity_id: 12 },
            { id: 8001, list_id: 8, entity_type: 'company', entity_id: 11 },
          ],
          fields: [
            { id: 'field-1', name: 'Size', type: 'list', value_type: 'number', list_id: 7 },
            { id: 'field-2', name: 'Met', type: 'list', value_type: 'datetime', list_id: 7 },
            { id: 'field-3', name: 'Odd', type: 'list', value_type: 'mystery', list_id: 7 },
            { id: 'field-4', name: 'Tags', type: 'list', value_type: 'text-multi', list_id: 7, allows_multiple: true },
            { id: 'field-9', name: 'Sector', type: 'global', value_type: 'text', entity_type: 'company' },
            ...many,
          ],
        },
        replace: [{ table: 'field_values', scope: ['entity_id'], owners: [{ entity_id: 11 }, { entity_id: 12 }], rows }],
      },
      T1,
    );
    await refreshViews(db());
  });
  afterAll(async () => {
    await ctx?.cleanup();
  });

  it('reads field_values once per owner kind, however many single-valued field columns', async () => {
    const v = db().dialect.views;
    const view = (await listViews(db(), v)).find((x) => x.name === 'list_7_targets');
    // One multi-valued field (Tags): its array and its text, each a subquery where the pivot cannot order.
    expect(view?.sql.match(/\bfield_values\b/g)).toHaveLength(v.pivotsOrdered ? 2 : 4);
  });

  it('keeps every column kind and value, in value order, from this list only', async () => {
    const rows = await q('select * from "list_7_targets" order by list_entry_id');
    expect(rows).toHaveLength(2);
    const [a, b] = rows;
    expect(Number(a!.size)).toBe(3200000);
    expect(new Date(String(a!.met instanceof Date ? a!.met.toISOString() : a!.met)).toISOString()).toBe('2024-05-06T07:08:09.000Z');
    expect(typeof a!.odd === 'string' ? JSON.parse(a!.odd) : a!.odd).toEqual({ a: 1 });
    expect(typeof a!.tags === 'string' ? JSON.parse(a!.tags) : a!.tags).toEqual(['b', 73.76, null, 'a']);
    expect(a!.tags_text).toBe('b; 73.76; a');
    expect(a!.sector).toBe('global');
    expect(a!.extra_0).toBe(null);
    expect(b).toMatchObject({ name: 'Beta', size: null, tags: null, tags_text: null, sector: null, extra_0: 'second', extra_1: null });
  });
});
