/**
 * `npm run bench -- --part views --scale medium [--db sqlite,postgres]`: the time of `select *` of every
 * analyst view (all rows fetched) on a synced warehouse, in each SQLite a reader may have and in
 * PostgreSQL. The warehouse is synced once per scale and dialect and reused by later runs (a medium full
 * sync takes minutes); it is migrated and its views refreshed to this checkout's definitions before timing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../src/load/db.ts';
import { migrateToLatest } from '../src/load/migrate.ts';
import { WAREHOUSE_TABLE_NAMES } from '../src/load/schema/table-specs.ts';
import { refreshViews, wantedViews } from '../src/load/views/refresh.ts';
import { startSimulator, type Scale } from '@relsync/simulator';
import { benchConfig, DEFAULT_PG_URL, report, syncOnce, type Dialect } from './bench-support.ts';
import { openOldSqlite } from '../test/helpers/old-sqlite.ts';

/** Issue 17: every view answers `select *` within a second at medium scale. */
export const VIEW_SECONDS_TARGET = 1;

/** Per view name: wall seconds, and the reader's CPU seconds (user + system) where it can be measured. */
interface Timing {
  wall: number;
  cpu?: number;
}
type Timings = Map<string, Timing>;

/** Runs `fn`, returning its wall and this process's CPU seconds. */
function timed(fn: () => void): Timing {
  const cpu = process.cpuUsage();
  const t = performance.now();
  fn();
  const used = process.cpuUsage(cpu);
  return { wall: (performance.now() - t) / 1000, cpu: (used.user + used.system) / 1e6 };
}

function warehouseOf(dialect: Dialect, scale: Scale): { url: string; marker: string; path?: string } {
  const dir = join(tmpdir(), `relsync-bench-views-${scale}`);
  mkdirSync(dir, { recursive: true });
  const marker = join(dir, `${dialect}.synced`);
  if (dialect === 'sqlite') return { url: `sqlite:${join(dir, 'bench.db')}`, marker, path: join(dir, 'bench.db') };
  return { url: `${process.env.RELSYNC_TEST_PG_URL ?? DEFAULT_PG_URL}?schema=bench_views_${scale}`, marker };
}

/** A full sync into the warehouse unless an earlier run of this part finished one; then this checkout's views. */
async function prepare(dialect: Dialect, scale: Scale): Promise<{ url: string; path?: string; views: string[] }> {
  const w = warehouseOf(dialect, scale);
  if (!existsSync(w.marker)) {
    const sim = await startSimulator({ scale, seed: 1, rateLimitPerMin: 1_000_000, monthlyLimit: null, contract: 'reference' });
    try {
      const r = await syncOnce(benchConfig(sim, w.url), sim.apiKey, 'full');
      console.log(`synced ${scale} on ${dialect}: ${r.calls} calls, ${r.rows} rows, ${r.seconds.toFixed(0)} s`);
    } finally {
      await sim.close();
    }
    writeFileSync(w.marker, new Date().toISOString());
  }
  const db = await openDatabase(w.url);
  try {
    await migrateToLatest(db);
    await refreshViews(db);
    // Table statistics, as autovacuum gathers them after a bulk load; without them (a server running with
    // autovacuum off, like the test database) PostgreSQL plans every table as a few rows.
    if (dialect === 'postgres') for (const t of WAREHOUSE_TABLE_NAMES) await sql`analyze ${sql.table(t)}`.execute(db.kysely);
    const views = (await wantedViews(db)).map((v) => v.name);
    return { url: w.url, ...(w.path ? { path: w.path } : {}), views };
  } finally {
    await db.close();
  }
}

function timeBundled(path: string, views: readonly string[]): Timings {
  const db = new Database(path, { readonly: true });
  try {
    return new Map(views.map((v) => [v, timed(() => db.prepare(`select * from "${v}"`).all())]));
  } finally {
    db.close();
  }
}

