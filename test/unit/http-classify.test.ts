import { describe, expect, it } from 'vitest';
import {
  classifyMalformed,
  classifyNetworkError,
  classifyStatus,
  FAILURE_TABLE,
  type ErrorClassName,
  type FailureKind,
} from '../../src/extract/http/classify.ts';
import { EXIT_BUDGET } from '../../src/errors.ts';
import { ApiError, AuthError, BudgetExhaustedError, ForbiddenError, TransientError, UnreachableError } from '../../src/extract/http/errors.ts';
import { errorFromNetwork, errorFromResponse, malformedResponse, type FailureContext } from '../../src/extract/http/failure.ts';
import { parseRetryAfter } from '../../src/extract/http/retry.ts';

const GET: FailureContext = { method: 'GET', path: '/v2/companies', endpoint: 'GET /v2/companies', secrets: ['sekrit-key'], idempotent: true };
const POST: FailureContext = { ...GET, method: 'POST', path: '/notes', endpoint: 'POST /notes', idempotent: false };

type Row = [number, FailureKind, ErrorClassName, boolean, boolean];

// status, kind, class, retryable, stopsRun
const STATUSES: Row[] = [
  [400, 'client', 'ApiError', false, false],
  [401, 'auth', 'AuthError', false, true],
  [403, 'forbidden', 'ForbiddenError', false, false],
  [404, 'not-found', 'NotFoundError', false, false],
  [405, 'client', 'ApiError', false, false],
  [409, 'client', 'ApiError', false, false],
  [422, 'client', 'ApiError', false, false],
  [429, 'rate-limited', 'RateLimitedError', true, false],
  [500, 'server', 'TransientError', true, false],
  [502, 'server', 'TransientError', true, false],
  [503, 'server', 'TransientError', true, false],
  [504, 'server', 'TransientError', true, false],
  [501, 'server-permanent', 'ServerError', false, false],
  [505, 'server-permanent', 'ServerError', false, false],
  [599, 'server-permanent', 'ServerError', false, false],
  [302, 'other', 'ApiError', false, false],
];

describe('the failure table: HTTP statuses', () => {
  it.each(STATUSES)('%i → %s, %s, retryable %s, stopsRun %s', (status, kind, errorClass, retryable, stopsRun) => {
    expect(classifyStatus(status)).toEqual({ kind, errorClass, retryable, stopsRun });
    const err = errorFromResponse(GET, status, 'application/json', JSON.stringify({ message: 'said the service' }));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.name).toBe(errorClass);
    expect(err.kind).toBe(kind);
    expect(err.status).toBe(status);
    expect(err.retryable).toBe(retryable);
    expect(err.stopsRun).toBe(stopsRun);
    expect(err.message).toContain('said the service');
  });

  it('a 501 is neither retried nor called transient', () => {
    const err = errorFromResponse(GET, 501, 'text/plain', 'Not Implemented');
    expect(err).not.toBeInstanceOf(TransientError);
    expect(err.retryable).toBe(false);
    expect(err.message).toContain('501');
  });

  it('a 403 carries the service message and fails one stream only', () => {
    const body = JSON.stringify({ errors: [{ code: 'authorization', message: 'Requires the "Export data" permission' }] });
    const err = errorFromResponse(GET, 403, 'application/json', body);
    expect(err).toBeInstanceOf(ForbiddenError);
    expect((err as ForbiddenError).serviceMessage).toBe('Requires the "Export data" permission');
    expect(err.code).toBe('authorization');
    expect(err.stopsRun).toBe(false);
    expect(err.hint).toMatch(/other streams go on/i);
  });
});

// code, kind, class, retryable, stopsRun
const NETWORK: Array<[string, FailureKind, ErrorClassName, boolean, boolean]> = [
  ['ECONNRESET', 'connection', 'TransientError', true, false],
  ['UND_ERR_SOCKET', 'connection', 'TransientError', true, false],
  ['EPIPE', 'connection', 'TransientError', true, false],
  ['ECONNABORTED', 'connection', 'TransientError', true, false],
  ['EAI_AGAIN', 'connection', 'TransientError', true, false],
  ['UND_ERR_HEADERS_TIMEOUT', 'timeout', 'TransientError', true, false],
  ['UND_ERR_BODY_TIMEOUT', 'timeout', 'TransientError', true, false],
  ['UND_ERR_CONNECT_TIMEOUT', 'timeout', 'TransientError', true, false],
  ['ETIMEDOUT', 'timeout', 'TransientError', true, false],
  ['RELSYNC_TIMEOUT', 'timeout', 'TransientError', true, false],
  ['ECONNREFUSED', 'unreachable', 'UnreachableError', false, true],
  ['ENOTFOUND', 'unreachable', 'UnreachableError', false, true],
  ['EHOSTUNREACH', 'unreachable', 'UnreachableError', false, true],
  ['ENETUNREACH', 'unreachable', 'UnreachableError', false, true],
  ['ERR_SOMETHING_ELSE', 'other', 'ApiError', false, false],
];

