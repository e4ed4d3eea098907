import { expect, it } from 'vitest';
import type { Db } from '../../src/load/db.ts';
import { DEFAULT_SWEEP_PAGES_FLOOR } from '../../src/defaults.ts';
import { readPartition } from '../../src/runner/page-loop.ts';
import { emptyTally } from '../../src/runner/env.ts';
import { readCheckpoint } from '../../src/state/checkpoint.ts';
import { fixedIds } from '../../src/planner/id-chunks.ts';
import type { AnyStream, IdsRead } from '../../src/streams/define.ts';
import { usersStream } from '../../src/streams/users.ts';
import { forEachDialect, useMigratedDb } from '../helpers/dialects.ts';
import { memorySources, readerEnv, type MemoryPages } from '../helpers/memory-source.ts';

/**
 * The one page loop and its one transaction per page, driven directly (no HTTP, no run): a sweep over
 * in-memory pages of `/v2/users` commits each page's rows with its checkpoint, stops and resumes at the
 * page in hand, and a page whose commit fails leaves neither its rows nor its checkpoint.
 */
const PATH = '/v2/users';
const PAGES = [
  [
    { id: 1, firstName: 'Ada' },
    { id: 2, firstName: 'Bo' },
  ],
  [{ id: 3, firstName: 'Cy' }],
  [{ id: 4, firstName: 'Di' }],
];
const def = usersStream as unknown as AnyStream;
const partition = { key: '', params: {} };
const READ = { how: 'read', sweep: { restart: false } } as const;

let minute = 0;
/** Each read at a later instant, as successive runs are: a sweep's soft deletes compare `_synced_at` with its start. */
function env(db: Db, mem: MemoryPages, shouldStop?: () => boolean) {
  const sources = memorySources(mem);
  minute += 1;
  const at = new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
  const base = readerEnv(sources, () => at);
  return { sources, env: { ...base, db, ctx: { db, config: base.ctx.config }, hooks: shouldStop ? { shouldStop } : {} } };
}

async function userIds(db: Db, live = true): Promise<number[]> {
  let q = db.kysely.selectFrom('users').select('id').orderBy('id');
  if (live) q = q.where('_deleted_at', 'is', null);
  return (await q.execute()).map((r) => Number(r.id));
}

