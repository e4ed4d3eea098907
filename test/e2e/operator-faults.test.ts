/**
 * Issue 20 item 3, the faults an operator meets that are about sharing the warehouse (docs/operations.md,
 * "When something else uses the warehouse"): an analyst's long read transaction while a sync writes, one
 * that begins in the middle of a sync, `status` and `plan` while a sync runs, and two warehouses (two
 * PostgreSQL schemas of one database, or two SQLite files) synced at once. None of them stops a sync,
 * loses a row already loaded, or shows a reader half a page.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DialectName } from '../../src/load/db.ts';
import type { RunningSimulator } from '@relsync/simulator';
import { runCli } from '../helpers/cli.ts';
import { forEachDialect, PG_BASE_URL } from '../helpers/dialects.ts';
import { startE2eSimulator, startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';
import { dumpWarehouse } from '../helpers/warehouse-compare.ts';

const TABLES = ['companies', 'persons', 'list_entries', 'field_values', 'sync_state'] as const;

/** An analyst's session on the warehouse: its own connection (a second SQLite handle on the file in WAL mode, or a PostgreSQL session). */
interface Reader {
  /** Begin a transaction and read: from here it sees one snapshot (SQLite's read transaction; PostgreSQL REPEATABLE READ). */
  begin(): Promise<Record<string, number>>;
  counts(): Promise<Record<string, number>>;
  commit(): Promise<void>;
  close(): Promise<void>;
}

async function openReader(dialect: DialectName, dbUrl: string): Promise<Reader> {
  if (dialect === 'sqlite') {
    const h = new Database(dbUrl.slice('sqlite:'.length));
    expect(h.pragma('journal_mode', { simple: true })).toBe('wal');
    const counts = async () => Object.fromEntries(TABLES.map((t) => [t, (h.prepare(`select count(*) as n from ${t}`).get() as { n: number }).n]));
    return {
      begin: async () => {
        h.exec('begin');
        return counts();
      },
      counts,
      commit: async () => {
        h.exec('commit');
      },
      close: async () => {
        h.close();
      },
    };
  }
  const schema = new URL(dbUrl).searchParams.get('schema')!;
  const c = new pg.Client({ connectionString: PG_BASE_URL });
  await c.connect();
  await c.query(`set search_path to "${schema}"`);
  const counts = async () => {
    const out: Record<string, number> = {};
    for (const t of TABLES) out[t] = Number((await c.query<{ n: string }>(`select count(*) as n from ${t}`)).rows[0]!.n);
    return out;
  };
  return {
    begin: async () => (await c.query('begin isolation level repeatable read'), counts()),
    counts,
    commit: async () => void (await c.query('commit')),
    close: () => c.end(),
  };
}

/** A sync that stops after its `n`th committed page until released. */
function pauseAfter(n: number) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let paused!: () => void;
  const reached = new Promise<void>((r) => (paused = r));
  let pages = 0;
  const hooks = {
    onPageCommitted: async () => {
      if (++pages === n) {
        paused();
        await gate;
      }
    },
  };
  return { hooks, reached, release };
}

forEachDialect('operator faults: sharing the warehouse', (dialect) => {
  let f: SyncFixture;
  let reader: Reader | undefined;
  beforeAll(async () => {
    f = await startSyncFixture({ dialect, scale: 'tiny' });
  });
  afterEach(async () => {
    await reader?.close();
    reader = undefined;
  });
  afterAll(async () => {
    await f?.close();
  });

  it('a reader holding a long transaction neither stops a sync nor sees its writes until it ends', async () => {
    reader = await openReader(dialect, f.dbUrl);
    const before = await reader.begin();
    const run = await f.runFull();
    expect(run.summary.status).toBe('succeeded');
    expect(run.summary.rowsTotal).toBeGreaterThan(0);
    // Still inside its transaction: the snapshot it began with.
    expect(await reader.counts()).toEqual(before);
    await reader.commit();
    const after = await reader.counts();
    expect(after.companies).toBeGreaterThan(before.companies ?? 0);
  }, 120_000);

  it('a reader that begins in the middle of a sync sees whole pages only, and the sync finishes while it stays open', async () => {
    const pause = pauseAfter(5);
    const running = f.runFull({ hooks: pause.hooks });
    await pause.reached;
    reader = await openReader(dialect, f.dbUrl);
    const snapshot = await reader.begin();
    pause.release();
    const run = await running;
    expect(run.summary.status).toBe('succeeded');
    expect(await reader.counts()).toEqual(snapshot);
    await reader.commit();
    // Nothing already loaded was lost: the tables hold at least what the reader saw mid-run.
    const now = await reader.counts();
    for (const t of TABLES) expect(now[t], t).toBeGreaterThanOrEqual(snapshot[t] ?? 0);
  }, 120_000);

  it('status and plan answer while a sync runs (exit 0), status naming the running run', async () => {
    const env = { AFFINITY_BASE_URL: f.sim.url, AFFINITY_API_KEY: f.sim.apiKey, DATABASE_URL: f.dbUrl, LOG_LEVEL: 'warn' };
    const cwd = mkdtempSync(join(tmpdir(), 'relsync-faults-'));
    const pause = pauseAfter(3);
    const running = f.runFull({ hooks: pause.hooks });
    try {
      await pause.reached;
      const status = await runCli(['status'], { cwd, env });
      expect(status.code, status.stderr).toBe(0);
      expect(status.stdout).toMatch(/running/);
      const plan = await runCli(['plan'], { cwd, env });
      expect(plan.code, plan.stderr).toBe(0);
      expect(plan.stdout).toMatch(/per month/i);
    } finally {
      pause.release();
      rmSync(cwd, { recursive: true, force: true });
    }
    expect((await running).summary.status).toBe('succeeded');
  }, 120_000);
});

