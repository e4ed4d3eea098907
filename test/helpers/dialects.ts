import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe } from 'vitest';
import { openDatabase, type Db, type DialectName } from '../../src/load/db.ts';
import { migrateToLatest } from '../../src/load/migrate.ts';
import { WAREHOUSE_TABLE_NAMES } from '../../src/load/schema/table-specs.ts';
import { CONTRACT_NAMES, type ContractName } from '@relsync/simulator';
import { acquireSchema, notePristine, poolOn, releaseSchema } from './pg-warehouse-pool.ts';
import { PG_BASE_URL, testDialects, withPgAdmin } from './test-env.ts';
import { dropSchema, testSchemaName } from './test-schemas.ts';

export { PG_BASE_URL, testDialects };

export const DIALECTS: readonly DialectName[] = testDialects(process.env.RELSYNC_TEST_DIALECTS);

export interface TestDatabase {
  dialect: DialectName;
  url: string;
  /** Drop the schema / delete the file. */
  cleanup(): Promise<void>;
}

/** A brand-new empty database: a temp SQLite file, or a fresh schema in the PostgreSQL test database. */
export async function freshDatabaseUrl(dialect: DialectName): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'relsync-test-'));
    const url = `sqlite:${join(dir, 'warehouse.db')}`;
    return { dialect, url, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const schema = testSchemaName('t_');
  const url = `${PG_BASE_URL}?schema=${schema}`;
  return {
    dialect,
    url,
    cleanup: () => withPgAdmin((c) => dropSchema(c, schema)),
  };
}

/**
 * Open a fresh, migrated database. The caller closes it and calls cleanup. On PostgreSQL it may be a pooled
 * warehouse another test gave back, emptied (pg-warehouse-pool.ts): migrated and without a row, as a new one.
 */
export async function freshMigratedDb(dialect: DialectName): Promise<{ db: Db; url: string; cleanup: () => Promise<void> }> {
  if (dialect === 'postgres' && poolOn()) return pooledPostgres();
  const t = await freshDatabaseUrl(dialect);
  const db = await openDatabase(t.url);
  await migrateToLatest(db);
  return {
    db,
    url: t.url,
    cleanup: async () => {
      await db.close();
      await t.cleanup();
    },
  };
}

async function pooledPostgres(): Promise<{ db: Db; url: string; cleanup: () => Promise<void> }> {
  const { schema, reused } = acquireSchema();
  const url = `${PG_BASE_URL}?schema=${schema}`;
  const db = await openDatabase(url);
  // A reused warehouse is migrated already: its fingerprint, migrations included, matched a fresh one's.
  if (!reused) {
    await migrateToLatest(db);
    await notePristine(schema);
  }
  return {
    db,
    url,
    cleanup: async () => {
      await db.close();
      await releaseSchema(schema);
    },
  };
}

/**
 * Run a describe block once per dialect; test names carry `[sqlite]` / `[postgres]` so the output
 * says which ran. PostgreSQL is never silently skipped: if it is down, its tests fail loudly.
 */
export function forEachDialect(name: string, body: (dialect: DialectName) => void): void {
  for (const dialect of DIALECTS) {
    describe(`${name} [${dialect}]`, () => body(dialect));
  }
}

/**
 * The contracts an end-to-end scenario runs against: both (packages/simulator/src/contract.ts), or only the one
 * `RELSYNC_TEST_CONTRACT` names (to run one side quickly).
 */
export function testContracts(): readonly ContractName[] {
  const env = process.env.RELSYNC_TEST_CONTRACT;
  if (env === undefined || env === '') return CONTRACT_NAMES;
  if (!(CONTRACT_NAMES as readonly string[]).includes(env)) throw new Error(`RELSYNC_TEST_CONTRACT must be one of ${CONTRACT_NAMES.join(', ')}`);
  return [env as ContractName];
}

/**
 * Run a describe block once per contract and dialect; test names carry `[reference]` / `[seed]` and
 * `[sqlite]` / `[postgres]`.
 */
export function forEachContract(name: string, body: (contract: ContractName, dialect: DialectName) => void): void {
  for (const contract of testContracts()) {
    for (const dialect of DIALECTS) describe(`${name} [${contract}] [${dialect}]`, () => body(contract, dialect));
  }
}

/**
 * One migrated database for a describe block (created before, dropped after), emptied after each
 * test: the warehouse tables plus any `extraTables`. Returns an accessor for the open database.
 */
export function useMigratedDb(dialect: DialectName, opts: { extraTables?: readonly string[] } = {}): () => Db {
  let ctx: Awaited<ReturnType<typeof freshMigratedDb>> | undefined;
  beforeAll(async () => {
    ctx = await freshMigratedDb(dialect);
  });
  afterAll(async () => {
    await ctx?.cleanup();
  });
  afterEach(async () => {
    for (const t of [...WAREHOUSE_TABLE_NAMES, ...(opts.extraTables ?? [])]) await sql`delete from ${sql.table(t)}`.execute(ctx!.db.kysely);
  });
  return () => ctx!.db;
}
