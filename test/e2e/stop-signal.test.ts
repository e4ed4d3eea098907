/**
 * Issue 33 items 1 and 2: a stop signal is honoured whatever the service is doing. SIGTERM during a 429
 * storm (`Retry-After: 3600` on every answer) or while a request hangs ends the run at once (exit 0, well
 * within systemd's TimeoutStopSec), the run recorded `interrupted`, and the next plain `sync` carries the
 * full sync on to a warehouse equal to the service's data. A first `sync --full` stopped by SIGTERM at
 * instants drawn from a seeded generator, spread over both dialects, is carried on the same way: the next
 * `sync` is a full one (not the budget's rolling refresh) and ends equal to an uninterrupted full sync.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db, DialectName } from '../../src/load/db.ts';
import { Rng, type RunningSimulator, type ScaleCounts } from '@relsync/simulator';
import { BIN, runCli } from '../helpers/cli.ts';
import { DIALECTS, forEachDialect, freshMigratedDb } from '../helpers/dialects.ts';
import { scratchDir } from '../helpers/scratch-dir.ts';
import { startE2eSimulator } from '../helpers/sync-fixture.ts';
import { startSwitchProxy, type ProxyMode, type SwitchProxy } from '../helpers/switch-proxy.ts';
import { expectWarehouseMatchesStore } from '../helpers/warehouse-compare.ts';

/** Small, so the file's syncs stay short; company↔person sets on both tiers, lists, deals. */
const SCALE: ScaleCounts = { companies: 40, persons: 60, lists: 3, opportunities: 30 };
/** A monthly limit in the headers: without it every run reads everything at once and a resumed full sync proves nothing. */
const MONTHLY_LIMIT = 100_000;
/** What the issue asks of a stop: exit within this many milliseconds of the signal. */
const STOP_WITHIN_MS = 5_000;
/** Instants of the second test, spread over the dialects run: five in all. */
const INSTANTS = 5;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function runIds(db: Db): Promise<Array<{ id: string; status: string; mode: string }>> {
  return db.kysely.selectFrom('sync_runs').select(['id', 'status', 'mode']).orderBy('started_at').execute();
}

interface Stopped {
  code: number | null;
  /** Milliseconds from SIGTERM to exit; null when the run ended before the signal. */
  stopMs: number | null;
  stderr: string;
}

/** `relsync sync --full` as a child; once its run row exists, `before` runs, then SIGTERM. */
async function syncFullThenTerm(env: Record<string, string>, db: Db, before: () => Promise<void>): Promise<Stopped> {
  const child = spawn(process.execPath, [BIN, 'sync', '--full'], { cwd: scratchDir('relsync-term-'), env: { ...process.env, LOG_LEVEL: 'warn', ...env } });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdout.resume();
  let exitedAt: number | null = null;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      exitedAt = Date.now();
      resolve(code);
    }),
  );
  // Anything slower than the promise fails the test; the guard only keeps the old code from holding it for minutes.
  const guard = setTimeout(() => child.kill('SIGKILL'), 30_000);
  try {
    while (exitedAt === null && (await runIds(db)).every((r) => r.status !== 'running')) await sleep(10);
    await before();
    if (exitedAt !== null) return { code: await exited, stopMs: null, stderr };
    const signalledAt = Date.now();
    child.kill('SIGTERM');
    const code = await exited;
    return { code, stopMs: (exitedAt ?? Date.now()) - signalledAt, stderr };
  } finally {
    clearTimeout(guard);
  }
}

/** The next plain `sync` carries the interrupted full sync on as a full one, and ends equal to the service. */
async function expectCarriedOn(env: Record<string, string>, db: Db, sim: RunningSimulator): Promise<void> {
  const next = await runCli(['sync'], { env, timeoutMs: 120_000 });
  expect(next.code, next.stderr).toBe(0);
  expect((await runIds(db)).map((r) => [r.status, r.mode])).toEqual([
    ['interrupted', 'full'],
    ['succeeded', 'full'],
  ]);
  await expectWarehouseMatchesStore(db, sim);
}

/** Pages committed so far (sync_state rows with a checkpoint). */
async function checkpoints(db: Db): Promise<number> {
  return (await db.kysely.selectFrom('sync_state').select('stream').execute()).length;
}

function context(): { sim: () => RunningSimulator } {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startE2eSimulator({ scale: SCALE, sim: { monthlyLimit: MONTHLY_LIMIT, latencyMs: 15 } });
  });
  afterAll(async () => {
    await sim?.close();
  });
  return { sim: () => sim };
}

forEachDialect('e2e: SIGTERM while the service storms or hangs', (dialect) => {
  const { sim } = context();
  let proxy: SwitchProxy;
  beforeAll(async () => {
    proxy = await startSwitchProxy(sim().url);
  });
  afterAll(async () => {
    await proxy?.close();
  });

  for (const mode of ['429', 'hang'] as const satisfies readonly ProxyMode[]) {
    it(`${mode}: exit 0 within ${STOP_WITHIN_MS / 1000} s, the run interrupted, and the next sync ends equal to the service`, async () => {
      const dbc = await freshMigratedDb(dialect);
      try {
        proxy.mode = 'pass';
        const env = { AFFINITY_BASE_URL: proxy.url, AFFINITY_API_KEY: sim().apiKey, DATABASE_URL: dbc.url };
        const stopped = await syncFullThenTerm(env, dbc.db, async () => {
          while ((await checkpoints(dbc.db)) < 3) await sleep(10);
          proxy.mode = mode;
          // Every request in flight is now refused or held: the run is waiting on the service.
          while (proxy.refused < 2) await sleep(10);
          await sleep(300);
        });
        expect(stopped.stopMs, `the run ended before the signal: ${stopped.stderr}`).not.toBeNull();
        expect(stopped.code, stopped.stderr).toBe(0);
        expect(stopped.stopMs!).toBeLessThan(STOP_WITHIN_MS);
        expect((await runIds(dbc.db)).map((r) => r.status)).toEqual(['interrupted']);

        proxy.mode = 'pass';
        await expectCarriedOn(env, dbc.db, sim());
      } finally {
        await dbc.cleanup();
      }
    }, 180_000);
  }
});

/** The instants (ms after the run row appears) each dialect stops its first full sync at: five in all, from a seeded generator. */
function instantsFor(dialect: DialectName): number[] {
  const rng = new Rng(33);
  const all = Array.from({ length: INSTANTS }, () => 150 + Math.floor(rng.next() * 1800));
  return all.filter((_, i) => DIALECTS[i % DIALECTS.length] === dialect);
}

forEachDialect('e2e: a first sync --full stopped by SIGTERM is carried on by the next sync', (dialect) => {
  const { sim } = context();
  for (const afterMs of instantsFor(dialect)) {
    it(`SIGTERM ${afterMs} ms into the run: the next sync is a full one and ends equal to the service`, async () => {
      const dbc = await freshMigratedDb(dialect);
      try {
        const env = { AFFINITY_BASE_URL: sim().url, AFFINITY_API_KEY: sim().apiKey, DATABASE_URL: dbc.url };
        const stopped = await syncFullThenTerm(env, dbc.db, () => sleep(afterMs));
        expect(stopped.stopMs, `the run ended before ${afterMs} ms: pick earlier instants`).not.toBeNull();
        expect(stopped.code, stopped.stderr).toBe(0);
        await expectCarriedOn(env, dbc.db, sim());
      } finally {
        await dbc.cleanup();
      }
    }, 180_000);
  }
});
