/**
 * Builds the upgrade fixtures (test/fixtures/upgrade/): warehouses written by earlier mains, on both
 * dialects, from the simulator of THIS checkout (so the old code and the upgrade test see the same data).
 *
 *   node bin/run-script.js scripts/upgrade-fixtures.ts [commit …]
 *
 * For each commit: a detached worktree under the system temp directory (node_modules hard-linked from this
 * checkout), one `relsync sync` of that code into a SQLite file and into a PostgreSQL schema, then the file
 * (vacuumed) and a `pg_dump --inserts` of the schema, both gzipped. manifest.json records what each holds.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import pg from 'pg';
import { startSimulator } from '@relsync/simulator';

/** Earlier mains: before field_scopes (001–004), before one value shape (…008), before 010–012 (…009). */
export const OLD_MAINS = ['83e7db4', '3d384ed', '8cdaa19'] as const;
export const FIXTURE_SEED = 7;
export const FIXTURE_SCALE = 'tiny';
const PG_URL = process.env.RELSYNC_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REPO = resolve(import.meta.dirname, '..');
const OUT = join(REPO, 'test/fixtures/upgrade');

function git(...args: string[]): string {
  return execFileSync('git', ['-C', REPO, ...args], { encoding: 'utf8' }).trim();
}

function worktree(commit: string): string {
  const dir = join(tmpdir(), `relsync-old-${commit}`);
  if (!existsSync(join(dir, 'bin/relsync.js'))) {
    rmSync(dir, { recursive: true, force: true });
    git('worktree', 'add', '--detach', dir, commit);
  }
  if (!existsSync(join(dir, 'node_modules'))) execFileSync('cp', ['-al', join(REPO, 'node_modules'), join(dir, 'node_modules')]);
  return dir;
}

/** Asynchronous: the simulator answering it runs in this process. */
async function oldSync(dir: string, databaseUrl: string, baseUrl: string, apiKey: string): Promise<void> {
  await promisify(execFile)('node', ['bin/relsync.js', 'sync'], {
    cwd: dir,
    env: { ...process.env, AFFINITY_BASE_URL: baseUrl, AFFINITY_API_KEY: apiKey, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    maxBuffer: 1 << 26,
  });
}

async function pgQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function build(commit: string, baseUrl: string, apiKey: string): Promise<Record<string, unknown>> {
  const dir = worktree(commit);
  const file = join(tmpdir(), `relsync-upgrade-${commit}.db`);
  rmSync(file, { force: true });
  await oldSync(dir, `sqlite:${file}`, baseUrl, apiKey);
  const sqlite = new Database(file);
  const migrations = sqlite.prepare('select name from kysely_migration order by name').all() as Array<{ name: string }>;
  const syncedAt = (sqlite.prepare('select max(updated_at) as at from sync_state').get() as { at: string }).at;
  sqlite.pragma('journal_mode = DELETE');
  sqlite.exec('VACUUM');
  sqlite.close();
  writeFileSync(join(OUT, `${commit}.sqlite.gz`), gzipSync(readFileSync(file), { level: 9 }));
  rmSync(file, { force: true });

  const schema = `relsync_fixture_${commit}`;
  await pgQuery(`drop schema if exists ${schema} cascade`);
  await oldSync(dir, `${PG_URL}?schema=${schema}`, baseUrl, apiKey);
  const dump = execFileSync('pg_dump', ['--inserts', '--no-owner', '--no-privileges', '--schema', schema, PG_URL.split('?')[0]!], { maxBuffer: 1 << 28 });
  // psql meta-commands (`\restrict …` in recent pg_dump) are not SQL: the test replays the dump through the driver.
  const plain = dump
    .toString('utf8')
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n');
  writeFileSync(join(OUT, `${commit}.pg.sql.gz`), gzipSync(plain, { level: 9 }));
  await pgQuery(`drop schema if exists ${schema} cascade`);
  return { commit, subject: git('log', '-1', '--format=%s', commit).slice(0, 120), migrations: migrations.map((m) => m.name), syncedAt, pgSchema: schema };
}

async function main(): Promise<void> {
  const commits = process.argv.slice(2).length > 0 ? process.argv.slice(2) : [...OLD_MAINS];
  mkdirSync(OUT, { recursive: true });
  const sim = await startSimulator({ seed: FIXTURE_SEED, scale: FIXTURE_SCALE, rateLimitPerMin: 1_000_000, monthlyLimit: null, contract: 'reference' });
  const warehouses: Array<Record<string, unknown>> = [];
  try {
    for (const commit of commits) {
      process.stdout.write(`building ${commit}\n`);
      warehouses.push(await build(commit, sim.url, sim.apiKey));
    }
  } finally {
    await sim.close();
  }
  const manifest = { seed: FIXTURE_SEED, scale: FIXTURE_SCALE, contract: 'reference', warehouses };
  writeFileSync(join(OUT, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  process.stdout.write(`wrote ${warehouses.length} warehouse(s) to ${OUT}\n`);
}

await main();
