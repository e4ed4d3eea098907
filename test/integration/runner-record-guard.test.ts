import { expect, it } from 'vitest';
import type { Db } from '../../src/load/db.ts';
import { emptyTally } from '../../src/runner/env.ts';
import { readPartition } from '../../src/runner/page-loop.ts';
import { readCheckpoint } from '../../src/state/checkpoint.ts';
import { readStatus } from '../../src/state/status.ts';
import { perRecord } from '../../src/streams/common.ts';
import type { AnyStream, Partition } from '../../src/streams/define.ts';
import { listEntriesStream } from '../../src/streams/list-entries.ts';
import { usersStream } from '../../src/streams/users.ts';
import { v2UserRows } from '../../src/transform/index.ts';
import type { V2User } from '../../src/extract/schemas/index.ts';
import { forEachDialect, useMigratedDb } from '../helpers/dialects.ts';
import { memorySources, readerEnv, type MemoryPages } from '../helpers/memory-source.ts';

/**
 * One record never stops a stream (docs/sync.md): validation and transform run per record, a record that
 * fails either is quarantined with its raw body and the reason, and the rest of its page commits.
 */
const READ = { how: 'read', sweep: { restart: false } } as const;
const WHOLE_PARTITION: Partition<unknown> = { key: '', params: {} };

function env(db: Db, mem: MemoryPages) {
  const base = readerEnv(memorySources(mem), () => '2026-01-01T00:00:00.000Z');
  return { ...base, db, ctx: { db, config: base.ctx.config } };
}

async function quarantined(db: Db) {
  const rows = await db.kysely.selectFrom('quarantine').select(['stream', 'record_key', 'payload', 'error']).orderBy('record_key').execute();
  return rows.map((r) => ({ ...r, payload: JSON.parse(r.payload) as unknown }));
}

const USERS = [
  [
    { id: 1, firstName: 'Ada' },
    { id: 2, firstName: 'Bo' },
    { id: 3, firstName: 'Cy' },
  ],
  [{ id: 4, firstName: 'Di' }],
];

forEachDialect('one record never stops a stream (runner/transform-guard.ts, streams/common.ts)', (dialect) => {
  const db = useMigratedDb(dialect, { extraTables: ['sync_state', 'quarantine'] });

  it('a transform that throws on one record of a page: that record quarantined with its body and reason, the rest committed', async () => {
    const failing: AnyStream = {
      ...(usersStream as unknown as AnyStream),
      transform: perRecord<V2User, unknown>((u, raw) => {
        if (u.id === 2) throw new Error('cannot read this one');
        return v2UserRows(u, raw);
      }) as AnyStream['transform'],
    };
    const tally = emptyTally();
    expect(await readPartition(failing, WHOLE_PARTITION, env(db(), { pages: { '/v2/users': USERS } }), READ, tally)).toBe('completed');
    const ids = await db().kysely.selectFrom('users').select('id').orderBy('id').execute();
    expect(ids.map((r) => Number(r.id))).toEqual([1, 3, 4]);
    expect(tally).toMatchObject({ pages: 2, invalid: 1 });
    expect(await quarantined(db())).toEqual([
      { stream: 'users', record_key: '2', payload: { id: 2, firstName: 'Bo' }, error: 'transform: cannot read this one' },
    ]);
    expect((await readCheckpoint(db().kysely, 'users')).checkpoint.lastSweepCompletedAt).not.toBeNull();
    const status = await readStatus(db(), { now: new Date('2026-01-01T01:00:00Z'), schedule: '0 * * * *' });
    expect(status.quarantined).toEqual([{ stream: 'users', records: 1, lastSeenAt: '2026-01-01T00:00:00.000Z' }]);
  });

  it('a whole-page transform that throws quarantines that page and the read goes on', async () => {
    let calls = 0;
    const failing: AnyStream = {
      ...(usersStream as unknown as AnyStream),
      transform: (records, raws, page) => {
        calls += 1;
        if (calls === 1) throw new Error('the page is unreadable');
        return usersStream.transform(records as V2User[], raws, page as never);
      },
    };
    const tally = emptyTally();
    expect(await readPartition(failing, WHOLE_PARTITION, env(db(), { pages: { '/v2/users': USERS } }), READ, tally)).toBe('completed');
    const ids = await db().kysely.selectFrom('users').select('id').orderBy('id').execute();
    expect(ids.map((r) => Number(r.id))).toEqual([4]);
    expect((await quarantined(db())).map((q) => [q.record_key, q.error])).toEqual([
      ['1', 'transform: the page is unreadable'],
      ['2', 'transform: the page is unreadable'],
      ['3', 'transform: the page is unreadable'],
    ]);
  });

  it('a list entry created in a leap second (…T23:59:60Z) lands with the rest of its list, as the next second', async () => {
    const entry = (id: number, createdAt: string) => ({
      id,
      listId: 7,
      type: 'company',
      createdAt,
      creatorId: null,
      entity: { id: 100 + id, name: `Co ${id}`, domain: null, fields: [] },
    });
    const page = [entry(1, '2016-12-31T23:59:59Z'), entry(2, '2016-12-31T23:59:60Z'), entry(3, '2017-01-01t00:00:01z')];
    // What the pager hands the loop: records that passed the stream's schema.
    const records = page.map((r) => listEntriesStream.schema.parse(r));
    const p: Partition<unknown> = { key: '7', params: { listId: 7, listType: 'company' } };
    const tally = emptyTally();
    expect(
      await readPartition(listEntriesStream as unknown as AnyStream, p, env(db(), { pages: { '/v2/lists/7/list-entries': [records] } }), READ, tally),
    ).toBe('completed');
    const rows = await db().kysely.selectFrom('list_entries').select(['id', 'created_at']).orderBy('id').execute();
    expect(rows.map((r) => [Number(r.id), r.created_at])).toEqual([
      [1, '2016-12-31T23:59:59.000Z'],
      [2, '2017-01-01T00:00:00.000Z'],
      [3, '2017-01-01T00:00:01.000Z'],
    ]);
    expect(tally.invalid).toBe(0);
  });
});
