/**
 * A reader with an open transaction on an analyst view does not hold a sync up. On PostgreSQL, DROP VIEW
 * waits for it, and before a lock_timeout bounded that wait the refresh (and the sync, holding the writer
 * lock) waited forever while new readers of the view queued behind it. Now the refresh gives up after
 * DEFAULT_VIEW_LOCK_TIMEOUT_MS with one warning, the tables stay current, and the next refresh, once the
 * reader is gone, does the work. SQLite's readers (WAL) never block the refresh.
 */
import type { RunSummary } from '../../src/state/runs.ts';
import { Writable } from 'node:stream';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { DEFAULT_VIEW_LOCK_TIMEOUT_MS } from '../../src/defaults.ts';
import { parseDatabaseUrl } from '../../src/load/db.ts';
import { applyBatch } from '../../src/load/write/apply-batch.ts';
import { refreshViews, refreshViewsSafely } from '../../src/load/views/refresh.ts';
import { createLogger } from '../../src/log.ts';
import { forEachDialect, freshMigratedDb, PG_BASE_URL } from '../helpers/dialects.ts';
import { startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';

/** Another session that reads `view` in a transaction it keeps open until `end()`. */
async function openReader(url: string, view: string): Promise<{ end(): Promise<void> }> {
  const parsed = parseDatabaseUrl(url);
  if (parsed.dialect === 'sqlite') {
    const h = new SQLite(parsed.path!);
    h.exec('begin');
    h.prepare(`select * from "${view}"`).all();
    return { end: async () => void (h.exec('commit'), h.close()) };
  }
  const c = new pg.Client({ connectionString: PG_BASE_URL, options: `-c search_path=${parsed.schema}` });
  await c.connect();
  await c.query('begin');
  await c.query(`select * from "${view}"`);
  return { end: async () => void (await c.query('commit'), await c.end()) };
}

forEachDialect('view refresh behind a reader', (dialect) => {
  let dbc: Awaited<ReturnType<typeof freshMigratedDb>> | undefined;
  afterEach(async () => {
    await dbc?.cleanup();
    dbc = undefined;
  });

  it('gives up within the lock timeout with one warning, and the next refresh does it', async () => {
    dbc = await freshMigratedDb(dialect);
    const db = dbc.db;
    await applyBatch(
      db.kysely,
      db.dialect,
      { upserts: { lists: [{ id: 1001, name: 'Deal Pipeline', type: 'opportunity' }] }, replace: [] },
      '2024-04-01T07:00:00.000Z',
    );
    expect((await refreshViews(db)).created).toContain('list_1001_deal_pipeline');
    const reader = await openReader(dbc.url, 'list_1001_deal_pipeline');
    const lines: string[] = [];
    const log = createLogger({
      level: 'info',
      pretty: false,
      destination: new Writable({ write: (c: Buffer, _e, cb) => void (lines.push(c.toString()), cb()) }),
    });
    try {
      // A renamed list needs its old view dropped: the DDL a reader blocks on PostgreSQL.
      await db.kysely.updateTable('lists').set({ name: 'Pipeline' }).where('id', '=', 1001).execute();
      const started = Date.now();
      await refreshViewsSafely(db, log);
      expect(Date.now() - started).toBeLessThan(DEFAULT_VIEW_LOCK_TIMEOUT_MS + 5000);
    } finally {
      await reader.end();
    }
    const warnings = lines.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level >= 40);
    if (dialect === 'postgres') {
      expect(warnings.map((w) => w.msg)).toEqual(['analyst views in use by another session; refresh skipped, the next run retries']);
      const next = await refreshViews(db);
      expect(next).toMatchObject({
        dropped: ['list_1001_deal_pipeline', 'list_1001_deal_pipeline_values'],
        created: ['list_1001_pipeline', 'list_1001_pipeline_values'],
      });
    } else {
      expect(warnings).toEqual([]);
      expect((await refreshViews(db)).created).toEqual([]);
    }
  }, 60_000);
});

forEachDialect('a sync whose view refresh waits behind a reader', (dialect) => {
  let f: SyncFixture | undefined;
  afterEach(async () => {
    await f?.close();
    f = undefined;
  });

  it('finishes, and its summary counts the time the refresh took', async () => {
    f = await startSyncFixture({ dialect, scale: 'tiny' });
    await f.runFull({ streams: ['lists', 'fields'] });
    const view = (await refreshViews(f.db)).unchanged > 0 ? await someListView(f) : undefined;
    expect(view).toBeDefined();
    // Stale on both dialects (PostgreSQL compares the comment, SQLite the statement): the refresh must replace it.
    if (dialect === 'postgres') await sql.raw(`comment on view "${view}" is 'stale'`).execute(f.db.kysely);
    else
      await sql
        .raw(`drop view "${view}"`)
        .execute(f.db.kysely)
        .then(() => sql.raw(`create view "${view}" as select 1 as stale`).execute(f!.db.kysely));
    const reader = await openReader(f.dbUrl, view!);
    const started = Date.now();
    let summary: RunSummary;
    try {
      summary = (await f.runIncremental({ streams: ['lists'] })).summary;
    } finally {
      await reader.end();
    }
    const duration = summary.durationMs;
    // The run succeeded (its data is committed), and its summary says the views were left as they were.
    expect(summary.status).toBe('succeeded');
    // Said once: the summary's line reads "warning: analyst view not refreshed: another session has been reading …".
    if (dialect === 'postgres') expect(summary.viewsNotRefreshed?.[0]).toMatch(/^another session has been reading one of them for more than \d+ ms$/);
    else expect(summary.viewsNotRefreshed).toBeUndefined();
    const wall = Date.now() - started;
    // The summary's duration covers the run up to the end of the refresh: within what the caller saw.
    expect(wall - duration).toBeLessThan(1000);
    if (dialect === 'postgres') expect(duration).toBeGreaterThanOrEqual(DEFAULT_VIEW_LOCK_TIMEOUT_MS);
  }, 120_000);
});

async function someListView(f: SyncFixture): Promise<string | undefined> {
  const r = await sql<{ name: string }>`select table_name as name from information_schema.views where table_name like 'list_%' order by table_name`
    .execute(f.db.kysely)
    .catch(() => null);
  if (r && r.rows[0]) return r.rows[0].name;
  const s = await sql<{ name: string }>`select name from sqlite_master where type = 'view' and name like 'list_%' order by name`.execute(f.db.kysely);
  return s.rows[0]?.name;
}
