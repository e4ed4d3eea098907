/**
 * `current_<table>` views: the live rows, every column but `_deleted_at`, `_deleted_seen_at` and `_raw` (issue 17: `_raw` is
 * most of a person's bytes at medium scale and made `select *` of `current_persons` take over a second);
 * the table keeps `_raw`.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Db } from '../../src/load/db.ts';
import { applyBatch } from '../../src/load/write/apply-batch.ts';
import { WAREHOUSE } from '../../src/load/schema/registry/warehouse.ts';
import { refreshViews } from '../../src/load/views/refresh.ts';
import { forEachDialect, freshMigratedDb } from '../helpers/dialects.ts';

const T1 = '2024-04-01T07:00:00.000Z';

forEachDialect('load: current_* views', (dialect) => {
  let ctx: Awaited<ReturnType<typeof freshMigratedDb>> | undefined;
  const db = (): Db => ctx!.db;
  const q = async (text: string) => (await sql.raw<Record<string, unknown>>(text).execute(db().kysely)).rows;
  beforeAll(async () => {
    ctx = await freshMigratedDb(dialect);
    const persons = [
      { id: 1, first_name: 'Ann', _raw: '{"id":1,"extra":"kept"}' },
      { id: 2, first_name: 'Gone', _raw: '{"id":2}' },
    ];
    await applyBatch(db().kysely, db().dialect, { upserts: { persons }, replace: [] }, T1);
    await sql`update persons set _deleted_at = ${T1} where id = 2`.execute(db().kysely);
    await refreshViews(db());
  });
  afterAll(async () => {
    await ctx?.cleanup();
  });

  it('current_persons: the live rows, every column but _deleted_at, _deleted_seen_at and _raw; the table keeps _raw', async () => {
    const rows = await q('select * from current_persons');
    expect(rows.map((r) => r.first_name)).toEqual(['Ann']);
    const expected = Object.keys(WAREHOUSE.persons.columns).filter((c) => !['_deleted_at', '_deleted_seen_at', '_raw'].includes(c));
    expect(Object.keys(rows[0]!)).toEqual(expected);
    const [raw] = await q('select _raw from persons where id = 1');
    const value = raw!._raw;
    expect(typeof value === 'string' ? JSON.parse(value) : value).toMatchObject({ extra: 'kept' });
  });
});
