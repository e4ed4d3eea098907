import { applyBatch } from '../load/apply-batch.ts';
import { quarantineRecords } from '../load/upsert.ts';
import { readCheckpoint, writeCheckpoint } from '../state/checkpoint.ts';
import { bumpAttempts, clearDirty } from '../state/dirty.ts';
import { NotFoundError } from '../extract/http/errors.ts';
import { Pager, type InvalidRecord } from '../extract/pager.ts';
import type { Partition, StreamDef } from '../extract/stream.ts';
import { sameParams, type PartitionResult, type StreamRunEnv, type SweepOptions } from './run-stream.ts';

/**
 * Read a set of ids in ascending batches. The checkpoint's sweep token is the last id committed, so
 * a crash resumes after it. An id that answers 404 through the whole read-after-create window is kept
 * in `pendingIds` for the next run instead of being dropped.
 */
export async function sweepIds(def: StreamDef, p: Partition, env: StreamRunEnv, opts: SweepOptions): Promise<PartitionResult> {
  const byIds = def.byIds!;
  const log = env.log.child({ stream: def.name, partition: p.key || undefined });
  const { checkpoint: cp } = await readCheckpoint(env.db.kysely, def.name, p.key);
  const params = opts.params ?? {};
  const resumed = cp.sweep !== null && (!opts.restart || sameParams(cp.sweep.params, params));
  const sweep = resumed && cp.sweep ? cp.sweep : { startedAt: env.clock(), token: null, pages: 0, records: 0, params };
  const after = sweep.token === null ? -Infinity : Number(sweep.token);
  const wanted = [...new Set([...(await byIds.ids(env.ctx, p)), ...cp.pendingIds])].sort((a, b) => a - b).filter((id) => id > after);
  log.info({ ids: wanted.length, batchSize: byIds.batchSize, calls: Math.ceil(wanted.length / byIds.batchSize), resumed }, 'reading records by id');

  const result: PartitionResult = { pages: 0, records: 0, rows: 0, invalid: 0, softDeleted: 0, completed: false };
  const pending = new Set(resumed ? cp.pendingIds : []);
  let state = { ...cp, sweep };
  for (let i = 0; i < wanted.length; i += byIds.batchSize) {
    if (env.hooks.shouldStop?.()) return result;
    const ids = wanted.slice(i, i + byIds.batchSize);
    const req = { ...byIds.request(ids, p), expectExists: true };
    const batchStart = env.clock();
    const records: unknown[] = [];
    const raws: unknown[] = [];
    const invalid: InvalidRecord[] = [];
    try {
      const pager = new Pager(env.client, req, def.schema, null);
      while (!pager.done) {
        const page = await pager.next();
        records.push(...page.records);
        raws.push(...(page.raw ?? page.records));
        invalid.push(...page.invalid);
      }
      for (const id of ids) pending.delete(id);
    } catch (err) {
      if (!(err instanceof NotFoundError)) throw err;
      // Still invisible after the lag window (or deleted): try again next run, never drop it silently.
      for (const id of ids) pending.add(id);
      log.warn({ ids: ids.length }, 'records not readable yet; kept for the next run');
    }
    // The transform learns which ids this batch read (e.g. whose fragments these are).
    const batch = def.transform(records, raws, { key: p.key, params: { ...p.params, ids: ids.join(',') } });
    const now = env.clock();
    const last = ids[ids.length - 1]!;
    const nextSweep = { ...sweep, token: String(last), pages: sweep.pages + result.pages + 1, records: sweep.records + result.records + records.length };
    state = { ...state, sweep: nextSweep, pendingIds: [...pending] };
    // Which ids came back: a batch lookup silently omits ids it cannot serve yet.
    const got = new Set(records.map((r) => (r as { id?: unknown }).id).filter((x): x is number => typeof x === 'number'));
    const missing = byIds.batchSize > 1 ? ids.filter((id) => !got.has(id)) : ids.filter((id) => pending.has(id));
    let rows = 0;
    await env.db.kysely.transaction().execute(async (trx) => {
      rows = (await applyBatch(trx, env.db.dialect, batch, now)).rows;
      if (byIds.consumes) {
        const done = ids.filter((id) => !missing.includes(id));
        await clearDirty(trx, byIds.consumes, done, batchStart);
        // Not readable yet (creation lag) or gone: stays marked for the next run; a sweep settles it.
        if (missing.length > 0) await bumpAttempts(trx, byIds.consumes, missing);
      }
      if (invalid.length > 0) await quarantineRecords(trx, env.db.dialect, def.name, invalid, env.runId, now);
      await writeCheckpoint(trx, def.name, p.key, state, now);
    });
    result.pages += 1;
    result.records += records.length;
    result.rows += rows;
    result.invalid += invalid.length;
    await env.hooks.onPageCommitted?.({ stream: def.name, partition: p.key, page: nextSweep.pages, records: records.length, rows, invalid: invalid.length });
  }
  const now = env.clock();
  await writeCheckpoint(env.db.kysely, def.name, p.key, { ...state, sweep: null, lastSweepCompletedAt: sweep.startedAt, pendingIds: [...pending] }, now, { success: true });
  result.completed = true;
  return result;
}
