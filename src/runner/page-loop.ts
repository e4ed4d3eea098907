import { sweepPageLimit } from '../budget/sweep-bound.ts';
import { emptyBatch } from '../load/schema/row-batch.ts';
import { countLive } from '../load/write/soft-delete.ts';
import { readCheckpoint, type HighWater } from '../state/checkpoint.ts';
import type { SweepPart } from '../state/runs.ts';
import type { AnyStream, Partition } from '../streams/define.ts';
import { referenceMarks } from './reference-marks.ts';
import { commitPage } from './commit-page.ts';
import type { PartitionTally, ReadEnv } from './env.ts';
import { feedReader } from './read-feed.ts';
import { idsReader } from './read-ids.ts';
import { sweepReader } from './read-sweep.ts';
import { guardedTransform } from './transform-guard.ts';
import type { Reader, SweepOptions } from './reader.ts';
import type { PageAllowance } from '../budget/run-budget.ts';

/** How this run reads a partition: a full read by the stream's strategy, or its between-sweeps feed. */
export type ReadMode =
  { how: 'read'; sweep: SweepOptions; from?: HighWater | null; allowance?: PageAllowance; feedFirst?: true } | { how: 'between'; from?: HighWater | null };

/** How a read ended: completed, stopped by a signal (interrupted), or paused at its share of the budget. */
export type ReadOutcome = 'completed' | 'interrupted' | 'paused';

async function openReader(def: AnyStream, p: Partition<unknown>, env: ReadEnv, mode: ReadMode): Promise<Reader<unknown>> {
  const loaded = await readCheckpoint(env.db.kysely, def.name, p.key);
  if (loaded.reset) env.log.warn({ stream: def.name, partition: p.key || undefined, reason: loaded.reset }, 'checkpoint ignored; starting this stream afresh');
  const cp = loaded.checkpoint;
  const read = def.read;
  if (mode.how === 'between') {
    if (read.kind !== 'sweep' || !read.between) throw new Error(`relsync: ${def.name} has no feed between sweeps`);
    return feedReader(def, read.between, p, cp, env, mode.from);
  }
  switch (read.kind) {
    case 'sweep': {
      const rows = read.softDelete ? await countLive(env.db.kysely, read.softDelete.table, read.softDelete.scope?.(p)) : 0;
      return sweepReader(def, read, p, cp, env, mode.sweep, sweepPageLimit({ lastSweepPages: cp.lastSweepPages, rows }), rows);
    }
    case 'ids':
      return idsReader(def, read, p, cp, env, mode.sweep);
    case 'feed':
      return feedReader(def, read, p, cp, env, mode.from);
  }
}

/**
 * A capped sweep's part (run summary and `status` say "sweep part 3 of ~5", not "full sweep"): which run
 * of the pass this is, of about how many at this run's share. A pass one run read whole is a full sweep.
 */
function notePart(tally: PartitionTally, reader: Reader<unknown>, allowance: PageAllowance, done: boolean): void {
  const prog = reader.sweepProgress?.();
  if (!prog || (done && prog.runs === 1)) return;
  const estimate = prog.lastPassPages === null ? null : Math.max(prog.runs, Math.ceil(prog.lastPassPages / Math.max(1, allowance.cap)));
  const part: SweepPart = { part: prog.runs, of: done ? prog.runs : estimate, done };
  if (!tally.sweepPart || part.part > tally.sweepPart.part) tally.sweepPart = part;
}

/**
 * THE page loop, for every read strategy: check for a stop, fetch a page (no transaction open),
 * transform it, commit rows + marks + quarantine + checkpoint in one transaction, count, notify. At the
 * end, the read's final checkpoint (with a sweep's soft deletes) commits the same way. Returns how the
 * read ended (a capped periodic read pauses at its share and resumes next run); `tally` is updated after every commit, so a failure still reports what was done.
 */
export async function readPartition(def: AnyStream, p: Partition<unknown>, env: ReadEnv, mode: ReadMode, tally: PartitionTally): Promise<ReadOutcome> {
  // env.log already carries the runId (run-sync.ts): bound again, it would appear twice on each line.
  const log = env.log.child({ stream: def.name, partition: p.key || undefined });
  // Asked to stop before this read began: it reads nothing, and above all completes nothing (a read of the
  // few ids a stopped parent marked would otherwise finish its pass, and the next run skip the rest).
  if (env.hooks.shouldStop?.()) return 'interrupted';
  const reader = await openReader(def, p, env, mode);
  const pagesBefore = tally.pages;
  const allowance = mode.how === 'read' ? mode.allowance : undefined;
  while (reader.hasMore()) {
    if (env.hooks.shouldStop?.()) {
      log.info({ page: tally.pages }, 'stopping after the page in hand; the checkpoint resumes here');
      return 'interrupted';
    }
    if (allowance && !allowance.allow()) {
      log.info({ page: tally.pages }, "this run's share of the pass is read; the next run resumes here");
      if (tally.pages > pagesBefore) notePart(tally, reader, allowance, false);
      return 'paused';
    }
    allowance?.take();
    const pageStarted = performance.now();
    const f = await reader.next();
    // Records that failed validation (the pager) or the transform (the guard), quarantined with the page.
    const out = guardedTransform(def, f);
    const { rows, softDeleted } = await commitPage(env, def.name, p.key, {
      rows: out.rows,
      marks: [...(f.marks ?? []), ...(out.marks ?? []), ...(await referenceMarks(env.ctx, out.rows))],
      invalid: out.quarantined,
      checkpoint: f.checkpoint,
      ...(f.consumed ? { consumed: f.consumed } : {}),
      ...(f.read ? { read: f.read } : {}),
      ...(f.gone ? { gone: f.gone } : {}),
    });
    tally.pages += 1;
    tally.records += f.records.length;
    tally.rows += rows;
    tally.invalid += out.quarantined.length;
    tally.softDeleted += softDeleted;
    if (out.quarantined.length > 0)
      log.warn({ page: f.pageNumber, invalid: out.quarantined.length }, 'records failed validation or transform and were quarantined');
    log.debug({ page: f.pageNumber, records: f.records.length, rows }, 'page committed');
    await env.hooks.onPageCommitted?.({
      stream: def.name,
      partition: p.key,
      page: f.pageNumber,
      records: f.records.length,
      rows,
      invalid: out.quarantined.length,
      durationMs: performance.now() - pageStarted,
    });
  }
  if (allowance) notePart(tally, reader, allowance, true);
  const { unseen, held, ...finish } = reader.finish();
  const { softDeleted } = await commitPage(env, def.name, p.key, { rows: emptyBatch(), marks: [], invalid: [], ...finish, success: unseen === undefined });
  if (unseen) throw unseen;
  if (held) tally.held = { seen: (tally.held?.seen ?? 0) + held.seen, live: (tally.held?.live ?? 0) + held.live };
  tally.softDeleted += softDeleted;
  if (softDeleted > 0) log.info({ softDeleted }, 'rows missing from the completed sweep marked deleted');
  return 'completed';
}
