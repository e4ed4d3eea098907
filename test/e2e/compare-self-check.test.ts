/**
 * The e2e tests are only as good as the warehouse comparison: after a clean sync, damage the warehouse in
 * small, typical ways (a changed cell, a lost value of a multi-valued cell, a wrong typed column, an
 * extra association row, a wrong soft delete, an upstream record never synced) and check that each is
 * reported, on the right table, readably.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createCompany } from '@relsync/simulator';
import { forEachDialect } from '../helpers/dialects.ts';
import { startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';
import { compareWarehouseToStore } from '../helpers/warehouse-compare.ts';

forEachDialect('e2e: the warehouse comparison catches differences', (dialect) => {
  let f: SyncFixture;
  beforeAll(async () => {
    f = await startSyncFixture({ dialect, scale: 'tiny' });
    expect((await f.runFull()).summary.status).toBe('succeeded');
    expect((await compareWarehouseToStore(f.db, f.sim)).problems).toEqual([]);
  }, 60_000);
  afterAll(async () => {
    await f?.close();
  });

  it('reports each kind of damage on its own table', async () => {
    const k = f.db.kysely;
    const [company] = [...f.sim.store.companies.values()].sort((a, b) => a.id - b.id);
    await sql`update companies set name = 'Wrong Name' where id = ${company!.id}`.execute(k);
    const victim = (
      await sql<{
        field_id: string;
        entity_id: number;
      }>`select field_id, entity_id from field_values where value_type = 'dropdown-multi' and value_index = 1 limit 1`.execute(k)
    ).rows[0]!;
    await sql`delete from field_values where field_id = ${victim.field_id} and entity_id = ${victim.entity_id} and value_index = 1`.execute(k);
    await sql`update field_values set value_number = value_number + 1 where value_type = 'ranked-dropdown' and list_entry_id <> 0 and entity_id = (select min(entity_id) from field_values where value_type = 'ranked-dropdown' and list_entry_id <> 0)`.execute(
      k,
    );
    await sql`insert into company_persons (company_id, person_id, _synced_at) values (${company!.id}, 123, ${new Date().toISOString()})`.execute(k);
    await sql`update persons set _deleted_at = ${new Date().toISOString()} where id = (select min(id) from persons)`.execute(k);
    createCompany(f.sim.store, { name: 'Never Synced Ltd' });

    const r = await compareWarehouseToStore(f.db, f.sim);
    const tables = r.problems.map((p) => p.split(':')[0]);
    expect(tables.sort()).toEqual(['companies', 'company_persons', 'field_values', 'persons'].sort());
    const text = r.problems.join('\n');
    expect(text).toContain(`${company!.id}: name expected ${JSON.stringify(company!.name)}, got "Wrong Name"`);
    expect(text).toMatch(/companies: 2 mismatch\(es\) \(1 missing, 0 extra, 1 differing/);
    // The victim may be a list entry's value: its key holds the entry's id where an entity's holds 0.
    expect(text).toMatch(new RegExp(`${victim.field_id}\\|\\w+\\|${victim.entity_id}\\|\\d+\\|1: missing`));
    expect(text).toMatch(/value_number expected \d+, got \d+/);
    expect(text).toMatch(new RegExp(`${company!.id}\\|123: extra row`));
    expect(text).toMatch(/persons: 1 mismatch.*\n.*soft-deleted .* but live upstream/);
  });
});
