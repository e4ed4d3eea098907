/**
 * The one table of HTTP failures. A status code or a network error code picks a kind; the kind says which error
 * class is thrown, whether another attempt may help, and whether the whole run must stop. Errors are built
 * from this table (failure.ts), each `ApiError.stopsRun` is looked up in it (errors.ts), and the client
 * retries exactly the errors whose `retryable` it set. This module imports nothing, so both may use it.
 */

export type FailureKind =
  | 'rate-limited'
  | 'server'
  | 'server-permanent'
  | 'connection'
  | 'timeout'
  | 'malformed'
  | 'auth'
  | 'forbidden'
  | 'not-found'
  | 'client'
  | 'unreachable'
  | 'budget'
  | 'other';

export type ErrorClassName =
  | 'ApiError'
  | 'AuthError'
  | 'ForbiddenError'
  | 'NotFoundError'
  | 'RateLimitedError'
  | 'TransientError'
  | 'ServerError'
  | 'MalformedResponseError'
  | 'UnreachableError'
  | 'BudgetExhaustedError';

export interface Rule {
  errorClass: ErrorClassName;
  /** Waiting and trying again may succeed (before the idempotency gate below). */
  retryable: boolean;
  /** No other stream can succeed either: the runner stops the run instead of failing one stream. */
  stopsRun: boolean;
}

export interface Verdict extends Rule {
  kind: FailureKind;
}

/**
 * What each kind of failure means. A class name agrees with `retryable`: TransientError and RateLimitedError
 * are used only by retryable rows, and every non-retryable row names a class that does not promise a retry.
 */
export const FAILURE_TABLE: Readonly<Record<FailureKind, Readonly<Rule>>> = {
  // 429: the service said "not now".
  'rate-limited': { errorClass: 'RateLimitedError', retryable: true, stopsRun: false },
  // 500, 502, 503, 504: server or gateway trouble that passes.
  server: { errorClass: 'TransientError', retryable: true, stopsRun: false },
  // 501, 505 and other 5xx: the server cannot do this at all; waiting will not change that.
  'server-permanent': { errorClass: 'ServerError', retryable: false, stopsRun: false },
  // The connection dropped under us: the request may or may not have been processed.
  connection: { errorClass: 'TransientError', retryable: true, stopsRun: false },
  // We gave up waiting (undici's timers or ours).
  timeout: { errorClass: 'TransientError', retryable: true, stopsRun: false },
  // A 2xx whose body is not JSON: truncated or mangled on the way, like a reset.
  malformed: { errorClass: 'MalformedResponseError', retryable: true, stopsRun: false },
  // 401: the key is missing, wrong or revoked; every request of the run would get the same answer.
  auth: { errorClass: 'AuthError', retryable: false, stopsRun: true },
  // 403: the key lacks a permission for this endpoint; other endpoints may still answer.
  forbidden: { errorClass: 'ForbiddenError', retryable: false, stopsRun: false },
  'not-found': { errorClass: 'NotFoundError', retryable: false, stopsRun: false },
  // Every other 4xx: the request itself is wrong for this one endpoint.
  client: { errorClass: 'ApiError', retryable: false, stopsRun: false },
  // Nothing answers at the base URL (refused, unknown host, no route): fix the URL or the network.
  unreachable: { errorClass: 'UnreachableError', retryable: false, stopsRun: true },
  // The org's monthly calls fell to the reserve: every further call would eat into it.
  budget: { errorClass: 'BudgetExhaustedError', retryable: false, stopsRun: true },
  other: { errorClass: 'ApiError', retryable: false, stopsRun: false },
};

const STATUS_KINDS: ReadonlyMap<number, FailureKind> = new Map<number, FailureKind>([
  [401, 'auth'],
  [403, 'forbidden'],
  [404, 'not-found'],
  [429, 'rate-limited'],
  [500, 'server'],
  [502, 'server'],
  [503, 'server'],
  [504, 'server'],
]);

/** The code our own deadline puts on its abort reason (transport.ts). */
export const OWN_TIMEOUT_CODE = 'RELSYNC_TIMEOUT';

const NETWORK_KINDS: ReadonlyMap<string, FailureKind> = new Map<string, FailureKind>([
  ['ECONNRESET', 'connection'],
  ['UND_ERR_SOCKET', 'connection'],
  ['EPIPE', 'connection'],
  ['ECONNABORTED', 'connection'],
  // A name lookup that failed temporarily; a name that does not exist (ENOTFOUND) is unreachable.
  ['EAI_AGAIN', 'connection'],
  ['UND_ERR_HEADERS_TIMEOUT', 'timeout'],
  ['UND_ERR_BODY_TIMEOUT', 'timeout'],
  ['UND_ERR_CONNECT_TIMEOUT', 'timeout'],
  ['ETIMEDOUT', 'timeout'],
  [OWN_TIMEOUT_CODE, 'timeout'],
  ['ECONNREFUSED', 'unreachable'],
  ['ENOTFOUND', 'unreachable'],
  ['EHOSTUNREACH', 'unreachable'],
  ['ENETUNREACH', 'unreachable'],
]);

/** Socket errors that undici reports by message only. */
const RESET_MESSAGES = ['other side closed', 'socket hang up', 'terminated'];

function verdict(kind: FailureKind, idempotent: boolean): Verdict {
  const rule = FAILURE_TABLE[kind];
  // POST/PATCH may create something; if the connection dropped or the server failed after processing it, a
  // second attempt would create a duplicate. So they are retried only when the service refused them outright (429).
  return { kind, ...rule, retryable: rule.retryable && (idempotent || kind === 'rate-limited') };
}

export function statusKind(status: number): FailureKind {
  const known = STATUS_KINDS.get(status);
  if (known) return known;
  if (status >= 400 && status < 500) return 'client';
  if (status >= 500 && status < 600) return 'server-permanent';
  // 1xx/3xx reaching the error path (the pool follows no redirects): nothing to wait for.
  return 'other';
}

/** A non-2xx answer. */
export function classifyStatus(status: number, idempotent = true): Verdict {
  return verdict(statusKind(status), idempotent);
}

/** An answer whose body is not the JSON we need: a 2xx is malformed; otherwise its status decides. */
export function classifyMalformed(status: number, idempotent = true): Verdict {
  if (status >= 200 && status < 300) return verdict('malformed', idempotent);
  return classifyStatus(status, idempotent);
}

/** The first string `code` on the error or down its cause chain (fetch wraps the socket error). */
export function networkErrorCode(err: unknown): string | undefined {
  const seen = new Set<unknown>();
  let e: unknown = err;
  while (typeof e === 'object' && e !== null && !seen.has(e)) {
    seen.add(e);
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export function networkKind(err: unknown): FailureKind {
  const code = networkErrorCode(err);
  const known = code === undefined ? undefined : NETWORK_KINDS.get(code);
  if (known) return known;
  const message = err instanceof Error ? err.message.toLowerCase() : '';
  return RESET_MESSAGES.some((m) => message.includes(m)) ? 'connection' : 'other';
}

/** The connection failed before a full response arrived. */
export function classifyNetworkError(err: unknown, idempotent = true): Verdict {
  return verdict(networkKind(err), idempotent);
}
