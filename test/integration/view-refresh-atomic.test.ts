/**
 * A view refresh that dies part-way (a kill, a crash, a statement that fails) leaves every analyst view as
 * it was: the drops and creates are one transaction on both dialects, so a process killed inside it never
 * committed any of them. Shown deterministically: the new definition's CREATE fails after the old view was
 * dropped in the same transaction; the old view is still there, and the next refresh completes.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { applyBatch } from '../../src/load/write/apply-batch.ts';
import type { Db } from '../../src/load/db.ts';
import { refreshViews } from '../../src/load/views/refresh.ts';
import { forEachDialect, useMigratedDb } from '../helpers/dialects.ts';

const T1 = '2024-04-01T07:00:00.000Z';

async function relationNames(db: Db, like: string): Promise<string[]> {
  const rows =
    db.dialect.name === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'view' and name like ${like} order by name`.execute(db.kysely)
      : await sql<{
          name: string;
        }>`select table_name as name from information_schema.views where table_schema = current_schema() and table_name like ${like} order by table_name`.execute(
          db.kysely,
        );
  return rows.rows.map((r) => r.name);
}

forEachDialect('a view refresh that dies part-way', (dialect) => {
  const db = useMigratedDb(dialect);

  it('leaves the old views in place and queryable; the next refresh completes', async () => {
    await applyBatch(db().kysely, db().dialect, { upserts: { lists: [{ id: 1001, name: 'Deal Pipeline', type: 'opportunity' }] }, replace: [] }, T1);
    await refreshViews(db());
    expect(await relationNames(db(), 'list_1001_%')).toEqual(['list_1001_deal_pipeline', 'list_1001_deal_pipeline_values']);

    // The list is renamed: the refresh drops list_1001_deal_pipeline, then creates list_1001_deals, which fails
    // here because a table of that name is in the way (standing in for the process dying at that statement).
    await db().kysely.updateTable('lists').set({ name: 'Deals' }).where('id', '=', 1001).execute();
    await sql.raw('create table list_1001_deals (x integer)').execute(db().kysely);
    await expect(refreshViews(db())).rejects.toThrow(/list_1001_deals/);
    expect(await relationNames(db(), 'list_1001_%')).toEqual(['list_1001_deal_pipeline', 'list_1001_deal_pipeline_values']);
    await sql.raw('select count(*) from list_1001_deal_pipeline').execute(db().kysely);

    await sql.raw('drop table list_1001_deals').execute(db().kysely);
    const out = await refreshViews(db());
    expect(out.created).toContain('list_1001_deals');
    expect(out.dropped).toContain('list_1001_deal_pipeline');
    expect(await relationNames(db(), 'list_1001_%')).toEqual(['list_1001_deals', 'list_1001_deals_values']);
  });
});
