import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import type pg from 'pg';
import { UserError } from '../errors.ts';
import type { Db } from '../load/db.ts';
import { readOnlyDatabaseError, writeLockHeldError } from '../load/db-errors.ts';

export interface WriterLock {
  release(): Promise<void>;
}

const LOCK_NAME = 'sync';
/** A SQLite lock row whose heartbeat is older than this belongs to a process that died. */
const STALE_MS = 5 * 60_000;
const HEARTBEAT_MS = 30_000;

/**
 * Whether a process is running. A zombie (exited, not yet reaped by its parent, e.g. when the parent
 * was killed in a container whose PID 1 does not reap) still answers signal 0 but holds nothing:
 * Linux shows it as state Z (or X) in /proc/PID/stat. Elsewhere there is no /proc and signal 0 decides.
 */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return true;
  }
  // "PID (comm) STATE …": comm may itself hold spaces and parentheses, so read after the last ')'.
  const state = stat.slice(stat.lastIndexOf(')') + 1).trim()[0];
  return state !== 'Z' && state !== 'X';
}

/** Another relsync process holds the writer lock (exit 3, nothing written); a scheduler skips the tick, it did not fail. */
export class WarehouseBusyError extends UserError {
  constructor(holder: string, since: string) {
    super(`Another relsync sync is already writing to this warehouse (${holder}, since ${since}).`, {
      hint: 'Wait for it to finish (see `relsync status`), or stop it. Two writers at once are refused so no row is written twice.',
      exitCode: 3,
    });
    this.name = 'WarehouseBusyError';
  }
}

function busy(holder: string, since: string): WarehouseBusyError {
  return new WarehouseBusyError(holder, since);
}

/**
 * The holder's row, read a few times: a process that won the lock a moment ago may not have written its
 * row yet, and "another process, since unknown" tells the operator nothing (the row names pid and host).
 */
async function holderRow(db: Db): Promise<{ holder: string; acquired_at: string } | undefined> {
  for (let i = 0; i < HOLDER_READS; i++) {
    const row = await db.kysely
      .selectFrom('sync_lock')
      .select(['holder', 'acquired_at'])
      .where('name', '=', LOCK_NAME)
      .executeTakeFirst()
      .catch(() => undefined);
    if (row) return row;
    await new Promise((r) => setTimeout(r, HOLDER_READ_PAUSE_MS));
  }
  return undefined;
}
const HOLDER_READS = 10;
const HOLDER_READ_PAUSE_MS = 100;

/**
 * The single-writer lock: a lock row on SQLite (heartbeated, taken over when its process is gone),
 * a session advisory lock on PostgreSQL (released by the server if the process dies), with a row
 * beside it naming the holder for the busy message.
 */
export async function acquireWriterLock(db: Db, holder: string): Promise<WriterLock> {
  const host = hostname();
  const now = new Date().toISOString();
  const label = `${holder} pid ${process.pid} on ${host}`;
  if (db.dialect.sessionWriterLock) return acquirePgLock(db, { label, host, now });

  let taken;
  try {
    taken = await takeSqliteLock(db, label, host, now);
  } catch (err) {
    // Two processes raced for an empty lock table: the loser's insert hits the primary key.
    if (/UNIQUE|constraint/i.test((err as Error).message)) {
      const row = await holderRow(db);
      throw row ? busy(row.holder, row.acquired_at) : busy('another process', now);
    }
    // The lock row is a run's first write: a read-only file, or another program's write lock (an analyst's
    // sqlite3 shell inside a write transaction, a backup), is found here, before any work.
    throw readOnlyDatabaseError(err, db.describe) ?? writeLockHeldError(err, db.describe) ?? err;
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

async function acquirePgLock(db: Db, me: { label: string; host: string; now: string }): Promise<WriterLock> {
  const client: pg.PoolClient = await db.pgPool!.connect();
  // The lock lives as long as this session. If the session dies (server restart, failover,
  // pg_terminate_backend) the server frees the lock for anyone: close the fence so this process
  // writes nothing more, and let the client go without a crash (an unheard 'error' event would).
  // The listener leaves with the lock: a pooled client lives on, and one left listening would close the
  // fence of a later run over a session that no longer holds anything (and gain a listener a run).
  let lost: Error | null = null;
  const onError = (err: Error) => {
    lost ??= err;
    db.fence.close(err);
  };
  client.on('error', onError);
  const letGo = (err?: Error) => {
    client.off('error', onError);
    client.release(err);
  };
  const key = `relsync:${db.schema ?? 'public'}`;
  let ok = false;
  try {
    ok = (await client.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtext($1)) as ok', [key])).rows[0]?.ok === true;
  } catch (err) {
    letGo(err as Error);
    throw err;
  }
  if (!ok) {
    letGo();
    const row = await holderRow(db);
    throw row ? busy(row.holder, row.acquired_at) : busy('another process', 'unknown');
  }
  // Ours now: statements go through again, and the row says who holds the lock. A row left by a
  // holder that died is simply replaced.
  db.fence.open();
  try {
    await db.kysely.transaction().execute(async (trx) => {
      await trx.deleteFrom('sync_lock').where('name', '=', LOCK_NAME).execute();
      await trx
        .insertInto('sync_lock')
        .values({ name: LOCK_NAME, holder: me.label, pid: process.pid, host: me.host, acquired_at: me.now, heartbeat_at: me.now })
        .execute();
    });
  } catch (err) {
    await client.query('select pg_advisory_unlock(hashtext($1))', [key]).catch(() => undefined);
    letGo(err as Error);
    throw readOnlyDatabaseError(err, db.describe) ?? err;
  }
  const ownRow = () => db.kysely.deleteFrom('sync_lock').where('name', '=', LOCK_NAME).where('pid', '=', process.pid).where('host', '=', me.host).execute();
  return {
    release: async () => {
      if (lost) {
        // The session, and the lock with it, is gone: destroy the client, open the fence for the next
        // lock taken on this Db, and remove our row unless a new holder has replaced it already.
        letGo(lost);
        db.fence.open();
        await ownRow().catch(() => undefined);
        return;
      }
      try {
        await ownRow();
        await client.query('select pg_advisory_unlock(hashtext($1))', [key]);
        letGo();
      } catch (err) {
        // A broken session is destroyed, not pooled; the lock went with it.
        letGo(err as Error);
        throw err;
      }
    },
  };
}

async function takeSqliteLock(db: Db, label: string, host: string, now: string) {
  return db.kysely.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('sync_lock').selectAll().where('name', '=', LOCK_NAME).executeTakeFirst();
    if (existing) {
      const stale = Date.now() - Date.parse(existing.heartbeat_at) > STALE_MS;
      const dead = existing.host === host && !processAlive(existing.pid);
      if (!stale && !dead) return existing;
      await trx.deleteFrom('sync_lock').where('name', '=', LOCK_NAME).execute();
    }
    await trx.insertInto('sync_lock').values({ name: LOCK_NAME, holder: label, pid: process.pid, host, acquired_at: now, heartbeat_at: now }).execute();
    return null;
  });
}
