/**
 * PostgreSQL only (SQLite's lock is a row, held by no session): the writer lock's session listens for its
 * connection dying, to close the write fence, and stops listening when the lock is let go. The session goes
 * back to the pool and serves later statements and later locks; a listener left on it would close the fence
 * of a later run over a session that holds nothing, and `relsync schedule` would add one a run (node warns
 * past ten). Its own session dying while it holds the lock closes the fence: pg-connection-lost.test.ts.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/load/db.ts';
import { acquireWriterLock } from '../../src/state/lock.ts';
import { freshMigratedDb } from '../helpers/dialects.ts';

describe('the writer lock lets its session go whole [postgres]', () => {
  let ctx: Awaited<ReturnType<typeof freshMigratedDb>>;
  let db: Db;
  beforeAll(async () => {
    ctx = await freshMigratedDb('postgres');
    db = ctx.db;
  });
  afterAll(async () => ctx?.cleanup());

  /** Every idle session of the pool, checked out at once, then handed back. */
  const sessions = async <T>(fn: (clients: pg.PoolClient[]) => T): Promise<T> => {
    const pool = db.pgPool!;
    const idle = pool.idleCount;
    const clients: pg.PoolClient[] = [];
    for (let i = 0; i < idle; i++) clients.push(await pool.connect());
    try {
      return fn(clients);
    } finally {
      for (const c of clients) c.release();
    }
  };

  it('after twelve locks taken and let go, no session listens for the lock, and a session error closes no fence', async () => {
    const baseline = await sessions((cs) => Math.max(0, ...cs.map((c) => c.listenerCount('error'))));
    for (let i = 0; i < 12; i++) {
      const lock = await acquireWriterLock(db, `run ${i}`);
      await lock.release();
    }
    expect(db.fence.closed).toBe(false);
    await sessions((cs) => {
      expect(cs.length).toBeGreaterThan(0);
      for (const c of cs) expect(c.listenerCount('error')).toBeLessThanOrEqual(Math.max(1, baseline));
      // A session that once held the lock fails later, holding nothing: the next run may still write.
      for (const c of cs) c.emit('error', new Error('terminating connection due to administrator command'));
    });
    expect(db.fence.closed).toBe(false);
  });
});
