import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/errors.ts';
import { ApiError, AuthError, BudgetExhaustedError, ForbiddenError } from '../../src/extract/http/errors.ts';
import { errorFromNetwork, errorFromResponse, type FailureContext } from '../../src/extract/http/failure.ts';
import { fatalDatabaseError } from '../../src/load/db-errors.ts';
import { stopsTheRun } from '../../src/runner/failure-policy.ts';

const ctx: FailureContext = { method: 'GET', path: '/v2/companies', endpoint: 'GET /v2/companies', secrets: [], idempotent: true };

/** What the client throws once an API socket kept resetting: its cause is the socket error. */
function apiReset(): ApiError {
  const err = errorFromNetwork(ctx, { code: 'ECONNRESET', message: 'read ECONNRESET' }, 1000);
  err.message = `${err.message} (gave up after 7 attempts)`;
  return err;
}

describe('stopsTheRun', () => {
  it('an API reset that used up its retries fails one stream, and never reads as a database error', () => {
    const err = apiReset();
    expect(err.cause).toEqual({ code: 'ECONNRESET', message: 'read ECONNRESET' });
    expect(stopsTheRun(err)).toBe(false);
    expect(fatalDatabaseError(err)).toBeNull();
    // Wrapped again by a caller, or handed over as the bare cause next to its ApiError: still not the warehouse.
    expect(stopsTheRun(new UserError('stream failed', { cause: err }))).toBe(false);
    expect(fatalDatabaseError(new UserError('stream failed', { cause: err }))).toBeNull();
    expect(fatalDatabaseError({ code: 'ECONNRESET', cause: err })).toBeNull();
  });

  it('a raw pg error that means the server is going away stops the run, bare or as its message', () => {
    const pg = { code: '57P01', message: 'terminating connection due to administrator command' };
    expect(stopsTheRun(pg)).toBe(true);
    const forPeople = fatalDatabaseError(pg);
    expect(forPeople?.message).toMatch(/the database server ended the connection \(57P01\)/);
    expect(stopsTheRun(forPeople)).toBe(true);
  });

  it("SQLite's busy_timeout running out mid-run (another program's write transaction) stops the run with one line, exit 3", () => {
    const busy = { code: 'SQLITE_BUSY', message: 'database is locked' };
    expect(stopsTheRun(busy)).toBe(true);
    expect(fatalDatabaseError(busy)?.message).toBe(
      'Cannot write to the warehouse: another program holds its write lock (an open write transaction) (SQLITE_BUSY).',
    );
    expect(fatalDatabaseError(busy)?.exitCode).toBe(3);
    expect(fatalDatabaseError(busy)?.hint).not.toMatch(/disk space/);
  });

  it("the pg driver's own ECONNRESET still stops the run", () => {
    expect(stopsTheRun({ code: 'ECONNRESET', message: 'read ECONNRESET' })).toBe(true);
  });

  it.each([
    ['401', errorFromResponse(ctx, 401, 'application/json', '{"message":"bad key"}'), true],
    ['ECONNREFUSED', errorFromNetwork(ctx, { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' }, 1000), true],
    ['monthly budget', new BudgetExhaustedError({ remaining: 10, reserve: 10, resetAt: null }), true],
    ['403', errorFromResponse(ctx, 403, 'application/json', '{"message":"no access"}'), false],
    ['503', errorFromResponse(ctx, 503, 'text/plain', 'busy'), false],
    ['404', errorFromResponse(ctx, 404, 'text/plain', 'gone'), false],
  ] as const)('an API %s answers for itself (stops: %s)', (_name, err, stops) => {
    expect(err).toBeInstanceOf(ApiError);
    expect(stopsTheRun(err)).toBe(stops);
  });

  it('a 401 is an AuthError, a 403 a ForbiddenError', () => {
    expect(errorFromResponse(ctx, 401, 'text/plain', '')).toBeInstanceOf(AuthError);
    expect(errorFromResponse(ctx, 403, 'text/plain', '')).toBeInstanceOf(ForbiddenError);
  });

  it('leaves ordinary failures and honours abortRun', () => {
    expect(stopsTheRun(new Error('boom'))).toBe(false);
    expect(stopsTheRun(new UserError('bad row'))).toBe(false);
    expect(stopsTheRun(null)).toBe(false);
    expect(stopsTheRun(Object.assign(new Error('abort'), { abortRun: true }))).toBe(true);
  });
});