forEachDialect('the page loop (runner/page-loop.ts, commit-page.ts)', (dialect) => {
  const db = useMigratedDb(dialect, { extraTables: ['sync_state'] });

  it('reads a sweep page by page and completes it: every row, a finished checkpoint, the tally', async () => {
    const { env: e } = env(db(), { pages: { [PATH]: PAGES } });
    const tally = emptyTally();
    expect(await readPartition(def, partition, e, READ, tally)).toBe('completed');
    expect(await userIds(db())).toEqual([1, 2, 3, 4]);
    expect(tally).toMatchObject({ pages: 3, records: 4, rows: 4, invalid: 0 });
    const { checkpoint } = await readCheckpoint(db().kysely, 'users');
    expect(checkpoint.sweep).toBeNull();
    expect(checkpoint.lastSweepCompletedAt).not.toBeNull();
    expect(checkpoint.lastSweepPages).toBe(3);
  });

  it('stops after the page in hand, with that page and its position committed, and resumes there', async () => {
    let committed = 0;
    const mem: MemoryPages = { pages: { [PATH]: PAGES }, onNext: () => (committed += 1) };
    const first = env(db(), mem, () => committed >= 1);
    expect(await readPartition(def, partition, first.env, READ, emptyTally())).toBe('interrupted');
    expect(await userIds(db())).toEqual([1, 2]);
    const { checkpoint } = await readCheckpoint(db().kysely, 'users');
    expect(checkpoint.sweep).toMatchObject({ token: '1', pages: 1, records: 2 });

    const again = env(db(), { pages: { [PATH]: PAGES } });
    expect(await readPartition(def, partition, again.env, READ, emptyTally())).toBe('completed');
    expect(again.sources.opened.map((o) => o.token)).toEqual(['1']);
    expect(await userIds(db())).toEqual([1, 2, 3, 4]);
  });

  it('soft-deletes what a completed sweep did not see, and nothing when the sweep was cut short', async () => {
    await readPartition(def, partition, env(db(), { pages: { [PATH]: PAGES } }).env, READ, emptyTally());
    const without3 = [PAGES[0]!, [], PAGES[2]!];
    let pages = 0;
    const cut = env(db(), { pages: { [PATH]: without3 }, onNext: () => (pages += 1) }, () => pages >= 2);
    expect(await readPartition(def, partition, cut.env, READ, emptyTally())).toBe('interrupted');
    expect(await userIds(db())).toEqual([1, 2, 3, 4]);

    const tally = emptyTally();
    expect(await readPartition(def, partition, env(db(), { pages: { [PATH]: without3 } }).env, READ, tally)).toBe('completed');
    expect(tally.softDeleted).toBe(1);
    expect(await userIds(db())).toEqual([1, 2, 4]);
    expect(await userIds(db(), false)).toEqual([1, 2, 3, 4]);
  });

  // Issue 32 defect 9: records that failed validation in a full sweep were soft-deleted, with their child rows.
  it('a record quarantined by a sweep is not missing from it: its row stays', async () => {
    await readPartition(def, partition, env(db(), { pages: { [PATH]: PAGES } }).env, READ, emptyTally());
    const drifted = [PAGES[0]!, [{ id: 3, firstName: 42 }], PAGES[2]!];
    const tally = emptyTally();
    expect(await readPartition(def, partition, env(db(), { pages: { [PATH]: drifted }, validate: true }).env, READ, tally)).toBe('completed');
    expect(tally).toMatchObject({ invalid: 1, softDeleted: 0 });
    expect(await userIds(db())).toEqual([1, 2, 3, 4]);
    const q = await db().kysely.selectFrom('quarantine').select(['stream', 'record_key']).execute();
    expect(q).toEqual([{ stream: 'users', record_key: '3' }]);
  });

  it('a sweep of mostly quarantined records deletes nothing, marks no pass done, fails naming them, and is due again', async () => {
    await readPartition(def, partition, env(db(), { pages: { [PATH]: PAGES } }).env, READ, emptyTally());
    const before = (await readCheckpoint(db().kysely, 'users')).checkpoint;
    // One member changed type on every record but one; record 4 is gone upstream.
    const drifted = [
      [
        { id: 1, firstName: 1 },
        { id: 2, firstName: 2 },
      ],
      [{ id: 3, firstName: 'Cy' }],
    ];
    const tally = emptyTally();
    const err = await readPartition(def, partition, env(db(), { pages: { [PATH]: drifted }, validate: true }).env, READ, tally).catch((e: unknown) => e);
    expect((err as Error).message).toMatch(
      /^users: 2 of 3 records of this pass failed validation and were quarantined \(1, 2; firstName: .*\): the pass did not see its collection, so nothing is deleted/,
    );
    expect(tally.softDeleted).toBe(0);
    expect(await userIds(db())).toEqual([1, 2, 3, 4]);
    const after = (await readCheckpoint(db().kysely, 'users')).checkpoint;
    expect(after).toMatchObject({ sweep: null, lastSweepCompletedAt: before.lastSweepCompletedAt, lastSweepPages: before.lastSweepPages });
    expect(after.due?.reason).toMatch(/quarantined/);
    // The next healthy pass restores them, and only then is 4 (missing from a pass that saw its collection) gone.
    const healed = emptyTally();
    await readPartition(def, partition, env(db(), { pages: { [PATH]: [PAGES[0]!, PAGES[1]!] } }).env, READ, healed);
    expect(healed.softDeleted).toBe(1);
    expect(await userIds(db())).toEqual([1, 2, 3]);
    expect((await readCheckpoint(db().kysely, 'users')).checkpoint.due).toBeNull();
  });

  // Issue 32 defect 12: a pager handing out a new cursor each time, bounded by what the warehouse knows of the collection.
  it('a pass that keeps handing out pages stops at the bound the known size sets, deleting nothing', async () => {
    await readPartition(def, partition, env(db(), { pages: { [PATH]: PAGES } }).env, READ, emptyTally());
    const endless = Array.from({ length: DEFAULT_SWEEP_PAGES_FLOOR + 10 }, () => [] as unknown[]);
    let calls = 0;
    const e = env(db(), { pages: { [PATH]: endless }, onNext: () => (calls += 1) }).env;
    const err = await readPartition(def, partition, e, READ, emptyTally()).catch((x: unknown) => x);
    expect((err as Error).message).toMatch(new RegExp(`^users: GET /v2/users kept handing out pages: ${DEFAULT_SWEEP_PAGES_FLOOR} read`));
    expect(calls).toBe(DEFAULT_SWEEP_PAGES_FLOOR);
    expect(await userIds(db())).toEqual([1, 2, 3, 4]);
  });

  it('an id read finds a record missing twice, a run apart: soft-deleted with that page', async () => {
    await readPartition(def, partition, env(db(), { pages: { [PATH]: PAGES } }).env, READ, emptyTally());
    const read: IdsRead<unknown> = {
      kind: 'ids',
      ids: () => fixedIds([1, 2]),
      batchSize: 1,
      goneFrom: 'users',
      request: (ids) => ({ path: `/u/${ids[0]}`, paginator: 'single' }),
    };
    const byId: AnyStream = { ...def, read };
    const mem: MemoryPages = { pages: { '/u/1': [[{ id: 1, firstName: 'Ada' }]] }, missing: new Set(['/u/2']) };
    // The first 404 may be the read-after-create lag: kept for the next run, nothing deleted.
    const first = emptyTally();
    expect(await readPartition(byId, partition, env(db(), mem).env, READ, first)).toBe('completed');
    expect(first.softDeleted).toBe(0);
    expect(await userIds(db())).toEqual([1, 2, 3, 4]);
    expect((await readCheckpoint(db().kysely, 'users')).checkpoint.pendingIds).toEqual([2]);

    const second = emptyTally();
    expect(await readPartition(byId, partition, env(db(), mem).env, READ, second)).toBe('completed');
    expect(second.softDeleted).toBe(1);
    expect(await userIds(db())).toEqual([1, 3, 4]);
    expect((await readCheckpoint(db().kysely, 'users')).checkpoint.pendingIds).toEqual([]);
  });

  it('a page whose commit fails leaves neither its rows nor its checkpoint; the next read redoes that page', async () => {
    // The second page's batch upserts its users, then replaces a child set with a column the table does not
    // have: the batch fails inside the page's transaction, after the users were written.
    const broken: AnyStream = {
      ...def,
      transform(records, raws, page) {
        const out = def.transform(records, raws, page);
        if (!records.some((r) => (r as { id: number }).id === 3)) return out;
        const bad = [{ table: 'team_members', scope: ['team_id'], owners: [{ team_id: 1 }], rows: [{ team_id: 1, nope: 3 }] }];
        return { ...out, rows: { ...out.rows, replace: bad as unknown as typeof out.rows.replace } };
        return out;
      },
    };
    const tally = emptyTally();
    await expect(readPartition(broken, partition, env(db(), { pages: { [PATH]: PAGES } }).env, READ, tally)).rejects.toThrow();
    expect(tally.pages).toBe(1);
    expect(await userIds(db())).toEqual([1, 2]);
    const { checkpoint } = await readCheckpoint(db().kysely, 'users');
    expect(checkpoint.sweep).toMatchObject({ token: '1', pages: 1 });

    const again = env(db(), { pages: { [PATH]: PAGES } });
    expect(await readPartition(def, partition, again.env, READ, emptyTally())).toBe('completed');
    expect(again.sources.opened.map((o) => o.token)).toEqual(['1']);
    expect(await userIds(db())).toEqual([1, 2, 3, 4]);
  });
});
