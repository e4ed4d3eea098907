import { hostname } from 'node:os';
import { UserError } from '../errors.ts';
import type { Db } from '../load/db.ts';

export interface WriterLock {
  release(): Promise<void>;
}

const LOCK_NAME = 'sync';
/** A SQLite lock row whose heartbeat is older than this belongs to a process that died. */
const STALE_MS = 5 * 60_000;
const HEARTBEAT_MS = 30_000;

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function busy(holder: string, since: string): UserError {
  return new UserError(`Another relsync sync is already writing to this warehouse (${holder}, since ${since}).`, {
    hint: 'Wait for it to finish (see `relsync status`), or stop it. Two writers at once are refused so no row is written twice.',
    exitCode: 3,
  });
}

/**
 * The single-writer lock: a lock row on SQLite (heartbeated, taken over when its process is gone),
 * a session advisory lock on PostgreSQL (released by the server if the process dies).
 */
export async function acquireWriterLock(db: Db, holder: string): Promise<WriterLock> {
  const host = hostname();
  if (db.dialect === 'postgres') {
    const client = await db.pgPool!.connect();
    const key = `relsync:${db.schema ?? 'public'}`;
    const r = await client.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtext($1)) as ok', [key]);
    if (!r.rows[0]?.ok) {
      client.release();
      throw busy('another process', 'unknown');
    }
    return {
      release: async () => {
        try {
          await client.query('select pg_advisory_unlock(hashtext($1))', [key]);
        } finally {
          client.release();
        }
      },
    };
  }

  const now = new Date().toISOString();
  const label = `${holder} pid ${process.pid} on ${host}`;
  let taken;
  try {
    taken = await takeSqliteLock(db, label, host, now);
  } catch (err) {
    // Two processes raced for an empty lock table: the loser's insert hits the primary key.
    if (/UNIQUE|constraint/i.test((err as Error).message)) throw busy('another process', now);
    throw err;
  }
  if (taken) throw busy(taken.holder, taken.acquired_at);

  const timer = setInterval(() => {
    void db.kysely
      .updateTable('sync_lock')
      .set({ heartbeat_at: new Date().toISOString() })
      .where('name', '=', LOCK_NAME)
      .where('pid', '=', process.pid)
      .execute()
      .catch(() => undefined);
  }, HEARTBEAT_MS);
  timer.unref();
  return {
    release: async () => {
      clearInterval(timer);
      await db.kysely.deleteFrom('sync_lock').where('name', '=', LOCK_NAME).where('pid', '=', process.pid).execute();
    },
  };
}

async function takeSqliteLock(db: Db, label: string, host: string, now: string) {
  return db.kysely.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('sync_lock').selectAll().where('name', '=', LOCK_NAME).executeTakeFirst();
    if (existing) {
      const stale = Date.now() - Date.parse(existing.heartbeat_at) > STALE_MS;
      const dead = existing.host === host && !pidAlive(existing.pid);
      if (!stale && !dead) return existing;
      await trx.deleteFrom('sync_lock').where('name', '=', LOCK_NAME).execute();
    }
    await trx
      .insertInto('sync_lock')
      .values({ name: LOCK_NAME, holder: label, pid: process.pid, host, acquired_at: now, heartbeat_at: now })
      .execute();
    return null;
  });
}