describe('the failure table: network errors', () => {
  it.each(NETWORK)('%s → %s, %s, retryable %s, stopsRun %s', (code, kind, errorClass, retryable, stopsRun) => {
    const cause = Object.assign(new Error(`boom ${code}`), { code });
    expect(classifyNetworkError(cause)).toEqual({ kind, errorClass, retryable, stopsRun });
    const err = errorFromNetwork(GET, cause, 1000);
    expect(err.name).toBe(errorClass);
    expect(err.status).toBeNull();
    expect(err.code).toBe(code);
    expect(err.cause).toBe(cause);
    expect(err.retryable).toBe(retryable);
    expect(err.stopsRun).toBe(stopsRun);
  });

  it('reads an undici socket error that has only a message', () => {
    expect(classifyNetworkError(new Error('socket hang up'))).toMatchObject({ kind: 'connection', retryable: true });
  });
});

describe('the failure table: malformed bodies and the idempotency gate', () => {
  it('a malformed 2xx is a retryable MalformedResponseError; a malformed 4xx keeps its status row', () => {
    const ok = malformedResponse(GET, 200, 'invalid or truncated JSON', '{"data":');
    expect(ok).toMatchObject({ name: 'MalformedResponseError', kind: 'malformed', retryable: true, stopsRun: false });
    expect(classifyMalformed(400)).toEqual({ kind: 'client', errorClass: 'ApiError', retryable: false, stopsRun: false });
  });

  it('POST keeps its class and stopsRun, but is retried only after a 429', () => {
    const server = errorFromResponse(POST, 503, 'text/plain', 'busy');
    expect(server).toBeInstanceOf(TransientError);
    expect(server.retryable).toBe(false);
    expect(errorFromResponse(POST, 429, 'text/plain', 'slow').retryable).toBe(true);
    expect(errorFromNetwork(POST, Object.assign(new Error('reset'), { code: 'ECONNRESET' }), 1000).retryable).toBe(false);
    expect(classifyMalformed(200, false).retryable).toBe(false);
  });
});

describe('the table itself', () => {
  const RETRY_CLASSES: ReadonlySet<ErrorClassName> = new Set(['TransientError', 'RateLimitedError']);
  it.each(Object.entries(FAILURE_TABLE))('%s: its class name agrees with retryable', (_kind, rule) => {
    if (RETRY_CLASSES.has(rule.errorClass)) expect(rule.retryable).toBe(true);
    if (!rule.retryable) expect(RETRY_CLASSES.has(rule.errorClass)).toBe(false);
  });

  it('every class takes stopsRun from the table, however it is built', () => {
    const at = { status: null, method: 'GET', path: '/x' };
    expect(new AuthError('a', at).stopsRun).toBe(true);
    expect(new UnreachableError('u', at).stopsRun).toBe(true);
    const budget = new BudgetExhaustedError({ remaining: 500, reserve: 500, resetAt: null });
    expect(budget).toBeInstanceOf(ApiError);
    expect(budget.stopsRun).toBe(true);
    expect(budget.exitCode).toBe(EXIT_BUDGET);
    expect(new ForbiddenError('f', at).stopsRun).toBe(false);
    expect(new TransientError('t', at).stopsRun).toBe(false);
    expect(new ApiError('e', at).stopsRun).toBe(false);
  });
});

describe('Retry-After: one parser, its value on the error', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it.each([
    ['delta-seconds', '12', 12_000],
    ['HTTP-date', 'Thu, 01 Jan 2026 00:00:12 GMT', 12_000],
    ['garbage', 'later', null],
  ])('%s', (_name, header, ms) => {
    expect(parseRetryAfter(header, now)).toBe(ms);
    const err = errorFromResponse(GET, 429, 'application/json', '{}', parseRetryAfter(header, now));
    expect(err.retryAfterMs).toBe(ms);
  });
});
