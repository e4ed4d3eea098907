/**
 * The queries `relsync demo` suggests answer what their titles say, on both dialects, against the
 * simulator's own data: every live deal counted by stage (those without one too), a company's deals
 * from `opportunity_companies` (not reached through its people), no deleted rows, no NULL names.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DEMO_QUERIES } from '../../src/cli/demo-command.ts';
import { forEachDialect } from '../helpers/dialects.ts';
import { startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';

type Row = Record<string, unknown>;

forEachDialect('demo queries on simulator data', (dialect) => {
  let f: SyncFixture | undefined;
  const run = async (i: number): Promise<Row[]> => (await sql.raw<Row>(DEMO_QUERIES[i]!.sql.replace(/;$/, '')).execute(f!.db.kysely)).rows;
  beforeAll(async () => {
    f = await startSyncFixture({ dialect, scale: 'tiny' });
    expect((await f.runFull()).summary.status).toBe('succeeded');
    // A deal without a status, and a person with no first name, on the company the query picks.
    await sql`delete from field_values where entity_type = 'opportunity' and entity_id = (select min(id) from opportunities)`.execute(f.db.kysely);
    await sql`update persons set first_name = null where id = (select min(person_id) from company_persons)`.execute(f.db.kysely);
  });
  afterAll(async () => {
    await f?.close();
  });

  it('pipeline by stage counts every live deal once, those without a status included', async () => {
    const rows = await run(0);
    const live = [...f!.sim.store.opportunities.keys()].length;
    expect(rows.reduce((n, r) => n + Number(r.deals), 0)).toBe(live);
    expect(rows.map((r) => r.stage)).toContain('(no status)');
  });

  it("a company's deals are its own (opportunity_companies), its people have names", async () => {
    const rows = await run(1);
    const deals = rows.filter((r) => r.kind === 'deal').map((r) => Number(r.id));
    const people = rows.filter((r) => r.kind === 'person');
    const company = [...f!.sim.store.companies.values()].find((c) => c.opportunityIds.length > 0 && deals.includes(c.opportunityIds[0]!));
    expect(company).toBeDefined();
    expect([...deals].sort((a, b) => a - b)).toEqual([...company!.opportunityIds].sort((a, b) => a - b));
    expect(people.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual([...company!.personIds].sort((a, b) => a - b));
    for (const p of people) expect(p.name).toEqual(expect.any(String));
  });

  it('most recent field changes: the newest change first', async () => {
    const rows = await run(2);
    const newest = f!.sim.store.fieldValueChanges.at(-1)!;
    expect(new Date(String(rows[0]!.changed_at)).toISOString()).toBe(newest.changedAt);
  });
});
