/**
 * PostgreSQL connections lost mid-run (a failover, a restart, an administrator's pg_terminate_backend):
 * the run stops with the one-line "cannot take writes" message instead of crashing the process on an
 * unhandled 'error' event, the writer lock (whose session died with it) is taken again by the next run,
 * and that run ends with exactly the warehouse an uninterrupted run leaves. The scheduler survives it
 * and runs its next tick. PostgreSQL only: SQLite has no connection to lose.
 */
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configSchema } from '../../src/config/schema.ts';
import { UserError } from '../../src/errors.ts';
import { ALL_STREAMS } from '../../src/streams/registry.ts';
import { openDatabase, type Db } from '../../src/load/db.ts';
import { migrateToLatest } from '../../src/load/migrate.ts';
import { createLogger, silentLogger } from '../../src/log.ts';
import { clientFromConfig } from '../../src/runner/execute.ts';
import { runSync, type SyncResult } from '../../src/runner/run-sync.ts';
import type { PageEvent } from '../../src/runner/env.ts';
import { Scheduler } from '../../src/scheduler/scheduler.ts';
import type { RunningSimulator } from '@relsync/simulator';
import { namedPgDatabase, terminateBackends, type NamedPgDatabase } from '../helpers/pg-backends.ts';
import { startE2eSimulator, startSyncFixture } from '../helpers/sync-fixture.ts';
import { dumpWarehouse, expectWarehouseMatchesStore } from '../helpers/warehouse-compare.ts';
import type { ExpRow } from '../e2e/support/norm.ts';

/** Terminate the run's backends once, after this many pages have been committed. */
const KILL_AFTER_PAGES = 3;

async function syncInto(db: Db, sim: RunningSimulator, onPage?: (e: PageEvent) => Promise<void>): Promise<SyncResult> {
  const config = configSchema.parse({ apiKey: sim.apiKey, baseUrl: sim.url, databaseUrl: 'sqlite::memory:', logLevel: 'silent', maxRetries: 2 });
  const client = clientFromConfig(config, silentLogger(), sim.apiKey);
  try {
    return await runSync({
      db,
      client,
      config,
      log: silentLogger(),
      streams: ALL_STREAMS,
      mode: 'full',
      command: 'test',
      ...(onPage ? { hooks: { onPageCommitted: onPage } } : {}),
    });
  } finally {
    await client.close();
  }
}

/** A page hook that terminates the run's backends (or only those matching `queryLike`) once, after KILL_AFTER_PAGES pages. */
function killOnce(t: NamedPgDatabase, queryLike?: string) {
  const state = { pages: 0, killed: 0 };
  return {
    state,
    hook: async () => {
      state.pages += 1;
      if (state.pages === KILL_AFTER_PAGES) state.killed = await terminateBackends(t.appName, queryLike);
    },
  };
}

/** An unheard 'error' event on a pg client is an uncaught exception: in `relsync` it ends the process. */
const uncaught: unknown[] = [];
const onUncaught = (err: unknown) => void uncaught.push(err);

