import { UserError } from '../errors.ts';

/**
 * Database conditions under which no stream can write: the disk or quota is full, the file is read
 * only, the server is gone. The run stops with one message; every committed page is kept, and the
 * next run resumes from the checkpoints.
 */
const SQLITE_FATAL: Record<string, string> = {
  SQLITE_FULL: 'the database or disk is full',
  SQLITE_READONLY: 'the database file is read-only',
  SQLITE_IOERR: 'the disk reported an I/O error',
  SQLITE_CANTOPEN: 'the database file cannot be opened',
  SQLITE_CORRUPT: 'the database file is corrupt',
};
// PostgreSQL SQLSTATE classes/codes: 53 insufficient resources, 08 connection, 57P admin shutdown, 25006 read-only.
const PG_FATAL: Array<[RegExp, string]> = [
  // 57P01 admin_shutdown: a server shutdown or restart, or pg_terminate_backend on the session.
  [/^57P01$/, 'the database server ended the connection'],
  [/^53/, 'the database server is out of resources (disk, memory or connections)'],
  [/^08/, 'the connection to the database server failed'],
  [/^57P/, 'the database server is shutting down'],
  [/^25006$/, 'the database is read-only'],
];

/**
 * True when one of relsync's own errors (an API failure included: ApiError is a UserError) is anywhere on
 * the cause chain: the HTTP client's socket errors (ECONNRESET, ECONNREFUSED) carry the same codes as the
 * pg driver's, and must never read as a failing warehouse.
 */
function fromRelsync(err: unknown): boolean {
  const seen = new Set<unknown>();
  for (let e = err; typeof e === 'object' && e !== null && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    if (e instanceof UserError) return true;
    seen.add(e);
  }
  return false;
}

/** A raw driver error that means no stream can write, turned into one message for people; otherwise null. */
export function fatalDatabaseError(err: unknown): UserError | null {
  // relsync's own errors (an API that cannot be reached, a bad key) are never raw driver errors.
  if (fromRelsync(err)) return null;
  // busy_timeout ran out mid-run: another connection's write transaction holds the file (readers never do, in WAL mode).
  const busy = writeLockHeldError(
    err,
    'the warehouse',
    'Every page committed before this is kept: end that transaction (commit or roll back) and run the same command again; it resumes from the checkpoints.',
  );
  if (busy) return busy;
  const e = err as { code?: unknown; message?: unknown; lockLost?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : undefined;
  const raw = typeof e?.message === 'string' ? e.message : String(err);
  let what: string | undefined;
  // The writer lock's session died (write-fence.ts): another process may take the lock now.
  if (e?.lockLost === true) what = 'the connection holding the writer lock was lost';
  else if (code) {
    const base = code.split('_').slice(0, 2).join('_');
    what = SQLITE_FATAL[code] ?? SQLITE_FATAL[base] ?? PG_FATAL.find(([re]) => re.test(code))?.[1];
  }
  // The pg driver's own socket errors (the API client's were turned away above).
  if (!what && (code === 'ECONNREFUSED' || code === 'ECONNRESET' || /Connection terminated|not queryable/.test(raw)))
    what = 'the connection to the database server failed';
  if (!what) return null;
  return new UserError(`The warehouse cannot take writes: ${what} (${code ?? raw}).`, {
    hint: 'Every page committed before this is kept. Fix the cause (free disk space, permissions, the server) and run the same command again: it resumes from the checkpoints.',
    exitCode: 1,
    cause: err,
  });
}

/**
 * The first write of a run (taking the writer lock) found the warehouse read-only for this process:
 * file permissions, a read-only mount, a read-only PostgreSQL transaction. That is set-up, not a
 * failure mid-run, so it gets the one line and exit 2 that a read-only directory gets at open.
 */
export function readOnlyDatabaseError(err: unknown, describe: string): UserError | null {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !(code.startsWith('SQLITE_READONLY') || code === '25006')) return null;
  return new UserError(`Cannot write to ${describe}: it is read-only for this process (${code}).`, {
    hint: 'relsync writes the warehouse: check the owner and permissions of the database file and its directory (SQLite also writes the -wal and -shm files beside it), that the file system is not mounted read-only, and that the PostgreSQL user may write. `relsync status` can still read it.',
    exitCode: 2,
    cause: err,
  });
}

/**
 * A write waited out busy_timeout: another program, not a relsync sync, holds SQLite's write lock (a SQL
 * client inside a write transaction, a script). Like another sync holding the warehouse, that is exit 3:
 * at the run's first write nothing was written; mid-run every committed page is kept, and either way the
 * same command succeeds (resuming) once it lets go.
 */
export function writeLockHeldError(
  err: unknown,
  describe: string,
  hint = 'End that transaction (commit or roll back) and run the same command again; nothing already loaded was lost. Readers never hold up a sync: only a connection that has written and not committed does.',
): UserError | null {
  const code = (err as { code?: unknown } | null)?.code;
  if (code !== 'SQLITE_BUSY' && code !== 'SQLITE_LOCKED') return null;
  return new UserError(`Cannot write to ${describe}: another program holds its write lock (an open write transaction) (${code}).`, {
    hint,
    exitCode: 3,
    cause: err,
  });
}
