import type { Logger } from '../log.ts';
import type { Db } from '../load/db.ts';
import { applyBatch } from '../load/apply-batch.ts';
import { softDeleteMissing } from '../load/soft-delete.ts';
import { quarantineRecords } from '../load/upsert.ts';
import { readCheckpoint, writeCheckpoint, type Checkpoint } from '../state/checkpoint.ts';
import { clearDirtyBefore } from '../state/dirty.ts';
import type { AffinityClient } from '../extract/http/client.ts';
import { CursorExpiredError } from '../extract/http/errors.ts';
import { Pager } from '../extract/pager.ts';
import type { Partition, StreamContext, StreamDef } from '../extract/stream.ts';

/**
 * Token stored once the last page is committed: a crash before the sweep is marked complete then
 * resumes straight to completion instead of reading the collection again.
 */
export const SWEEP_PAGES_DONE = '__all_pages_read__';

export interface PageEvent {
  stream: string;
  partition: string;
  page: number;
  records: number;
  rows: number;
  invalid: number;
}

export interface StreamHooks {
  /** Called after each page's transaction commits. Throwing aborts the whole run (tests use it to crash). */
  onPageCommitted?: (e: PageEvent) => void | Promise<void>;
  /** Checked between pages; when it returns true the stream stops after the page in hand (graceful shutdown). */
  shouldStop?: () => boolean;
}

export interface PartitionResult {
  pages: number;
  records: number;
  rows: number;
  invalid: number;
  softDeleted: number;
  completed: boolean;
}

export interface StreamRunEnv {
  db: Db;
  client: AffinityClient;
  ctx: StreamContext;
  log: Logger;
  runId: string;
  /** The run's clock for `_synced_at`; one value per run so a sweep's rows compare cleanly. */
  clock: () => string;
  hooks: StreamHooks;
}

/**
 * Sweep one partition of a stream to the end, resuming from its checkpoint. Each page: fetch (no
 * transaction open), transform, then ONE transaction that upserts the rows, quarantines invalid
 * records and advances the checkpoint. A completed sweep soft-deletes what it did not see.
 */
export interface SweepOptions {
  /** Start a new sweep even if one is in progress (backfill), unless that one is this same backfill. */
  restart: boolean;
  /** Parameters recorded with the sweep; a restart resumes an in-progress sweep with equal params. */
  params?: Record<string, string>;
}

export function sameParams(a: Record<string, string>, b: Record<string, string>): boolean {
  const ka = Object.keys(a).sort();
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}

export async function sweepPartition(def: StreamDef, p: Partition, env: StreamRunEnv, opts: SweepOptions): Promise<PartitionResult> {
  const { db, log: parentLog } = env;
  const log = parentLog.child({ stream: def.name, partition: p.key || undefined, runId: env.runId });
  const loaded = await readCheckpoint(db.kysely, def.name, p.key);
  if (loaded.reset) log.warn({ reason: loaded.reset }, 'checkpoint ignored; starting this stream afresh');
  const cp: Checkpoint = loaded.checkpoint;
  const params = opts.params ?? {};
  const resumed = cp.sweep !== null && (!opts.restart || sameParams(cp.sweep.params, params));
  let sweep = resumed && cp.sweep ? cp.sweep : { startedAt: env.clock(), token: null, pages: 0, records: 0, params };
  if (resumed) log.info({ page: sweep.pages, records: sweep.records }, 'resuming sweep from checkpoint');

  const result: PartitionResult = { pages: 0, records: 0, rows: 0, invalid: 0, softDeleted: 0, completed: false };
  const request = def.request(p, env.ctx);
  const pagesDone = sweep.token === SWEEP_PAGES_DONE;
  let pager = new Pager(env.client, request, def.schema, pagesDone ? null : sweep.token);
  let restartedForCursor = false;

  while (!pagesDone && !pager.done) {
    if (env.hooks.shouldStop?.()) {
      log.info({ page: sweep.pages }, 'stopping after the page in hand; the checkpoint resumes here');
      return result;
    }
    let page;
    try {
      page = await pager.next();
    } catch (err) {
      if (err instanceof CursorExpiredError && !restartedForCursor) {
        // The service forgot our cursor: start the collection over. Rows already loaded are upserted
        // again (harmless), and the sweep keeps its start time so soft-delete stays correct.
        log.warn({ page: sweep.pages }, 'stored cursor rejected by the service; restarting this collection');
        restartedForCursor = true;
        sweep = { ...sweep, token: null };
        pager = new Pager(env.client, request, def.schema, null);
        continue;
      }
      throw err;
    }
    const batch = def.transform(page.records, page.raw ?? page.records, p);
    const now = env.clock();
    const next = { ...sweep, token: pager.done ? SWEEP_PAGES_DONE : pager.token, pages: sweep.pages + 1, records: sweep.records + page.records.length };
    let rows = 0;
    await db.kysely.transaction().execute(async (trx) => {
      rows = (await applyBatch(trx, db.dialect, batch, now)).rows;
      if (page.invalid.length > 0) await quarantineRecords(trx, db.dialect, def.name, page.invalid, env.runId, now);
      await writeCheckpoint(trx, def.name, p.key, { ...cp, sweep: next }, now);
    });
    sweep = next;
    result.pages += 1;
    result.records += page.records.length;
    result.rows += rows;
    result.invalid += page.invalid.length;
    if (page.invalid.length > 0) log.warn({ page: sweep.pages, invalid: page.invalid.length }, 'records failed validation and were quarantined');
    log.debug({ page: sweep.pages, records: page.records.length, rows }, 'page committed');
    await env.hooks.onPageCommitted?.({ stream: def.name, partition: p.key, page: sweep.pages, records: page.records.length, rows, invalid: page.invalid.length });
  }

  const now = env.clock();
  await db.kysely.transaction().execute(async (trx) => {
    if (def.softDelete) {
      result.softDeleted = await softDeleteMissing(trx, def.softDelete.table, {
        sweepStartedAt: sweep.startedAt,
        now,
        ...(def.softDelete.scope ? { scope: def.softDelete.scope(p) } : {}),
      });
    }
    if (def.clearsDirty) {
      await clearDirtyBefore(trx, def.clearsDirty.kind, sweep.startedAt, def.clearsDirty.byList ? Number(p.key) : undefined);
    }
    // A feed stream swept in full resumes its incremental reads from when the sweep began.
    const highWater = def.highWater ? { at: sweep.startedAt, id: null } : cp.highWater;
    await writeCheckpoint(trx, def.name, p.key, { ...cp, sweep: null, lastSweepCompletedAt: sweep.startedAt, highWater }, now, { success: true });
  });
  if (result.softDeleted > 0) log.info({ softDeleted: result.softDeleted }, 'rows missing from the completed sweep marked deleted');
  result.completed = true;
  return result;
}
