/**
 * Vitest global setup: the PostgreSQL test database commits without waiting for its WAL to reach the disk
 * (`synchronous_commit = off`, for every connection to it while the run lasts, the command line's children
 * included), and gets its setting back at the end.
 *
 * Why: the end-to-end syncs commit once a page, and on this machine's disk each flush made a PostgreSQL
 * full sync of `E2E_SCALE` wait 1.5-2 s of its 6-7 s (one sync timed alone with and without the flush,
 * docs/testing.md). Nothing a test checks depends on the flush: every kill in the suite kills relsync, never
 * the server, and a commit is visible to every other session the moment it returns either way. relsync
 * itself sets nothing: in production the operator's server keeps its own durability setting.
 */
import pg from 'pg';
import { PG_BASE_URL, testDialects } from '../helpers/test-env.ts';

async function setCommitMode(value: 'off' | null): Promise<void> {
  const client = new pg.Client({ connectionString: PG_BASE_URL });
  await client.connect();
  try {
    const db = (await client.query<{ db: string }>('select current_database() as db')).rows[0]!.db;
    const name = `"${db.replaceAll('"', '""')}"`;
    await client.query(value === null ? `ALTER DATABASE ${name} RESET synchronous_commit` : `ALTER DATABASE ${name} SET synchronous_commit = ${value}`);
  } finally {
    await client.end();
  }
}

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (!testDialects(process.env.RELSYNC_TEST_DIALECTS).includes('postgres')) return undefined;
  try {
    await setCommitMode('off');
  } catch (err) {
    // A role that may not alter the database (RELSYNC_TEST_PG_URL) only makes the run slower.
    console.warn(`pg test setup: synchronous_commit left as it is (${(err as Error).message})`);
    return undefined;
  }
  return async () => {
    await setCommitMode(null).catch(() => undefined);
  };
}
