/**
 * Vitest global setup for the PostgreSQL test database: it commits without waiting for its WAL to reach the
 * disk (`synchronous_commit = off`, for every connection to it while the run lasts, the command line's
 * children included) and gets its setting back at the end; the forks pool migrated warehouses under this
 * run's name (test/helpers/pg-warehouse-pool.ts), dropped at the end; and its catalogs are vacuumed (below).
 *
 * Why: the end-to-end syncs commit once a page, and on this machine's disk each flush made a PostgreSQL
 * full sync of `E2E_SCALE` wait 1.5-2 s of its 6-7 s (one sync timed alone with and without the flush,
 * docs/testing.md). Nothing a test checks depends on the flush: every kill in the suite kills relsync, never
 * the server, and a commit is visible to every other session the moment it returns either way. relsync
 * itself sets nothing: in production the operator's server keeps its own durability setting.
 */
import { randomBytes } from 'node:crypto';
import { dropPooled } from '../helpers/pg-warehouse-pool.ts';
import { dropOrphanedSchemas } from '../helpers/test-schemas.ts';
import { testDialects, withPgAdmin } from '../helpers/test-env.ts';

async function setCommitMode(value: 'off' | null): Promise<void> {
  await withPgAdmin(async (client) => {
    const db = (await client.query<{ db: string }>('select current_database() as db')).rows[0]!.db;
    const name = `"${db.replaceAll('"', '""')}"`;
    await client.query(value === null ? `ALTER DATABASE ${name} RESET synchronous_commit` : `ALTER DATABASE ${name} SET synchronous_commit = ${value}`);
  });
}

/** The catalogs a schema's creation and drop write to. */
const CATALOGS = [
  'pg_class',
  'pg_attribute',
  'pg_depend',
  'pg_type',
  'pg_index',
  'pg_constraint',
  'pg_attrdef',
  'pg_description',
  'pg_rewrite',
  'pg_namespace',
];
/** pg_attribute past this holds mostly dead rows (a migrated warehouse adds about 700 live ones, ~100 kB). */
const BLOATED_BYTES = 32 * 1024 * 1024;

/**
 * The suite creates and drops a hundred schemas and more a run, each leaving dead rows in the catalogs. With
 * autovacuum off (as on this machine's server) they pile up run after run: pg_attribute had grown to 107 MB
 * for 6,700 live rows, catalog lookups then took 40-70 ms where 2 ms do, and the planner sent them to
 * parallel workers. A plain VACUUM after each run keeps the space reusable; a bloated catalog is rewritten
 * (VACUUM FULL, about a second) before the run. A role that may not vacuum them only makes the run slower.
 */
async function vacuumCatalogs(when: 'before' | 'after'): Promise<void> {
  const tables = CATALOGS.map((t) => `pg_catalog.${t}`).join(', ');
  await withPgAdmin(async (client) => {
    if (when === 'after') await client.query(`VACUUM (ANALYZE) ${tables}`);
    else {
      const size = Number((await client.query<{ n: string }>("select pg_relation_size('pg_catalog.pg_attribute') as n")).rows[0]!.n);
      if (size > BLOATED_BYTES) await client.query(`VACUUM (FULL, ANALYZE) ${tables}`);
    }
  }).catch((err: Error) => console.warn(`pg test setup: catalogs not vacuumed (${err.message})`));
}

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (!testDialects(process.env.RELSYNC_TEST_DIALECTS).includes('postgres')) return undefined;
  // Migrated warehouses are pooled within each fork (test/helpers/pg-warehouse-pool.ts); the forks inherit
  // this run's name, and the teardown drops what they pooled.
  const run = randomBytes(3).toString('hex');
  process.env.RELSYNC_TEST_POOL = run;
  // What runs killed before their cleanup left (test/helpers/test-schemas.ts), before the catalogs are vacuumed.
  const orphans = await dropOrphanedSchemas().catch((err: Error) => (console.warn(`pg test setup: leftover schemas not dropped (${err.message})`), []));
  if (orphans.length > 0) console.warn(`pg test setup: dropped ${orphans.length} schemas that killed runs left`);
  await vacuumCatalogs('before');
  const teardownPool = async () => {
    await dropPooled(run).catch((err: Error) => console.warn(`pg test teardown: pooled warehouses left (${err.message})`));
    await vacuumCatalogs('after');
  };
  try {
    await setCommitMode('off');
  } catch (err) {
    // A role that may not alter the database (RELSYNC_TEST_PG_URL) only makes the run slower.
    console.warn(`pg test setup: synchronous_commit left as it is (${(err as Error).message})`);
    return teardownPool;
  }
  return async () => {
    await teardownPool();
    await setCommitMode(null).catch(() => undefined);
  };
}
