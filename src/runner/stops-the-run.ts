import { UserError } from '../errors.ts';
import { ApiError } from '../extract/http/errors.ts';
import { fatalDatabaseError } from '../load/db-errors.ts';

/**
 * Errors after which no other stream can succeed either (a rejected key, an unreachable API, a spent
 * budget, a warehouse that cannot take writes): the run stops and keeps what is committed. An API
 * error answers for itself from the HTTP layer's failure table: its `cause` (a socket reset) is the
 * API's connection, never the database's.
 */
export function stopsTheRun(err: unknown): boolean {
  if (err instanceof ApiError) return err.stopsRun;
  if ((err as { abortRun?: boolean } | null)?.abortRun === true) return true;
  // A raw driver error, or the UserError that fatalDatabaseError made of one.
  const driverError = err instanceof UserError ? err.cause : err;
  return driverError !== undefined && fatalDatabaseError(driverError) !== null;
}
