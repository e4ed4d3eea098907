/**
 * A field deleted upstream (older interface DELETE /fields/{id}) leaves the warehouse: its `fields` row is
 * soft-deleted by the next completed fields sweep and its column leaves the list's wide view. Before, it
 * stayed live in `fields` and as an all-NULL view column, even after `sync --full`.
 */
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { simCall } from '@relsync/simulator/test-client';
import { refreshViews } from '../../src/load/views/refresh.ts';
import { forEachDialect } from '../helpers/dialects.ts';
import { startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';

forEachDialect('e2e: a field deleted upstream', (dialect) => {
  let f: SyncFixture | undefined;
  afterEach(async () => {
    await f?.close();
    f = undefined;
  });

  it('is soft-deleted by the next full sync, and its column leaves the list view; other fields stay', async () => {
    f = await startSyncFixture({ dialect, scale: 'tiny' });
    await f.runFull({ streams: ['lists', 'fields'] });
    const store = f.sim.store;
    const listField = [...store.fieldsByList.values()].flat().find((x) => x.v1Id !== null && !x.association);
    const companyField = (store.fieldsByEntity.get('company') ?? []).find((x) => x.v1Id !== null && !x.association);
    expect(listField && companyField).toBeTruthy();
    const live = async () => (await f!.db.kysely.selectFrom('fields').select('id').where('_deleted_at', 'is', null).execute()).map((r) => r.id).sort();
    const before = await live();
    expect(before).toEqual(expect.arrayContaining([listField!.id, companyField!.id]));
    const viewColumns = async () => {
      await refreshViews(f!.db);
      return columnsOf(f!, await viewOf(f!, `list_${listField!.listId}_`));
    };
    const colsBefore = await viewColumns();

    for (const x of [listField!, companyField!]) {
      expect((await simCall(f.sim, `/fields/${x.v1Id}`, { method: 'DELETE' })).json).toEqual({ success: true });
    }
    await f.runFull({ streams: ['lists', 'fields'] });
    expect(await live()).toEqual(before.filter((id) => id !== listField!.id && id !== companyField!.id));
    const gone = await f.db.kysely.selectFrom('fields').select(['id', '_deleted_at']).where('id', 'in', [listField!.id, companyField!.id]).execute();
    expect(gone.every((r) => r._deleted_at !== null)).toBe(true);
    expect(colsBefore).toBeGreaterThan(0);
    expect(await viewColumns()).toBe(colsBefore - 1);
  }, 120_000);
});

async function viewOf(f: SyncFixture, prefix: string): Promise<string> {
  const pg = await sql<{ name: string }>`select table_name as name from information_schema.views where table_schema = current_schema()`
    .execute(f.db.kysely)
    .catch(() => null);
  const all = pg?.rows ?? (await sql<{ name: string }>`select name from sqlite_master where type = 'view'`.execute(f.db.kysely)).rows;
  // The list's wide view, not its `_values` companion (one row per multi-valued element, no field columns).
  const hit = all.map((r) => r.name).find((n) => n.startsWith(prefix) && !n.endsWith('_values'));
  if (!hit) throw new Error(`no view ${prefix}*`);
  return hit;
}

async function columnsOf(f: SyncFixture, view: string): Promise<number> {
  const pg = await sql<{ n: number }>`select count(*) as n from information_schema.columns where table_schema = current_schema() and table_name = ${view}`
    .execute(f.db.kysely)
    .catch(() => null);
  const r = pg ?? (await sql<{ n: number }>`select count(*) as n from pragma_table_info(${view})`.execute(f.db.kysely));
  return Number(r.rows[0]?.n ?? 0);
}
