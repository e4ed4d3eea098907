import type PQueue from 'p-queue';
import { ApiError } from '../extract/http/errors.ts';
import type { StreamRunStats } from '../state/runs.ts';
import type { AnyStream } from '../streams/define.ts';
import type { ReadEnv } from './env.ts';
import { permissionLine, refusalOf, routeGoneLine } from './failure-policy.ts';
import { runStream, type StreamRunOptions } from './run-stream.ts';
import { skipReason } from '../planner/selection.ts';
import { NO_SOURCE, type SourceBook } from '../planner/source-book.ts';

export interface SourceRunContext {
  book: SourceBook<AnyStream>;
  /** Every stream of the run, to find the stream a refused feed's sweep stands in for. */
  streams: readonly AnyStream[];
  /** Stats of the streams of this run, by name (a fallback sweep adds to its stream's). */
  stats: Record<string, StreamRunStats>;
}

function addInto(into: StreamRunStats, from: StreamRunStats): void {
  into.pages += from.pages;
  into.records += from.records;
  into.rows += from.rows;
  into.invalid += from.invalid;
  into.softDeleted += from.softDeleted;
  into.calls += from.calls;
  into.durationMs += from.durationMs;
  if (from.held) into.held = { seen: (into.held?.seen ?? 0) + from.held.seen, live: (into.held?.live ?? 0) + from.held.live };
  if (from.status === 'failed') Object.assign(into, { status: 'failed', error: from.error });
}

/**
 * Run one stream as the run's policy on sources and permissions says: a source of a capability runs
 * only when it is the chosen one; a refusal of it is remembered and the next source takes over (a later
 * level runs it in this run); a permission denial skips the stream with one line and the run goes on.
 */
export async function runAsSource(
  def: AnyStream,
  env: ReadEnv,
  queue: PQueue,
  opts: StreamRunOptions,
  stats: StreamRunStats,
  src: SourceRunContext,
): Promise<void> {
  const log = env.log.child({ stream: def.name });
  const slot = def.source;
  const eligible = (d: AnyStream) => skipReason(d, env.ctx.config) === null;
  if (slot) {
    const chosen = src.book.choose(slot.capability, eligible);
    if (chosen !== def.name && skipReason(def, env.ctx.config) === null) {
      stats.status = 'skipped';
      stats.mode = chosen === NO_SOURCE ? 'no-source-left' : 'source-elsewhere';
      stats.source = { capability: slot.capability, uses: chosen };
      const refusal = src.book.refusal(slot.capability, def.name);
      if (chosen === NO_SOURCE && refusal && !slot.sweeps && src.book.firstTime(slot.capability)) {
        log.warn(
          { capability: slot.capability, refused: refusal.endpoint, status: refusal.status },
          'no source left for this capability: its data is not synced this run (see relsync status)',
        );
      }
      return;
    }
  }
  if (def.optional && src.book.unavailable(def.name) && skipReason(def, env.ctx.config) === null) {
    stats.status = 'skipped';
    stats.mode = 'unavailable';
    return;
  }
  const err = await runStream(def, env, queue, opts, stats);
  if (err === null) {
    if (slot && stats.status === 'succeeded') await src.book.used(env.db, slot.capability, def.name);
    if (def.optional && stats.status === 'succeeded') await src.book.available(env.db, def.name);
    return;
  }
  const action = opts.policy.decide(err, def, stats.pages);
  if (action === 'unavailable') return unavailable(def, err, env, opts, stats, src);
  const refusal = slot && action === 'fall-back' ? refusalOf(err, def, stats.pages, opts.now().toISOString()) : null;
  if (slot && refusal) {
    const next = await src.book.refuse(env.db, slot.capability, def.name, refusal, eligible);
    stats.status = 'skipped';
    stats.mode = 'source-refused';
    stats.source = { capability: slot.capability, uses: next, refusedStatus: refusal.status };
    delete stats.error;
    log.warn(
      { capability: slot.capability, status: refusal.status, endpoint: refusal.endpoint, said: refusal.message, next },
      'the service refused this source; falling back to the next (remembered)',
    );
    if (next === NO_SOURCE && slot.sweeps) await sweepInstead(slot.sweeps, env, queue, opts, src);
    return;
  }
  if (action === 'route-gone' && err instanceof ApiError) {
    stats.error = routeGoneLine(def.name, err);
    log.warn({ status: err.status, endpoint: err.endpoint, line: stats.error }, 'route not served: read refused for this run, nothing deleted through it');
  }
  if (action === 'permission' && err instanceof ApiError) {
    stats.error = permissionLine(def.name, err);
    log.warn({ status: err.status, endpoint: err.endpoint, line: stats.error }, 'permission denied: stream skipped, the run goes on');
  }
}

/**
 * A refused update feed: sweep the stream it spares now if its sweep is due on `sweeps.feedless` (an
 * incremental read: the stream is now one the book sweeps without its feed), unless this run swept it.
 */
async function sweepInstead(name: string, env: ReadEnv, queue: PQueue, opts: StreamRunOptions, src: SourceRunContext): Promise<void> {
  const def = src.streams.find((s) => s.name === name);
  const into = src.stats[name];
  if (!def || !into || into.status !== 'succeeded' || into.mode === 'sweep') return;
  const extra: StreamRunStats = { ...into, status: 'succeeded', pages: 0, records: 0, rows: 0, invalid: 0, softDeleted: 0, calls: 0, durationMs: 0 };
  await runStream(def, { ...env, log: env.log }, queue, { ...opts, mode: 'incremental' }, extra);
  if (extra.pages === 0) return;
  addInto(into, extra);
  into.mode = 'sweep-feed-refused';
}

/** An optional endpoint this tenant does not have: skipped, remembered, and one warning with the service's words. */
async function unavailable(def: AnyStream, err: unknown, env: ReadEnv, opts: StreamRunOptions, stats: StreamRunStats, src: SourceRunContext): Promise<void> {
  const refusal = refusalOf(err, def, 0, opts.now().toISOString());
  if (!refusal) return;
  await src.book.markUnavailable(env.db, def.name, refusal);
  stats.status = 'skipped';
  stats.mode = 'unavailable';
  delete stats.error;
  stats.warning = `${refusal.status ?? '?'} on ${refusal.endpoint}: ${refusal.message}`;
  env.log
    .child({ stream: def.name })
    .warn({ status: refusal.status, endpoint: refusal.endpoint, said: refusal.message }, 'optional endpoint unavailable on this tenant: skipped (remembered)');
}
