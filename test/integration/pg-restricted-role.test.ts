/**
 * A PostgreSQL role with only row rights (SELECT/INSERT/UPDATE/DELETE) on a warehouse another role
 * created, and an analyst's view that depends on a relsync view. Before: `?schema=` always ran CREATE
 * SCHEMA, so such a role could not connect ("Check that PostgreSQL is running"); `migrate` failed with
 * "unexpected error" on the first view it could not replace; one blocked view stopped every other view's
 * refresh. Now each case names what is missing and what to grant, and every other view is refreshed.
 * PostgreSQL only: SQLite has no roles.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserError } from '../../src/errors.ts';
import { applyBatch } from '../../src/load/write/apply-batch.ts';
import { openDatabase, parseDatabaseUrl } from '../../src/load/db.ts';
import { refreshViews } from '../../src/load/views/refresh.ts';
import { runCli } from '../helpers/cli.ts';
import { freshMigratedDb, PG_BASE_URL } from '../helpers/dialects.ts';

const T1 = '2024-04-01T07:00:00.000Z';
const role = `relsync_dml_${randomBytes(4).toString('hex')}`;

async function admin(text: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_BASE_URL });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

describe('a PostgreSQL role with only row rights [postgres]', () => {
  let owner: Awaited<ReturnType<typeof freshMigratedDb>>;
  let schema: string;
  let roleUrl: (schema: string) => string;
  beforeAll(async () => {
    owner = await freshMigratedDb('postgres');
    schema = parseDatabaseUrl(owner.url).schema!;
    await applyBatch(owner.db.kysely, owner.db.dialect, { upserts: { lists: [{ id: 1001, name: 'Deal Pipeline', type: 'opportunity' }] }, replace: [] }, T1);
    await refreshViews(owner.db);
    await admin(`create role ${role} login`);
    await admin(`grant usage on schema "${schema}" to ${role}; grant select, insert, update, delete on all tables in schema "${schema}" to ${role}`);
    const u = new URL(PG_BASE_URL);
    u.username = role;
    roleUrl = (s) => `${u.toString()}?schema=${s}`;
  });
  afterAll(async () => {
    await owner?.cleanup();
    await admin(`drop owned by ${role}; drop role if exists ${role}`).catch(() => undefined);
  });

  it('connects to a schema that exists, and says what to grant for one that does not', async () => {
    const db = await openDatabase(roleUrl(schema));
    expect(await db.kysely.selectFrom('lists').select('id').execute()).toEqual([{ id: 1001 }]);
    await db.close();
    const err = await openDatabase(roleUrl('relsync_missing_schema')).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(UserError);
    expect((err as UserError).message).toBe(`Schema "relsync_missing_schema" does not exist, and PostgreSQL user "${role}" may not create it.`);
    expect((err as UserError).hint).toContain(`AUTHORIZATION "${role}"`);
  });

  it('migrate as that role: loads nothing new, says which view it may not replace and how to fix it, exit 2', async () => {
    await owner.db.kysely.updateTable('lists').set({ name: 'Pipeline' }).where('id', '=', 1001).execute();
    const r = await runCli(['migrate'], { env: { DATABASE_URL: roleUrl(schema) } });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).not.toContain('unexpected error');
    expect(r.stderr).toMatch(
      /^relsync: \d+ analyst view\(s\) could not be refreshed: view "list_1001_\w+" could not be replaced \(.*(must be owner|permission denied)/,
    );
    expect(r.stderr).toContain('relsync migrate` as the role that owns the schema');
  }, 60_000);

  it("an analyst's view on a relsync view blocks only that view; the others are refreshed and the blocked one named", async () => {
    await refreshViews(owner.db);
    await admin(`create view "${schema}".my_report as select * from "${schema}".list_1001_pipeline`);
    await owner.db.kysely.updateTable('lists').set({ name: 'Deals' }).where('id', '=', 1001).execute();
    await applyBatch(owner.db.kysely, owner.db.dialect, { upserts: { lists: [{ id: 1002, name: 'Hiring', type: 'person' }] }, replace: [] }, T1);
    const out = await refreshViews(owner.db);
    expect(out.created).toContain('list_1002_hiring');
    expect(out.refused.map((x) => x.view)).toEqual(['list_1001_pipeline']);
    expect(out.refused[0]!.reason).toMatch(/^another view depends on "list_1001_pipeline" \(.*my_report/);
  });
});
