/**
 * What the environment selects for a test run, with no test framework or src imports, so that vitest's
 * global setup (test/setup) can read it too: the PostgreSQL test database and the dialects under test.
 */
import pg from 'pg';
import type { DialectName } from '../../src/load/db.ts';

/** Base URL of the PostgreSQL test database; CI and the dev machines run it on 127.0.0.1:5432. */
export const PG_BASE_URL = process.env.RELSYNC_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Run `fn` on a connection of its own to the PostgreSQL test database, closed after. */
export async function withPgAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_BASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const ALL_DIALECTS: readonly DialectName[] = ['sqlite', 'postgres'];

/**
 * The dialects database tests run on: both, or only those `RELSYNC_TEST_DIALECTS` names (comma-separated)
 * for a quick loop on one side. CI and `npm test` set nothing, so every database test runs on both.
 */
export function testDialects(env: string | undefined): readonly DialectName[] {
  if (env === undefined || env.trim() === '') return ALL_DIALECTS;
  const named = env.split(',').map((d) => d.trim());
  const unknown = named.filter((d) => !(ALL_DIALECTS as readonly string[]).includes(d));
  if (unknown.length > 0) throw new Error(`RELSYNC_TEST_DIALECTS: unknown dialect ${unknown.join(', ')}; use ${ALL_DIALECTS.join(', ')} (comma-separated)`);
  return ALL_DIALECTS.filter((d) => named.includes(d));
}