/*
 * SQLite only: its write lock is the whole file, so another program's open write transaction stops a sync
 * outright. PostgreSQL locks rows and tables; a session holding one the sync needs is lock_timeout's case
 * (the loader's tests).
 */
describe('operator faults: another program holds the SQLite write lock [sqlite]', () => {
  let f: SyncFixture;
  beforeAll(async () => {
    f = await startSyncFixture({ dialect: 'sqlite', scale: 'tiny' });
  });
  afterAll(async () => {
    await f?.close();
  });

  it('the sync says so in one line and exits 3, writing nothing; once it lets go the next run succeeds', async () => {
    expect((await f.runFull()).summary.status).toBe('succeeded');
    const runsBefore = await f.db.kysely.selectFrom('sync_runs').select('id').execute();
    const rowsBefore = await f.db.kysely.selectFrom('companies').select('id').execute();
    const holder = new Database(f.dbUrl.slice('sqlite:'.length));
    const cwd = mkdtempSync(join(tmpdir(), 'relsync-faults-'));
    try {
      holder.exec('begin immediate');
      const env = { AFFINITY_BASE_URL: f.sim.url, AFFINITY_API_KEY: f.sim.apiKey, DATABASE_URL: f.dbUrl, LOG_LEVEL: 'warn' };
      const cli = await runCli(['sync'], { cwd, env });
      expect(cli.code, cli.stderr).toBe(3);
      expect(cli.stderr).toMatch(/^relsync: Cannot write to sqlite:.* another program holds its write lock \(an open write transaction\) \(SQLITE_BUSY\)\.$/m);
      expect(cli.stderr.split('\n').filter((l) => l.startsWith('relsync:'))).toHaveLength(1);
      expect(cli.stderr).not.toMatch(/unexpected error|at .*\.m?[jt]s:/);
    } finally {
      holder.exec('rollback');
      holder.close();
      rmSync(cwd, { recursive: true, force: true });
    }
    expect(await f.db.kysely.selectFrom('sync_runs').select('id').execute()).toEqual(runsBefore);
    expect(await f.db.kysely.selectFrom('companies').select('id').execute()).toEqual(rowsBefore);
    expect((await f.runIncremental()).summary.status).toBe('succeeded');
  }, 120_000);
});

forEachDialect('operator faults: two warehouses synced at once', (dialect) => {
  let sim: RunningSimulator;
  const fixtures: SyncFixture[] = [];
  beforeAll(async () => {
    sim = await startE2eSimulator({ scale: 'tiny' });
  });
  afterAll(async () => {
    for (const x of fixtures) await x.close();
    await sim?.close();
  });

  it(
    dialect === 'postgres' ? 'two schemas of one database (?schema=) sync at once, each whole' : 'two files sync at once, each whole',
    async () => {
      // On PostgreSQL each fixture is a schema of the one test database (`?schema=t_…`): the writer lock is per schema.
      for (let i = 0; i < 2; i++) fixtures.push(await startSyncFixture({ dialect, simulator: sim }));
      const [a, b] = fixtures as [SyncFixture, SyncFixture];
      if (dialect === 'postgres') expect(new URL(a.dbUrl).pathname).toBe(new URL(b.dbUrl).pathname);
      const runs = await Promise.all([a.runFull(), b.runFull()]);
      for (const r of runs) expect(r.summary.status, JSON.stringify(r.summary.errors)).toBe('succeeded');
      expect(await dumpWarehouse(a.db, ['_synced_at', '_deleted_at', '_deleted_seen_at'])).toEqual(
        await dumpWarehouse(b.db, ['_synced_at', '_deleted_at', '_deleted_seen_at']),
      );
      const again = await Promise.all([a.runIncremental(), b.runIncremental()]);
      for (const r of again) expect(r.summary.status).toBe('succeeded');
    },
    120_000,
  );
});