/** The system python3's sqlite3 module (Debian 12: SQLite 3.40.1), every row fetched. */
function timePython(path: string, views: readonly string[]): { version: string; timings: Timings } {
  const script = `import json, sqlite3, sys, time
con = sqlite3.connect('file:' + sys.argv[1] + '?mode=ro', uri=True)
out = {'version': sqlite3.sqlite_version, 'timings': {}}
for v in json.loads(sys.argv[2]):
    t, c = time.perf_counter(), time.process_time()
    con.execute('select * from "%s"' % v).fetchall()
    out['timings'][v] = {'wall': time.perf_counter() - t, 'cpu': time.process_time() - c}
print(json.dumps(out))`;
  const out = JSON.parse(execFileSync('python3', ['-c', script, path, JSON.stringify(views)], { encoding: 'utf8', maxBuffer: 1 << 26 })) as {
    version: string;
    timings: Record<string, Timing>;
  };
  return { version: out.version, timings: new Map(Object.entries(out.timings)) };
}

async function timeOld(path: string, views: readonly string[]): Promise<{ version: string; timings: Timings }> {
  const old = await openOldSqlite(path);
  try {
    const timings: Timings = new Map();
    for (const v of views)
      timings.set(
        v,
        timed(() => old.all(`select * from "${v}"`)),
      );
    return { version: old.version, timings };
  } finally {
    old.close();
  }
}

async function timePostgres(url: string, views: readonly string[]): Promise<Timings> {
  const u = new URL(url);
  const schema = u.searchParams.get('schema') ?? 'public';
  u.search = '';
  const client = new pg.Client({ connectionString: u.toString() });
  await client.connect();
  try {
    await client.query(`set search_path to "${schema}"`);
    const timings: Timings = new Map();
    for (const v of views) {
      const t = performance.now();
      await client.query(`select * from "${v}"`);
      timings.set(v, { wall: (performance.now() - t) / 1000 });
    }
    return timings;
  } finally {
    await client.end();
  }
}

/** One table row per view: its seconds in each reader, and whether the slowest is within the target. */
export async function runViewsPart(scale: Scale, dialects: readonly Dialect[]): Promise<void> {
  const columns: Array<[string, Timings]> = [];
  let names: string[] = [];
  if (dialects.includes('sqlite')) {
    const s = await prepare('sqlite', scale);
    names = s.views;
    columns.push([`sqlite bundled`, timeBundled(s.path!, names)]);
    try {
      const py = timePython(s.path!, names);
      columns.push([`sqlite ${py.version} (python3)`, py.timings]);
    } catch (err) {
      console.log(`python3's SQLite could not read the warehouse: ${err instanceof Error ? err.message.split('\n').slice(-3).join(' ') : String(err)}`);
    }
    try {
      const old = await timeOld(s.path!, names);
      columns.push([`sqlite ${old.version} (sql.js)`, old.timings]);
    } catch (err) {
      console.log(`old SQLite (sql.js) could not open the warehouse: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  if (dialects.includes('postgres')) {
    const p = await prepare('postgres', scale);
    if (names.length === 0) names = p.views;
    columns.push(['postgres', await timePostgres(p.url, p.views)]);
  }
  const cell = (t: Timing | undefined) => (t === undefined ? '-' : `${t.wall.toFixed(3)}${t.cpu === undefined ? '' : ` (cpu ${t.cpu.toFixed(3)})`}`);
  console.log(`seconds per view, wall (reader's cpu, user + system), every row fetched; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`);
  console.log(`| view | ${columns.map(([c]) => c).join(' | ')} |`);
  console.log(`| --- | ${columns.map(() => '---').join(' | ')} |`);
  for (const v of names) console.log(`| ${v} | ${columns.map(([, t]) => cell(t.get(v))).join(' | ')} |`);
  for (const [c, t] of columns) {
    const worst = (key: 'wall' | 'cpu') => [...t.entries()].filter(([, x]) => x[key] !== undefined).sort((a, b) => b[1][key]! - a[1][key]!)[0];
    for (const key of ['wall', 'cpu'] as const) {
      const w = worst(key);
      if (w)
        report(`slowest view, ${scale}, ${c}, ${key}`, `${w[0]} ${w[1][key]!.toFixed(3)} s`, `≤ ${VIEW_SECONDS_TARGET} s`, w[1][key]! <= VIEW_SECONDS_TARGET);
    }
  }
}
