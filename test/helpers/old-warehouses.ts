/**
 * Warehouses written by earlier mains (test/fixtures/upgrade/, built by scripts/upgrade-fixtures.ts),
 * restored into a fresh database of either dialect: the SQLite file as the old code left it, or the
 * PostgreSQL dump of the old code's schema replayed under a new schema name.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import type { DialectName } from '../../src/load/db.ts';
import { freshDatabaseUrl, PG_BASE_URL, type TestDatabase } from './dialects.ts';

const DIR = resolve(import.meta.dirname, '../fixtures/upgrade');

export interface OldWarehouse {
  commit: string;
  subject: string;
  /** Migrations the old code had applied. */
  migrations: string[];
  /** When the old code's sync wrote its last checkpoint: the upgrade's runs are clocked just after. */
  syncedAt: string;
  pgSchema: string;
}

export interface UpgradeManifest {
  seed: number;
  scale: 'tiny';
  contract: 'reference';
  warehouses: OldWarehouse[];
}

export function upgradeManifest(): UpgradeManifest {
  return JSON.parse(readFileSync(join(DIR, 'manifest.json'), 'utf8')) as UpgradeManifest;
}

/** A copy of the old warehouse in a new database; `cleanup` removes it. */
export async function restoreOldWarehouse(w: OldWarehouse, dialect: DialectName): Promise<TestDatabase> {
  const t = await freshDatabaseUrl(dialect);
  if (dialect === 'sqlite') {
    writeFileSync(t.url.slice('sqlite:'.length), gunzipSync(readFileSync(join(DIR, `${w.commit}.sqlite.gz`))));
    return t;
  }
  const schema = new URL(t.url).searchParams.get('schema');
  if (!schema) throw new Error(`no schema in ${t.url}`);
  const dump = gunzipSync(readFileSync(join(DIR, `${w.commit}.pg.sql.gz`))).toString('utf8');
  const client = new pg.Client({ connectionString: PG_BASE_URL });
  await client.connect();
  try {
    // The dump names its schema everywhere (`relsync_fixture_<commit>.table`); a fresh name keeps parallel runs apart.
    await client.query(dump.split(w.pgSchema).join(schema));
  } finally {
    await client.end();
  }
  return t;
}
