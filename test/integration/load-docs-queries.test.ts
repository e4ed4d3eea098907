import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Db } from '../../src/load/db.ts';
import { applyBatch } from '../../src/load/write/apply-batch.ts';
import { forEachDialect, freshMigratedDb } from '../helpers/dialects.ts';

// The example queries of docs/warehouse.md must run, and answer correctly, on both dialects.
const doc = readFileSync(new URL('../../docs/warehouse.md', import.meta.url), 'utf8');
const queries = [...doc.matchAll(/```sql\n([\s\S]*?)```/g)].map((m) => m[1]!.trim().replace(/;$/, ''));
const T1 = '2024-04-01T07:00:00.000Z';

forEachDialect('load: docs/warehouse.md example queries', (dialect) => {
  let ctx: Awaited<ReturnType<typeof freshMigratedDb>> | undefined;
  const db = (): Db => ctx!.db;
  beforeAll(async () => {
    ctx = await freshMigratedDb(dialect);
    const stage = (opp: number, entry: number, option: number, text: string) => ({
      field_id: 'field-1625',
      entity_type: 'opportunity',
      entity_id: opp,
      list_entry_id: entry,
      value_index: 0,
      value_type: 'ranked-dropdown',
      value_json: JSON.stringify({ dropdownOptionId: option, text }),
      value_text: text,
      ref_id: option,
      list_id: 42,
    });
    await applyBatch(
      db().kysely,
      db().dialect,
      {
        upserts: {
          companies: [{ id: 123, name: 'Acme' }],
          persons: [
            { id: 1, first_name: 'Ann', last_name: 'Lee' },
            { id: 2, first_name: 'Bo', last_name: null },
            { id: 3, first_name: 'Gone' },
          ],
          opportunities: [
            { id: 501, name: 'Acme seed', list_id: 42, list_entry_id: 9001 },
            { id: 502, name: 'Acme A', list_id: 42, list_entry_id: 9002 },
            { id: 503, name: 'Other', list_id: 42, list_entry_id: 9003 },
            { id: 504, name: 'No stage', list_id: 42, list_entry_id: 9004 },
            { id: 505, name: null, list_id: 42, list_entry_id: 9005 },
          ],
          fields: [{ id: 'field-1625', name: 'Status', type: 'list', value_type: 'ranked-dropdown', list_id: 42 }],
        },
        replace: [
          {
            table: 'dropdown_options',
            scope: ['field_id'],
            owners: [{ field_id: 'field-1625' }],
            rows: [
              { field_id: 'field-1625', id: 1, text: 'Lead', rank: 0 },
              { field_id: 'field-1625', id: 2, text: 'Won', rank: 1 },
            ],
          },
          {
            table: 'field_values',
            scope: ['list_entry_id'],
            owners: [{ list_entry_id: 9001 }, { list_entry_id: 9002 }, { list_entry_id: 9003 }],
            rows: [stage(501, 9001, 1, 'Lead'), stage(502, 9002, 1, 'Lead'), stage(503, 9003, 2, 'Won')],
          },
          {
            table: 'company_persons',
            scope: ['company_id'],
            owners: [{ company_id: 123 }],
            rows: [
              { company_id: 123, person_id: 1 },
              { company_id: 123, person_id: 2 },
              { company_id: 123, person_id: 3 },
            ],
          },
          {
            table: 'opportunity_companies',
            scope: ['opportunity_id'],
            owners: [{ opportunity_id: 501 }, { opportunity_id: 502 }, { opportunity_id: 505 }],
            rows: [
              { opportunity_id: 501, company_id: 123 },
              { opportunity_id: 502, company_id: 123 },
              { opportunity_id: 505, company_id: 123 },
            ],
          },
        ],
      },
      T1,
    );
    await db().kysely.updateTable('persons').set({ _deleted_at: T1 }).where('id', '=', 3).execute();
  });
  afterAll(async () => {
    await ctx?.cleanup();
  });

  it('the docs carry two example queries', () => {
    expect(queries).toHaveLength(2);
  });

  it('pipeline by stage counts deals per Status option, in stage order with the deals without a status last on both dialects', async () => {
    const r = await sql.raw<{ stage: string; stage_rank: number | null; deals: number | string }>(queries[0]!).execute(db().kysely);
    expect(r.rows.map((x) => [x.stage, x.stage_rank, Number(x.deals)])).toEqual([
      ['Lead', 0, 2],
      ['Won', 1, 1],
      ['(no status)', null, 2],
    ]);
  });

  it("a company's people and deals, without soft-deleted rows; a deal with no name last on both dialects", async () => {
    const r = await sql.raw<{ kind: string; id: number; name: string }>(queries[1]!).execute(db().kysely);
    expect(r.rows.map((x) => [x.kind, Number(x.id), x.name])).toEqual([
      ['deal', 502, 'Acme A'],
      ['deal', 501, 'Acme seed'],
      ['deal', 505, null],
      ['person', 1, 'Ann Lee'],
      ['person', 2, 'Bo'],
    ]);
  });
});
