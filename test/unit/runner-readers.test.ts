/**
 * The runner's read strategies through the in-memory PageSource: which page comes next, and what the
 * checkpoint says once it commits. No HTTP, no database.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CursorExpiredError } from '../../src/extract/http/errors.ts';
import { after, feedReader, later } from '../../src/runner/read-feed.ts';
import { DEFAULT_ID_CHUNK } from '../../src/defaults.ts';
import { fixedIds, type IdChunks } from '../../src/planner/id-chunks.ts';
import { idsReader } from '../../src/runner/read-ids.ts';
import { SWEEP_PAGES_DONE, sweepReader } from '../../src/runner/read-sweep.ts';
import type { Fetched, Reader } from '../../src/runner/reader.ts';
import { emptyCheckpoint, type Checkpoint } from '../../src/state/checkpoint.ts';
import { WHOLE, defineStream, type AnyStream, type FeedRead, type IdsRead, type SweepRead } from '../../src/streams/define.ts';
import { memorySources, readerEnv } from '../helpers/memory-source.ts';
import { sweepPageLimit } from '../../src/budget/sweep-bound.ts';
import { DEFAULT_SWEEP_PAGES_FLOOR, DEFAULT_SWEEP_PAGES_UNKNOWN } from '../../src/defaults.ts';
import type { PageSource } from '../../src/extract/page-source.ts';
import type { PageSourceFactory } from '../../src/runner/env.ts';

type Rec = { id: number; at?: string };
const schema = z.object({ id: z.number(), at: z.string().optional() });

function stream(read: AnyStream['read']): AnyStream {
  return defineStream<unknown, unknown>({
    name: 'things',
    description: 'test',
    group: 'other',
    schema,
    read,
    transform: () => ({ rows: { upserts: {}, replace: [] } }),
  });
}

async function drain(reader: Reader<unknown>): Promise<Array<Fetched<unknown>>> {
  const out: Array<Fetched<unknown>> = [];
  while (reader.hasMore()) out.push(await reader.next());
  return out;
}

const ids = (f: Fetched<unknown>) => (f.records as Rec[]).map((r) => r.id);

describe('sweep reader', () => {
  const read: SweepRead<unknown, unknown> = { kind: 'sweep', request: () => ({ path: '/things', paginator: 'v2' }), softDelete: { table: 'companies' } };
  const pages = { '/things': [[{ id: 1 }, { id: 2 }], [{ id: 3 }], [{ id: 4 }]] };

  it('pages to the end, storing each next token and the done marker after the last page', async () => {
    const env = readerEnv(memorySources({ pages }), () => '2026-01-02T00:00:00.000Z');
    const got = await drain(sweepReader(stream(read), read, WHOLE, emptyCheckpoint(), env, { restart: false }));
    expect(got.map(ids)).toEqual([[1, 2], [3], [4]]);
    expect(got.map((f) => f.checkpoint.sweep?.token)).toEqual(['1', '2', SWEEP_PAGES_DONE]);
    expect(got.map((f) => f.pageNumber)).toEqual([1, 2, 3]);
  });

  it('finishes with soft deletes from the sweep start and no sweep left in progress', async () => {
    const env = readerEnv(memorySources({ pages }), () => '2026-01-02T00:00:00.000Z');
    const reader = sweepReader(stream(read), read, WHOLE, emptyCheckpoint(), env, { restart: false });
    await drain(reader);
    const fin = reader.finish();
    expect(fin.checkpoint.sweep).toBeNull();
    expect(fin.checkpoint.lastSweepCompletedAt).toBe('2026-01-02T00:00:00.000Z');
    expect(fin.softDelete).toEqual({ table: 'companies', startedAt: '2026-01-02T00:00:00.000Z' });
  });

  it('a pass that listed under half the live rows it would delete from deletes nothing and is read whole next run; the next pass deletes', async () => {
    const env = readerEnv(memorySources({ pages }), () => '2026-01-02T00:00:00.000Z');
    const held = sweepReader(stream(read), read, WHOLE, emptyCheckpoint(), env, { restart: false }, Number.POSITIVE_INFINITY, 40);
    await drain(held);
    const first = held.finish();
    expect(first.softDelete).toBeUndefined();
    expect(first.held).toEqual({ seen: 4, live: 40 });
    expect(first.checkpoint).toMatchObject({ sweep: null, lastSweepCompletedAt: null, heldPass: { records: 4, live: 40, at: '2026-01-02T00:00:00.000Z' } });
    expect(first.checkpoint.due?.reason).toBe('the last pass saw under half the rows it would delete from');
    const next = sweepReader(
      stream(read),
      read,
      WHOLE,
      first.checkpoint,
      readerEnv(memorySources({ pages })),
      { restart: false },
      Number.POSITIVE_INFINITY,
      40,
    );
    await drain(next);
    const second = next.finish();
    expect(second.held).toBeUndefined();
    expect(second.softDelete).toEqual({ table: 'companies', startedAt: '2026-01-01T00:00:00.000Z' });
    expect(second.checkpoint).toMatchObject({ heldPass: null, due: null });
  });

  it('resumes at the stored token and keeps counting pages across the resume', async () => {
    const sources = memorySources({ pages });
    const cp: Checkpoint = { ...emptyCheckpoint(), sweep: { startedAt: '2026-01-01T00:00:00.000Z', token: '2', pages: 2, records: 3, params: {} } };
    const reader = sweepReader(stream(read), read, WHOLE, cp, readerEnv(sources), { restart: false });
    const got = await drain(reader);
    expect(got.map(ids)).toEqual([[4]]);
    expect(got[0]?.pageNumber).toBe(3);
    expect(sources.opened[0]?.token).toBe('2');
    // The pass's pages over both runs: what `relsync plan` prices a pass at.
    expect(reader.finish().checkpoint.lastSweepPages).toBe(3);
  });

  it('a sweep whose pages were all committed resumes straight to completion', async () => {
    const sources = memorySources({ pages });
    const cp: Checkpoint = {
      ...emptyCheckpoint(),
      sweep: { startedAt: '2026-01-01T00:00:00.000Z', token: SWEEP_PAGES_DONE, pages: 3, records: 4, params: {} },
    };
    expect(await drain(sweepReader(stream(read), read, WHOLE, cp, readerEnv(sources), { restart: false }))).toEqual([]);
    expect(sources.opened).toEqual([]);
  });

  it('restarts the collection once when the service forgot the stored cursor', async () => {
    const expired = () => new CursorExpiredError('400 cursor', { status: 400, method: 'GET', path: '/things', param: 'cursor' });
    const sources = memorySources({ pages, resumeError: expired });
    const cp: Checkpoint = { ...emptyCheckpoint(), sweep: { startedAt: '2026-01-01T00:00:00.000Z', token: '1', pages: 1, records: 2, params: {} } };
    const got = await drain(sweepReader(stream(read), read, WHOLE, cp, readerEnv(sources), { restart: false }));
    expect(got.map(ids)).toEqual([[1, 2], [3], [4]]);
    expect(sources.opened.map((o) => o.token)).toEqual(['1', null]);
  });

  // Issue 32 defect 12: a pager handing out a new cursor each time was followed for 186,429 pages.
  it('a pager that never ends is stopped at the bound, with one line naming the endpoint; a pass stopped there starts over', async () => {
    let served = 0;
    const endless: PageSourceFactory = <T>(): PageSource<T> => ({
      done: false,
      get token() {
        return `c${served}`;
      },
      next: async () => ({ records: [{ id: ++served }] as T[], invalid: [], nextToken: `c${served}`, pageNumber: served }),
    });
    const reader = sweepReader(stream(read), read, WHOLE, emptyCheckpoint(), readerEnv(endless), { restart: false }, 7);
    const got: Array<Fetched<unknown>> = [];
    const err = await (async () => {
      while (reader.hasMore()) got.push(await reader.next());
    })().catch((e: unknown) => e);
    expect(served).toBe(7);
    expect((err as Error).message).toBe(
      "things: GET /things kept handing out pages: 7 read, more than this collection's known size justifies (7 at most); stopped before spending the month's calls, nothing deleted, and the next pass starts over",
    );
    const stopped = got[got.length - 1]!.checkpoint;
    const again = sweepReader(stream(read), read, WHOLE, stopped, readerEnv(memorySources({ pages })), { restart: false }, 7);
    expect((await drain(again)).map(ids)).toEqual([[1, 2], [3], [4]]);
  });

  it('the bound follows what the warehouse knows of the collection: its last pass, its rows, or a tenth of a month when nothing', () => {
    expect(sweepPageLimit({ lastSweepPages: null, rows: 0 })).toBe(DEFAULT_SWEEP_PAGES_UNKNOWN);
    expect(sweepPageLimit({ lastSweepPages: 3, rows: 208 })).toBe(DEFAULT_SWEEP_PAGES_FLOOR);
    expect(sweepPageLimit({ lastSweepPages: 30, rows: 208 })).toBe(120);
    expect(sweepPageLimit({ lastSweepPages: null, rows: 200_000 })).toBe(8_000);
  });

  it('a backfill with other parameters starts afresh; with the same ones it resumes', async () => {
    const cp: Checkpoint = { ...emptyCheckpoint(), sweep: { startedAt: '2026-01-01T00:00:00.000Z', token: '2', pages: 2, records: 3, params: { since: 'a' } } };
    const fresh = memorySources({ pages });
    await drain(sweepReader(stream(read), read, WHOLE, cp, readerEnv(fresh), { restart: true, params: { since: 'b' } }));
    expect(fresh.opened[0]?.token).toBeNull();
    const same = memorySources({ pages });
    await drain(sweepReader(stream(read), read, WHOLE, cp, readerEnv(same), { restart: true, params: { since: 'a' } }));
    expect(same.opened[0]?.token).toBe('2');
  });
});

describe('ids reader', () => {
  const read = (wanted: number[], batchSize: number): IdsRead<unknown> => ({
    kind: 'ids',
    ids: () => fixedIds(wanted),
    batchSize,
    consumes: 'company',
    request: (batch) => ({ path: `/things/${batch.join(',')}`, paginator: 'v2' }),
  });

  it('reads ascending batches, token = last id; a batch lookup that omits an id reports it missing', async () => {
    const pages = { '/things/1,2': [[{ id: 1 }, { id: 2 }]], '/things/3,5': [[{ id: 5 }]] };
    const r = read([5, 3, 1, 2], 2);
    const got = await drain(await idsReader(stream(r), r, WHOLE, emptyCheckpoint(), readerEnv(memorySources({ pages })), { restart: false }));
    expect(got.map((f) => f.page.ids)).toEqual([
      [1, 2],
      [3, 5],
    ]);
    expect(got.map((f) => f.checkpoint.sweep?.token)).toEqual(['2', '5']);
    expect(got[1]?.consumed).toMatchObject({ kind: 'company', done: [5], missing: [3] });
  });

  it('keeps ids that answer 404 in pendingIds and reads them again next time', async () => {
    const r = read([7, 8], 1);
    const sources = memorySources({ pages: { '/things/8': [[{ id: 8 }]] }, missing: new Set(['/things/7']) });
    const reader = await idsReader(stream(r), r, WHOLE, emptyCheckpoint(), readerEnv(sources), { restart: false });
    const got = await drain(reader);
    expect(got[0]?.records).toEqual([]);
    expect(got[0]?.consumed?.missing).toEqual([7]);
    const fin = reader.finish();
    expect(fin.checkpoint.pendingIds).toEqual([7]);
    const next = read([], 1);
    const again = await drain(
      await idsReader(stream(next), next, WHOLE, fin.checkpoint, readerEnv(memorySources({ pages: { '/things/7': [[{ id: 7 }]] } })), { restart: false }),
    );
    expect(again.map(ids)).toEqual([[7]]);
  });

  it('a single read of a record merged away (422 naming its survivor) counts it read, not pending, and the read goes on', async () => {
    const r = read([7, 8], 1);
    const sources = memorySources({ pages: { '/things/8': [[{ id: 8 }]] }, merged: new Map([['/things/7', [7, 9]]]) });
    const reader = await idsReader(stream(r), r, WHOLE, emptyCheckpoint(), readerEnv(sources), { restart: false });
    const got = await drain(reader);
    expect(got.map(ids)).toEqual([[], [8]]);
    expect(got[0]?.consumed).toMatchObject({ done: [7], missing: [] });
    expect(reader.finish().checkpoint.pendingIds).toEqual([]);
  });

  it("a merged answer to a batch read is the stream's error, not one record's", async () => {
    const r = read([7, 8], 2);
    const sources = memorySources({ pages: {}, merged: new Map([['/things/7,8', [7, 9]]]) });
    const reader = await idsReader(stream(r), r, WHOLE, emptyCheckpoint(), readerEnv(sources), { restart: false });
    await expect(drain(reader)).rejects.toThrow('merged into 9');
  });

  it('an id missing again a run later is gone: asked once without the lag retries, counted as read, not kept', async () => {
    // 7 answered 404 through the lag window last run (pending); 9 is missing for the first time now.
    const cp: Checkpoint = { ...emptyCheckpoint(), pendingIds: [7] };
    const r = read([8, 9], 1);
    const sources = memorySources({ pages: { '/things/8': [[{ id: 8 }]] }, missing: new Set(['/things/7', '/things/9']) });
    const reader = await idsReader(stream(r), r, WHOLE, cp, readerEnv(sources), { restart: false });
    const got = await drain(reader);
    expect(got.map((f) => f.page.ids)).toEqual([[7], [8], [9]]);
    expect(sources.opened.map((o) => [o.request.path, o.request.expectExists])).toEqual([
      ['/things/7', false],
      ['/things/8', true],
      ['/things/9', true],
    ]);
    // 7 is read (its set is known: the record is gone), so its mark clears and its read time is noted.
    expect(got[0]?.consumed).toMatchObject({ done: [7], missing: [] });
    expect(got[2]?.consumed).toMatchObject({ done: [], missing: [9] });
    expect(reader.finish().checkpoint.pendingIds).toEqual([9]);
    // Without `goneFrom` nothing is deleted; with it, the gone id is (never one missing once), but only once
    // the read has answered a record in this run (8): with that page, dated from its own 404.
    expect(got.some((f) => f.gone)).toBe(false);
    const withGone = { ...r, goneFrom: 'companies' as const };
    const again = await drain(await idsReader(stream(withGone), withGone, WHOLE, cp, readerEnv(sources), { restart: false }));
    expect(again.map((f) => f.gone?.ids ?? [])).toEqual([[], [7], []]);
    expect(again[1]?.gone).toMatchObject({ table: 'companies', since: again[0]?.consumed?.since });
    expect(again[1]?.consumed).toMatchObject({ done: [8, 7], missing: [] });
  });

  describe('deletion needs evidence (failure-policy.ts goneOnEvidence)', () => {
    const cp: Checkpoint = { ...emptyCheckpoint(), pendingIds: [7] };
    const gone = (r: IdsRead<unknown>, mem: Parameters<typeof memorySources>[0]) =>
      idsReader(stream(r), r, WHOLE, cp, readerEnv(memorySources(mem)), { restart: false }).then(async (reader) => {
        const pages = await drain(reader);
        return { ids: pages.flatMap((f) => f.gone?.ids ?? []), pending: reader.finish().checkpoint.pendingIds };
      });
    const deleting = (confirm: boolean): IdsRead<unknown> => ({
      ...read([8], 1),
      goneFrom: 'companies',
      ...(confirm ? { confirmGone: (batch: readonly number[]) => ({ path: `/v2/things?ids=${batch.join(',')}`, paginator: 'v2' as const }) } : {}),
    });
    const live = { '/things/8': [[{ id: 8 }]] };

    it('a read that answered no record in this run deletes nothing: the id stays pending', async () => {
      expect(await gone(deleting(false), { pages: {}, missing: new Set(['/things/7', '/things/8']) })).toEqual({ ids: [], pending: [7, 8] });
    });

    it('a route-level 404 is no evidence at all: the read fails, nothing is gone or dropped', async () => {
      await expect(gone(deleting(false), { pages: live, routeMissing: new Set(['/things/7']) })).rejects.toMatchObject({ notFound: 'route' });
    });

    it('the cheap source decides: still listed, the record stays; not listed, it is gone; failing, it stays', async () => {
      const missing = new Set(['/things/7']);
      expect(await gone(deleting(true), { pages: { ...live, '/v2/things?ids=7': [[{ id: 7 }]] }, missing })).toEqual({ ids: [], pending: [7] });
      expect(await gone(deleting(true), { pages: { ...live, '/v2/things?ids=7': [[]] }, missing })).toEqual({ ids: [7], pending: [] });
      const failing = new Set(['/things/7', '/v2/things?ids=7']);
      expect(await gone(deleting(true), { pages: live, missing: failing })).toEqual({ ids: [], pending: [7] });
    });
  });

  it('fetches the ids a chunk at a time, yet batches them as over the whole set, pending ids merged in order', async () => {
    const all = Array.from({ length: 2 * DEFAULT_ID_CHUNK + 250 }, (_, i) => 10 + i * 2);
    const asked: Array<[number, number]> = [];
    const whole = fixedIds(all);
    const spy: IdChunks = (after, limit) => {
      asked.push([after, limit]);
      return whole(after, limit);
    };
    const r: IdsRead<unknown> = { ...read([], 100), ids: () => spy };
    // 11 is pending from an earlier run (between 10 and 12); 7 is pending too (before every live id).
    const cp: Checkpoint = { ...emptyCheckpoint(), pendingIds: [7, 11] };
    const wanted = [...all, 7, 11].sort((a, b) => a - b);
    const pages = Object.fromEntries(
      Array.from({ length: Math.ceil(wanted.length / 100) }, (_, b) => {
        const batch = wanted.slice(b * 100, b * 100 + 100);
        return [`/things/${batch.join(',')}`, [batch.map((id) => ({ id }))]];
      }),
    );
    const got = await drain(await idsReader(stream(r), r, WHOLE, cp, readerEnv(memorySources({ pages })), { restart: false }));
    expect(got.map((f) => f.page.ids)).toEqual(Array.from({ length: Math.ceil(wanted.length / 100) }, (_, b) => wanted.slice(b * 100, b * 100 + 100)));
    expect(got.every((f) => f.consumed?.missing.length === 0)).toBe(true);
    expect(Math.max(...asked.map(([, limit]) => limit))).toBe(DEFAULT_ID_CHUNK);
  });

  it('resumes after the last id committed', async () => {
    const r = read([1, 2, 3], 1);
    const cp: Checkpoint = { ...emptyCheckpoint(), sweep: { startedAt: '2026-01-01T00:00:00.000Z', token: '2', pages: 2, records: 2, params: {} } };
    const got = await drain(await idsReader(stream(r), r, WHOLE, cp, readerEnv(memorySources({ pages: { '/things/3': [[{ id: 3 }]] } })), { restart: false }));
    expect(got.map((f) => f.page.ids)).toEqual([[3]]);
    expect(got[0]?.pageNumber).toBe(3);
  });
});

describe('feed reader', () => {
  const feed = (ordered: boolean, startAtNow = false): FeedRead<unknown, unknown> => ({
    kind: 'feed',
    ordered,
    ...(startAtNow ? { startAtNow } : {}),
    request: () => ({ path: '/feed', paginator: 'v2' }),
    position: (r) => ({ at: (r as Rec).at ?? '', id: (r as Rec).id }),
  });
  const pages = {
    '/feed': [
      [
        { id: 1, at: '2026-01-01T00:00:00Z' },
        { id: 2, at: '2026-01-01T00:00:01Z' },
      ],
      [{ id: 3, at: '2026-01-01T00:00:02Z' }],
    ],
  };
  /** A run clock an hour after the records: each was stamped before the read began. */
  const later1h = () => '2026-01-01T01:00:00.000Z';

  it('orders positions by time, then id; without an id the mark itself is not after', () => {
    expect(after({ at: '2026-01-01T00:00:01Z', id: 1 }, { at: '2026-01-01T00:00:00Z', id: 9 })).toBe(true);
    expect(after({ at: '2026-01-01T00:00:00Z', id: 2 }, { at: '2026-01-01T00:00:00Z', id: 1 })).toBe(true);
    expect(after({ at: '2026-01-01T00:00:00Z', id: null }, { at: '2026-01-01T00:00:00Z', id: 1 })).toBe(false);
    expect(later(null, { at: 'x', id: 1 })).toEqual({ at: 'x', id: 1 });
  });

  it('skips what the mark already covers; an ordered feed advances the mark page by page', async () => {
    const f = feed(true);
    const cp: Checkpoint = { ...emptyCheckpoint(), highWater: { at: '2026-01-01T00:00:00Z', id: 1 } };
    const reader = feedReader(stream(f), f, WHOLE, cp, readerEnv(memorySources({ pages }), later1h));
    const got = await drain(reader);
    expect(got.map(ids)).toEqual([[2], [3]]);
    expect(got.map((x) => x.checkpoint.highWater?.id)).toEqual([2, 3]);
    expect(got.every((x) => !x.page.initialRead)).toBe(true);
    expect(reader.finish().checkpoint.highWater?.id).toBe(3);
  });

  it('an unordered feed keeps the old mark until the pass ends', async () => {
    const f = feed(false);
    const reader = feedReader(stream(f), f, WHOLE, emptyCheckpoint(), readerEnv(memorySources({ pages }), later1h));
    const got = await drain(reader);
    expect(got.map((x) => x.checkpoint.highWater)).toEqual([null, null]);
    expect(got.every((x) => x.page.initialRead)).toBe(true);
    expect(reader.finish().checkpoint.highWater?.id).toBe(3);
  });

  it('a record stamped after the read began is applied but never moves the mark past the start of the read', async () => {
    const ahead = {
      '/feed': [
        [
          { id: 1, at: '2026-01-01T00:30:00Z' },
          { id: 2, at: '2026-01-02T00:00:00Z' },
        ],
        [{ id: 3, at: '2026-01-01T00:45:00Z' }],
      ],
    };
    for (const ordered of [true, false]) {
      const f = feed(ordered);
      const cp: Checkpoint = { ...emptyCheckpoint(), highWater: { at: '2026-01-01T00:00:00Z', id: null } };
      const reader = feedReader(stream(f), f, WHOLE, cp, readerEnv(memorySources({ pages: ahead }), later1h));
      const got = await drain(reader);
      expect(got.map(ids)).toEqual([[1, 2], [3]]);
      // Not the next day's stamp: an email written at 00:50 and stamped so must still pass the next run's filter.
      expect(reader.finish().checkpoint.highWater).toEqual({ at: '2026-01-01T00:45:00Z', id: 3 });
      // Nor is the data "as of" the next day: at most the instant the read began.
      expect(reader.finish().checkpoint.dataAt).toBe('2026-01-01T01:00:00.000Z');
    }
  });

  it('with no mark and startAtNow, reads nothing and starts following from now', async () => {
    const f = feed(false, true);
    const sources = memorySources({ pages });
    const reader = feedReader(
      stream(f),
      f,
      WHOLE,
      emptyCheckpoint(),
      readerEnv(sources, () => '2026-05-05T00:00:00.000Z'),
    );
    expect(await drain(reader)).toEqual([]);
    expect(sources.opened).toEqual([]);
    expect(reader.finish().checkpoint.highWater).toEqual({ at: '2026-05-05T00:00:00.000Z', id: null });
  });
});
