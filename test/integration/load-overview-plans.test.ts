/**
 * The overviews run no subquery per row (issue 17): counts, notes and the deal's stage are aggregated once
 * for all rows and joined. Per-row subqueries made PostgreSQL's estimated cost of `person_overview` high
 * enough that its JIT compiled for over a second (more than the query ran) and made it scan `fields` once
 * per field value for the stage. The plans say it: no `SubPlan` (PostgreSQL), no `CORRELATED` subquery (SQLite).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Db } from '../../src/load/db.ts';
import { refreshViews } from '../../src/load/views/refresh.ts';
import { forEachDialect, freshMigratedDb } from '../helpers/dialects.ts';

const OVERVIEWS = ['company_overview', 'person_overview', 'opportunity_overview'];

forEachDialect('load: overview plans', (dialect) => {
  let ctx: Awaited<ReturnType<typeof freshMigratedDb>> | undefined;
  const db = (): Db => ctx!.db;
  beforeAll(async () => {
    ctx = await freshMigratedDb(dialect);
    await refreshViews(db());
  });
  afterAll(async () => {
    await ctx?.cleanup();
  });

  it.each(OVERVIEWS)('%s runs no subquery per row', async (view) => {
    const explain = dialect === 'postgres' ? 'explain (format text)' : 'explain query plan';
    const rows = (await sql.raw<Record<string, unknown>>(`${explain} select * from "${view}"`).execute(db().kysely)).rows;
    const plan = rows.map((r) => Object.values(r).join(' ')).join('\n');
    expect(plan).not.toMatch(/SubPlan|CORRELATED/);
  });
});