describe('PostgreSQL connection lost mid-run [postgres]', () => {
  let sim: RunningSimulator;
  let baseline: Record<string, ExpRow[]>;
  beforeAll(async () => {
    process.on('uncaughtException', onUncaught);
    sim = await startE2eSimulator({ scale: 'tiny' });
    const f = await startSyncFixture({ dialect: 'postgres', simulator: sim });
    try {
      expect((await f.runFull()).summary.status).toBe('succeeded');
      baseline = await dumpWarehouse(f.db);
    } finally {
      await f.close();
    }
  }, 120_000);
  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    await sim?.close();
  });
  afterEach(() => {
    expect(
      uncaught.map((e) => String(e)),
      'uncaught exceptions (a crashed process)',
    ).toEqual([]);
    uncaught.length = 0;
  });

  it('stops the run with the one-line message, and the next run takes the lock and completes exactly', async () => {
    const t = await namedPgDatabase();
    const db = await openDatabase(t.url);
    try {
      await migrateToLatest(db);
      const kill = killOnce(t);
      const err = await syncInto(db, sim, kill.hook).then(
        () => null,
        (e: unknown) => e,
      );
      expect(kill.state.killed, 'backends terminated (the lock session at least)').toBeGreaterThan(0);
      expect(err).toBeInstanceOf(UserError);
      expect((err as UserError).message).toMatch(/^The warehouse cannot take writes: /);
      expect((err as UserError).hint).toMatch(/run the same command again/);

      const again = await syncInto(db, sim);
      expect(again.summary.status).toBe('succeeded');
      const runs = await db.kysely.selectFrom('sync_runs').select(['status']).orderBy('started_at').execute();
      expect(runs.map((r) => r.status)).toEqual(['failed', 'succeeded']);
      await expectWarehouseMatchesStore(db, sim);
      const dump = await dumpWarehouse(db);
      for (const table of Object.keys(baseline)) expect(dump[table], table).toEqual(baseline[table]);
    } finally {
      await db.close();
      await t.cleanup();
    }
  }, 120_000);

  it("losing only the writer lock's session stops the run too: nothing is written without the lock", async () => {
    const t = await namedPgDatabase();
    const db = await openDatabase(t.url);
    try {
      await migrateToLatest(db);
      const kill = killOnce(t, '%pg_try_advisory_lock%');
      let pagesAfterKill = 0;
      const hook = async () => {
        if (kill.state.killed > 0) pagesAfterKill += 1;
        await kill.hook();
      };
      const err = await syncInto(db, sim, hook).then(
        () => null,
        (e: unknown) => e,
      );
      expect(kill.state.killed, 'the lock session alone was terminated').toBe(1);
      expect(err).toBeInstanceOf(UserError);
      expect((err as UserError).message).toBe('The warehouse cannot take writes: the connection holding the writer lock was lost (57P01).');
      expect(pagesAfterKill, 'pages committed after the lock was lost').toBe(0);
      // The run's end is still recorded, and no holder row is left behind.
      const runs = await db.kysely.selectFrom('sync_runs').select(['status']).execute();
      expect(runs.map((r) => r.status)).toEqual(['failed']);
      expect(await db.kysely.selectFrom('sync_lock').selectAll().execute()).toEqual([]);

      expect((await syncInto(db, sim)).summary.status).toBe('succeeded');
      await expectWarehouseMatchesStore(db, sim);
    } finally {
      await db.close();
      await t.cleanup();
    }
  }, 120_000);

  it('the scheduler logs the failed run, goes on, and its next tick completes', async () => {
    const t = await namedPgDatabase();
    const lines: Array<Record<string, unknown>> = [];
    const dest = new Writable({
      write(chunk: Buffer, _enc, cb) {
        for (const l of chunk.toString().split('\n')) if (l.trim()) lines.push(JSON.parse(l) as Record<string, unknown>);
        cb();
      },
    });
    const kill = killOnce(t);
    let tick = 0;
    // Like `relsync schedule`: each run opens the warehouse, syncs, closes it.
    const scheduler = new Scheduler({
      cron: '0 0 1 1 *',
      log: createLogger({ level: 'info', pretty: false, destination: dest }),
      runOnce: async () => {
        const db = await openDatabase(t.url);
        try {
          await migrateToLatest(db);
          return (await syncInto(db, sim, tick++ === 0 ? kill.hook : undefined)).summary;
        } finally {
          await db.close();
        }
      },
    });
    try {
      await scheduler.tick();
      expect(kill.state.killed).toBeGreaterThan(0);
      expect(scheduler.snapshot().runs).toMatchObject({ failed: 1, succeeded: 0 });
      const failed = lines.find((l) => l.msg === 'scheduled run failed; the schedule goes on');
      expect(String(failed?.err)).toMatch(/^The warehouse cannot take writes/);

      await scheduler.tick();
      expect(scheduler.snapshot().runs).toMatchObject({ failed: 1, succeeded: 1 });
      const db = await openDatabase(t.url);
      try {
        await expectWarehouseMatchesStore(db, sim);
      } finally {
        await db.close();
      }
    } finally {
      await scheduler.stop();
      await t.cleanup();
    }
  }, 120_000);
});
