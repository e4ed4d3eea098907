/**
 * The `feed` reader: follows a time-ordered collection from its high-water mark (a time and, when the feed
 * has one, an id), skipping what the high-water mark already covers, and says when it may advance.
 */
import type { Checkpoint, HighWater } from '../state/checkpoint.ts';
import { transformFailure } from '../streams/common.ts';
import type { AnyStream, FeedSpec, Partition } from '../streams/define.ts';
import type { ReadEnv } from './env.ts';
import type { Fetched, Reader } from './reader.ts';

/** True when `a` is strictly after `b` (time, then id). */
export function after(a: HighWater, b: HighWater | null): boolean {
  if (!b) return true;
  const ta = Date.parse(a.at);
  const tb = Date.parse(b.at);
  if (ta !== tb) return ta > tb;
  // Same instant: only an id can tell them apart; without one the record at the high-water mark was already read.
  if (a.id === null || b.id === null) return false;
  return a.id > b.id;
}

export function later(a: HighWater | null, b: HighWater | null): HighWater | null {
  if (!a) return b;
  if (!b) return a;
  return after(a, b) ? a : b;
}

/**
 * Follow a time-ordered feed from the stored high-water mark (or `from`, a backfill's `--since`).
 * Records at or before the high-water mark are skipped (the service's filter is inclusive to the second); the mark
 * never passes the instant the read began, whatever a record's time says. An
 * ordered feed advances it page by page; an unordered one keeps the old high-water mark until the pass ends,
 * so a crash re-reads (harmlessly) rather than skips.
 */
export function feedReader(
  def: AnyStream,
  feed: FeedSpec<unknown, unknown>,
  p: Partition<unknown>,
  cp: Checkpoint,
  env: ReadEnv,
  from?: HighWater | null,
): Reader<unknown> {
  const start = from !== undefined ? from : cp.highWater;
  // No mark and nothing to catch up on: begin at now (the stream's sweep holds the history).
  const idle = start === null && feed.startAtNow === true;
  const source = idle ? null : env.pageSources(feed.request(start, p), def.schema, null);
  let committed = cp.highWater;
  const readStart = env.clock();
  let seen = idle ? { at: readStart, id: null } : cp.highWater;
  // The mark can be the run clock (an idle start, a sweep's start): what the records carried is kept apart.
  let dataAt = cp.dataAt;
  let pages = 0;
  env.log.child({ stream: def.name, partition: p.key || undefined }).debug({ from: start }, 'following feed from its high-water mark');

  return {
    hasMore: () => source !== null && !source.done,
    async next(): Promise<Fetched<unknown>> {
      if (source === null) throw new Error('relsync: feed read past its end');
      const page = await source.next();
      const records: unknown[] = [];
      const raws: unknown[] = [];
      const invalid = [...page.invalid];
      page.records.forEach((r, i) => {
        const raw = page.raw?.[i] ?? r;
        let pos: HighWater | null;
        try {
          pos = feed.position(r);
        } catch (err) {
          // A time no mark can hold: the record is quarantined, the feed goes on (streams/common.ts).
          invalid.push({ raw, error: transformFailure(err) });
          return;
        }
        if (pos && !after(pos, start)) return;
        records.push(r);
        raws.push(raw);
        // A time after this read began (a clock ahead of ours, a record stamped in the future) never moves the
        // mark: past it, records written later but stamped before it would be filtered out for good (medium month
        // bench: emails updated up to a day "ahead" hid the persons the service made from the next hours' emails).
        // Such a record is read again each run until its time has passed: a re-read, never a loss.
        if (pos && Date.parse(pos.at) <= Date.parse(readStart)) seen = later(seen, pos);
        // "Data as of" (status) is never later than this read: a stamp ahead of the clock is not news from the future.
        const asOf = pos ? Math.min(Date.parse(pos.at), Date.parse(readStart)) : null;
        if (asOf !== null && (dataAt === null || asOf > Date.parse(dataAt))) dataAt = new Date(asOf).toISOString();
      });
      if (feed.ordered) committed = seen;
      pages += 1;
      return {
        records,
        raws,
        invalid,
        // The first read of a feed (no mark yet): the change log's history is then only recorded.
        page: { partition: p, ids: [], initialRead: start === null },
        checkpoint: { ...cp, highWater: committed, dataAt },
        pageNumber: pages,
      };
    },
    finish() {
      return { checkpoint: { ...cp, highWater: seen, dataAt, feedCheckedAt: env.clock() } };
    },
  };
}
