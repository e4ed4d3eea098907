import { applyBatch } from '../load/apply-batch.ts';
import { applyCellEdits } from '../load/cell-edits.ts';
import { editCellRows, type CellEdit } from '../transform/apply-changes.ts';
import { quarantineRecords } from '../load/upsert.ts';
import { readCheckpoint, writeCheckpoint } from '../state/checkpoint.ts';
import { markDirty } from '../state/dirty.ts';
import { Pager } from '../extract/pager.ts';
import type { HighWater, Partition, StreamDef } from '../extract/stream.ts';
import type { PartitionResult, StreamRunEnv } from './run-stream.ts';

/** True when `a` is strictly after `b` (time, then id). */
export function after(a: HighWater, b: HighWater | null): boolean {
  if (!b) return true;
  const ta = Date.parse(a.at);
  const tb = Date.parse(b.at);
  if (ta !== tb) return ta > tb;
  // Same instant: only an id can tell them apart; without one the record at the mark was already read.
  if (a.id === null || b.id === null) return false;
  return a.id > b.id;
}

function later(a: HighWater | null, b: HighWater | null): HighWater | null {
  if (!a) return b;
  if (!b) return a;
  return after(a, b) ? a : b;
}

/**
 * Follow a time-ordered feed from the stored high-water mark. Each page: records at or before the
 * mark are skipped (the filter is inclusive to the second), the rest transformed, and rows, dirty
 * marks and the new mark committed together. Unordered feeds keep the old mark until the pass ends,
 * so a crash re-reads (harmlessly) rather than skipping.
 */
export async function followHighWater(def: StreamDef, p: Partition, env: StreamRunEnv, opts: { from?: HighWater | null } = {}): Promise<PartitionResult> {
  const hwDef = def.highWater!;
  const log = env.log.child({ stream: def.name, partition: p.key || undefined });
  const { checkpoint: cp } = await readCheckpoint(env.db.kysely, def.name, p.key);
  const start = opts.from !== undefined ? opts.from : cp.highWater;
  if (start === null && hwDef.startAtNow) {
    await writeCheckpoint(env.db.kysely, def.name, p.key, { ...cp, highWater: { at: env.clock(), id: null } }, env.clock(), { success: true });
    return { pages: 0, records: 0, rows: 0, invalid: 0, softDeleted: 0, completed: true };
  }
  const pager = new Pager(env.client, hwDef.request(start, p, env.ctx), def.schema, null);
  const result: PartitionResult = { pages: 0, records: 0, rows: 0, invalid: 0, softDeleted: 0, completed: false };
  let committed: HighWater | null = cp.highWater;
  let seen: HighWater | null = cp.highWater;
  log.debug({ from: start }, 'following feed from its high-water mark');
  while (!pager.done) {
    if (env.hooks.shouldStop?.()) return result;
    const page = await pager.next();
    const fresh: unknown[] = [];
    const raws: unknown[] = [];
    page.records.forEach((r, i) => {
      const pos = hwDef.position(r);
      if (pos && !after(pos, start)) return;
      fresh.push(r);
      raws.push(page.raw?.[i] ?? r);
      if (pos) seen = later(seen, pos);
    });
    // The transform learns whether this is the first read of the feed (no mark yet): the change log's
    // history is then only recorded, since the sweeps that follow load the current state.
    const part = { key: p.key, params: { ...p.params, initialRead: start === null ? 1 : 0 } };
    const batch = def.transform(fresh, raws, part);
    const marks = def.marks?.(fresh, part) ?? [];
    const now = env.clock();
    if (hwDef.ordered) committed = seen;
    let rows = 0;
    await env.db.kysely.transaction().execute(async (trx) => {
      rows = (await applyBatch(trx, env.db.dialect, batch, now)).rows;
      if (batch.cellEdits?.length) rows += await applyCellEdits(trx, env.db.dialect, batch.cellEdits as CellEdit[], now, editCellRows);
      if (marks.length > 0) await markDirty(trx, env.db.dialect, marks, now);
      if (page.invalid.length > 0) await quarantineRecords(trx, env.db.dialect, def.name, page.invalid, env.runId, now);
      await writeCheckpoint(trx, def.name, p.key, { ...cp, highWater: committed }, now);
    });
    result.pages += 1;
    result.records += fresh.length;
    result.rows += rows;
    result.invalid += page.invalid.length;
    await env.hooks.onPageCommitted?.({ stream: def.name, partition: p.key, page: result.pages, records: fresh.length, rows, invalid: page.invalid.length });
  }
  await writeCheckpoint(env.db.kysely, def.name, p.key, { ...cp, highWater: seen }, env.clock(), { success: true });
  if (result.records > 0) log.info({ records: result.records, highWater: seen }, 'feed followed');
  result.completed = true;
  return result;
}
