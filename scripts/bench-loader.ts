/**
 * `npm run bench -- --part loader [--rows 100000] [--db sqlite,postgres]`: rows per second of relsync's
 * loader (`upsertLoose` into `companies`: registry-checked, prepared, ON CONFLICT upsert) against a raw
 * driver baseline writing the same rows and columns into a same-shaped table: better-sqlite3 with one
 * prepared INSERT in a transaction; pg with multi-row INSERTs (as many rows as the parameter limit allows)
 * in a transaction. Both in one transaction, in a fresh warehouse. Target: the loader at least half the baseline.
 *
 * Same-shaped means a copy of `companies` as the migrations built it (column types, primary key, the
 * `domain` index): a table without the index, or with text for PostgreSQL's jsonb, timestamptz and
 * boolean, would price the table rather than the code path.
 */
import { sql } from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { openDatabase } from '../src/load/db.ts';
import { migrateToLatest } from '../src/load/migrate.ts';
import { upsertLoose } from '../src/load/write/upsert.ts';
import { freshWarehouse, report, type Dialect } from './bench-support.ts';

/** Issue 11: the loader at least this share of the raw driver's rows per second. */
export const LOADER_TARGET = 0.5;
const COLUMNS = ['id', 'name', 'domain', 'domains_json', 'is_global', 'merged_into_id', '_raw', '_synced_at', '_deleted_at'] as const;
const PG_PARAM_LIMIT = 65_535;

function rowsOf(n: number, syncedAt: string): Array<Record<(typeof COLUMNS)[number], string | number | null>> {
  return Array.from({ length: n }, (_, i) => ({
    id: 1_000_000 + i,
    name: `Company ${i}`,
    domain: `c${i}.example`,
    domains_json: JSON.stringify([`c${i}.example`]),
    is_global: i % 2,
    merged_into_id: null,
    _raw: JSON.stringify({ id: 1_000_000 + i, name: `Company ${i}`, domain: `c${i}.example` }),
    _synced_at: syncedAt,
    _deleted_at: null,
  }));
}

/** `companies` as migrated, copied as `raw_companies` with its index; SQLite has no `create table … (like …)`. */
function copyCompaniesSqlite(db: SQLite.Database): void {
  const ddl = db.prepare(`select sql from sqlite_master where tbl_name = 'companies' and sql is not null`).pluck().all() as string[];
  for (const statement of ddl) db.exec(statement.replace(/"companies(_?)/g, '"raw_companies$1'));
}

async function rawSqlite(path: string, rows: ReturnType<typeof rowsOf>): Promise<number> {
  const db = new SQLite(path);
  try {
    db.pragma('journal_mode = WAL');
    copyCompaniesSqlite(db);
    const insert = db.prepare(`insert into raw_companies (${COLUMNS.join(', ')}) values (${COLUMNS.map((c) => `@${c}`).join(', ')})`);
    const started = performance.now();
    db.transaction(() => {
      for (const r of rows) insert.run(r);
    })();
    return performance.now() - started;
  } finally {
    db.close();
  }
}

async function rawPostgres(url: string, rows: ReturnType<typeof rowsOf>): Promise<number> {
  const schema = new URL(url).searchParams.get('schema') ?? 'public';
  const client = new pg.Client({ connectionString: url.replace(/\?.*$/, '') });
  await client.connect();
  try {
    await client.query(`set search_path to ${schema}`);
    await client.query('create table raw_companies (like companies including all)');
    const per = Math.floor(PG_PARAM_LIMIT / COLUMNS.length);
    const started = performance.now();
    await client.query('begin');
    for (let i = 0; i < rows.length; i += per) {
      const chunk = rows.slice(i, i + per);
      const values = chunk.map((_, r) => `(${COLUMNS.map((__, c) => `$${r * COLUMNS.length + c + 1}`).join(', ')})`).join(', ');
      await client.query(
        `insert into raw_companies (${COLUMNS.join(', ')}) values ${values}`,
        chunk.flatMap((row) => COLUMNS.map((c) => row[c])),
      );
    }
    await client.query('commit');
    return performance.now() - started;
  } finally {
    await client.end();
  }
}

export async function runLoaderPart(dialects: readonly Dialect[], n: number): Promise<void> {
  for (const dialect of dialects) {
    const wh = freshWarehouse(dialect, `loader-${dialect}`);
    const db = await openDatabase(wh.databaseUrl);
    try {
      await migrateToLatest(db);
      const syncedAt = new Date().toISOString();
      const rows = rowsOf(n, syncedAt);
      const started = performance.now();
      await db.kysely.transaction().execute((trx) => upsertLoose(trx, db.dialect, 'companies', rows, syncedAt));
      const loaderMs = performance.now() - started;
      const loaded = await sql<{ n: number }>`select count(*) as n from companies`.execute(db.kysely);
      if (Number(loaded.rows[0]?.n) !== n) throw new Error(`loader wrote ${String(loaded.rows[0]?.n)} rows, not ${n}`);
      const rawMs = dialect === 'sqlite' ? await rawSqlite(wh.databaseUrl.slice('sqlite:'.length), rows) : await rawPostgres(wh.databaseUrl, rows);
      const rate = (ms: number) => Math.round((n / ms) * 1000);
      report(
        `loader rows/s, ${dialect}, ${n} companies rows`,
        `${rate(loaderMs)} vs raw driver ${rate(rawMs)} = ×${(rawMs / loaderMs).toFixed(2)}`,
        `≥ ×${LOADER_TARGET}`,
        rawMs / loaderMs >= LOADER_TARGET,
      );
    } finally {
      await db.close();
      await wh.dispose();
    }
  }
}
