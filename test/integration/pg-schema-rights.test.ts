/**
 * Issue 33 item 9: a PostgreSQL role with no rights on the warehouse's schema. Before: `sync` said
 * "unexpected error: permission denied for schema", exit 1, and `status` then said the warehouse had no
 * relsync tables and to run `migrate`. Now both say which grant is missing, exit 2, before any write.
 * PostgreSQL only: SQLite has no roles.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../../src/load/db.ts';
import { STACK_FRAME, runCli } from '../helpers/cli.ts';
import { DIALECTS, freshMigratedDb, PG_BASE_URL } from '../helpers/dialects.ts';
import { withPgAdmin } from '../helpers/test-env.ts';

const role = `relsync_none_${randomBytes(4).toString('hex')}`;

const admin = (text: string) => withPgAdmin((c) => c.query(text));

describe.skipIf(!DIALECTS.includes('postgres'))('a PostgreSQL role with no rights on the schema [postgres]', () => {
  let owner: Awaited<ReturnType<typeof freshMigratedDb>>;
  let url: string;
  let schema: string;
  beforeAll(async () => {
    owner = await freshMigratedDb('postgres');
    schema = parseDatabaseUrl(owner.url).schema!;
    await admin(`create role ${role} login`);
    const u = new URL(PG_BASE_URL);
    u.username = role;
    url = `${u.toString()}?schema=${schema}`;
  });
  afterAll(async () => {
    await owner?.cleanup();
    await admin(`drop owned by ${role}; drop role if exists ${role}`).catch(() => undefined);
  });

  it.each([['sync'], ['status']])('%s: one line naming the missing grant, exit 2', async (command) => {
    const r = await runCli([command], { env: { DATABASE_URL: url, AFFINITY_API_KEY: 'key-8f3KqZ1x', AFFINITY_BASE_URL: 'http://127.0.0.1:9' } });
    expect(r.code, r.stderr).toBe(2);
    const lines = r.stderr.split('\n').filter((l) => l.startsWith('relsync:'));
    expect(lines).toEqual([`relsync: PostgreSQL user "${role}" has no rights on schema "${schema}" (USAGE is not granted).`]);
    expect(r.stderr).toContain(`GRANT USAGE ON SCHEMA "${schema}" TO "${role}"`);
    expect(r.stderr).not.toMatch(/unexpected error|relsync migrate/);
    expect(r.stderr).not.toMatch(STACK_FRAME);
    expect(await owner.db.kysely.selectFrom('sync_runs').select('id').execute()).toEqual([]);
  });
});
