import { UserError } from '../errors.ts';
import { ApiError, AuthError, BudgetExhaustedError, UnreachableError } from '../extract/http/errors.ts';
import { fatalDatabaseError } from '../load/db-errors.ts';

/**
 * Errors after which no other stream can succeed either (a rejected key, an unreachable API, a spent
 * budget, a warehouse that cannot take writes): the run stops and keeps what is committed. An API
 * error is judged by the HTTP layer's classification alone: its `cause` (a socket reset) is the API's
 * connection, never the database's.
 */
export function stopsTheRun(err: unknown): boolean {
  if (err instanceof ApiError) return err instanceof AuthError || err instanceof UnreachableError;
  if (err instanceof BudgetExhaustedError) return true;
  if ((err as { abortRun?: boolean } | null)?.abortRun === true) return true;
  // A driver error, raw or already worded for a person by fatalDatabaseError.
  const driverError = err instanceof UserError ? err.cause : err;
  return driverError !== undefined && fatalDatabaseError(driverError) !== null;
}
