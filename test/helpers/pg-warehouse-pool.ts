/**
 * Migrated PostgreSQL warehouses, reused within a test process. Creating one (a schema, every migration) and
 * dropping it took about 0.44 s of CPU, most of it PostgreSQL's catalog work, and a run made over a hundred of
 * them; emptying one that a test gave back takes a few milliseconds. A warehouse is reused only if the test
 * left its schema exactly as the migrations made it (tables, columns, indexes, constraints, views and the
 * migrations recorded, compared by fingerprint): one a test altered, or broke, is dropped as before. Rows are
 * all deleted, so the next test starts from what a fresh migration leaves, which holds no rows but the
 * migration records (checked once a process, or the pool stays off).
 *
 * The pool is on only under vitest's global setup (test/setup/pg-test-database.setup.ts), which names the run
 * in RELSYNC_TEST_POOL and drops the run's pooled schemas at its end, also those a fork left behind.
 */
import pg from 'pg';
import { withPgAdmin } from './test-env.ts';
import { dropSchema, testSchemaName } from './test-schemas.ts';

/** The prefix of every pooled schema of the run `run`, for the teardown to find them. */
export const poolPrefix = (run: string) => `tp_${run}_`;

const RUN = process.env.RELSYNC_TEST_POOL;
/** Kept per process: more than the few a file holds at once is more schemas for the server to keep. */
const MAX_IDLE = 4;
const idle: string[] = [];
/** A freshly migrated schema's fingerprint, once known; null when the pool is off for this process. */
let pristine: string | null | undefined = RUN === undefined ? null : undefined;

const MIGRATION_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

async function fingerprint(c: pg.Client, schema: string): Promise<string> {
  // Relations (tables, indexes, views with their definition's fingerprint in the comment), their columns,
  // constraints and the migrations recorded; by namespace, so a lookup stays a few index scans.
  const r = await c.query<{ f: string | null }>(
    `select md5(string_agg(x, ',' order by x collate "C")) as f from (
       select cl.relname || ':' || cl.relkind::text || ':' || case when cl.relkind = 'v' then coalesce(obj_description(cl.oid, 'pg_class'), '') else '' end as x
         from pg_class cl where cl.relnamespace = $1::regnamespace
       union all select cl.relname || '.' || a.attname || ':' || a.atttypid || ':' || a.atttypmod || ':' || a.attnotnull
         from pg_attribute a join pg_class cl on cl.oid = a.attrelid
        where cl.relnamespace = $1::regnamespace and a.attnum > 0 and not a.attisdropped
       union all select conname || ':' || pg_get_constraintdef(oid) from pg_constraint where connamespace = $1::regnamespace
       union all select 'migration:' || name from ${pg.escapeIdentifier(schema)}.kysely_migration
     ) s`,
    [pg.escapeIdentifier(schema)],
  );
  return r.rows[0]?.f ?? '';
}

/** Tables of the schema that hold rows: every table but the migrations' own. */
async function dataTables(c: pg.Client, schema: string): Promise<string[]> {
  const r = await c.query<{ t: string }>('select tablename as t from pg_tables where schemaname = $1', [schema]);
  return r.rows.map((x) => x.t).filter((t) => !MIGRATION_TABLES.has(t));
}

/**
 * A schema for a migrated warehouse: an idle one (`reused`: migrated and emptied already), or a new name under
 * the run's prefix, for the teardown to find. Only while poolOn().
 */
export function acquireSchema(): { schema: string; reused: boolean } {
  const idleSchema = idle.pop();
  if (idleSchema !== undefined) return { schema: idleSchema, reused: true };
  if (RUN === undefined) throw new Error('pg-warehouse-pool: no pool outside vitest global setup (RELSYNC_TEST_POOL)');
  return { schema: testSchemaName(poolPrefix(RUN)), reused: false };
}

/** Whether warehouses are pooled in this process (under vitest's global setup, see the module comment). */
export const poolOn = (): boolean => RUN !== undefined && pristine !== null;

/**
 * Called on a warehouse just migrated, before any test writes to it: the first one of the process sets the
 * fingerprint pooled warehouses must keep, and turns the pool off if a fresh migration leaves rows behind.
 */
export async function notePristine(schema: string): Promise<void> {
  if (pristine !== undefined) return;
  await withPgAdmin(async (c) => {
    const tables = await dataTables(c, schema);
    const counts = await c.query<{ n: string }>(
      tables.map((t) => `select count(*) as n from ${pg.escapeIdentifier(schema)}.${pg.escapeIdentifier(t)}`).join(' union all '),
    );
    pristine = counts.rows.every((r) => Number(r.n) === 0) ? await fingerprint(c, schema) : null;
  });
}

/** Give a warehouse back: emptied into the pool if its schema is still what a fresh migration makes, else dropped. */
export async function releaseSchema(schema: string): Promise<void> {
  await withPgAdmin(async (c) => {
    if (pristine && idle.length < MAX_IDLE && (await fingerprint(c, schema)) === pristine) {
      const tables = await dataTables(c, schema);
      // One round trip: the simple protocol takes every statement of the string.
      await c.query(tables.map((t) => `delete from ${pg.escapeIdentifier(schema)}.${pg.escapeIdentifier(t)};`).join('\n'));
      idle.push(schema);
      return;
    }
    await dropSchema(c, schema);
  });
}

/** The run's pooled schemas, dropped by the global teardown (forks keep theirs until they exit). */
export async function dropPooled(run: string): Promise<number> {
  return withPgAdmin(async (c) => {
    const r = await c.query<{ s: string }>('select nspname as s from pg_namespace where starts_with(nspname, $1)', [poolPrefix(run)]);
    for (const { s } of r.rows) await dropSchema(c, s);
    return r.rows.length;
  });
}
