/**
 * The one place that decides which failures are worth another attempt and how long to wait before it.
 * Everything else (client, pager) asks `ApiError.retryable`, which is set from these functions.
 */

/** Statuses the service uses for "not now": rate limiting and server or gateway trouble. */
const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503, 504]);

/** The connection dropped under us: the request may or may not have been processed. */
const RESET_CODES: ReadonlySet<string> = new Set(['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE', 'ECONNABORTED']);
const RESET_MESSAGES = ['other side closed', 'socket hang up', 'terminated'];

/** We gave up waiting (undici's own timers or ours). */
export const OWN_TIMEOUT_CODE = 'RELSYNC_TIMEOUT';
const TIMEOUT_CODES: ReadonlySet<string> = new Set([
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'ETIMEDOUT',
  OWN_TIMEOUT_CODE,
]);

/** Name lookups that fail temporarily; a wrong host name (ENOTFOUND) or refused port is fatal: fix the URL. */
const TEMPORARY_DNS_CODES: ReadonlySet<string> = new Set(['EAI_AGAIN']);

export type FailureKind =
  | 'rate-limited'
  | 'server'
  | 'connection'
  | 'timeout'
  | 'malformed'
  | 'auth'
  | 'not-found'
  | 'client'
  | 'unreachable'
  | 'other';

export interface Classification {
  kind: FailureKind;
  retryable: boolean;
}

/**
 * POST may create something; if the connection dropped or the server failed after processing it, a second POST
 * would create a duplicate. So non-idempotent requests are retried only when the service refused them outright (429).
 */
function gate(kind: FailureKind, retryable: boolean, idempotent: boolean): Classification {
  return { kind, retryable: retryable && (idempotent || kind === 'rate-limited') };
}

export function classifyStatus(status: number, idempotent = true): Classification {
  if (status === 429) return gate('rate-limited', true, idempotent);
  if (RETRYABLE_STATUSES.has(status)) return gate('server', true, idempotent);
  if (status === 401) return gate('auth', false, idempotent);
  if (status === 404) return gate('not-found', false, idempotent);
  if (status >= 400 && status < 500) return gate('client', false, idempotent);
  // Other 5xx (501 not implemented, 505…) will not heal by waiting.
  return gate('server', false, idempotent);
}

/** A 2xx whose body is not valid JSON is a truncated or mangled response: transient, like a reset. */
export function classifyMalformed(status: number, idempotent = true): Classification {
  if (status >= 200 && status < 300) return gate('malformed', true, idempotent);
  return classifyStatus(status, idempotent);
}

function errCode(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  const cause = (err as { cause?: unknown }).cause;
  return cause === err ? undefined : errCode(cause);
}

export function classifyNetworkError(err: unknown, idempotent = true): Classification {
  const code = errCode(err);
  const message = err instanceof Error ? err.message.toLowerCase() : '';
  if (code && TIMEOUT_CODES.has(code)) return gate('timeout', true, idempotent);
  if ((code && RESET_CODES.has(code)) || RESET_MESSAGES.some((m) => message.includes(m))) {
    return gate('connection', true, idempotent);
  }
  if (code && TEMPORARY_DNS_CODES.has(code)) return gate('connection', true, idempotent);
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND') return gate('unreachable', false, idempotent);
  return gate('other', false, idempotent);
}

export function networkErrorCode(err: unknown): string | undefined {
  return errCode(err);
}

export interface BackoffOptions {
  baseMs: number;
  capMs: number;
}

/** Capped exponential with full jitter: spreads retries of concurrent requests instead of syncing them. */
export function backoffDelay(attempt: number, backoff: BackoffOptions, random: () => number): number {
  const ceiling = Math.min(backoff.capMs, backoff.baseMs * 2 ** attempt);
  return Math.round(ceiling * random());
}

/**
 * `Retry-After` is delta-seconds or an HTTP-date (RFC 9110 §10.2.3). Returns milliseconds from `nowMs`,
 * or null when absent or unparseable (the caller then falls back to backoff).
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | null {
  if (value === undefined || value === null) return null;
  const v = value.trim();
  if (v === '') return null;
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const at = Date.parse(v);
  if (Number.isNaN(at)) return null;
  return at - nowMs;
}

/** The delay before the next attempt: the service's own word when it gives one, within sane bounds. */
export function retryDelay(opts: {
  attempt: number;
  retryAfter: string | null | undefined;
  backoff: BackoffOptions;
  random: () => number;
  nowMs: number;
}): number {
  const fromHeader = parseRetryAfter(opts.retryAfter, opts.nowMs);
  if (fromHeader !== null) return Math.min(Math.max(0, fromHeader), opts.backoff.capMs * 4);
  return backoffDelay(opts.attempt, opts.backoff, opts.random);
}

export function isIdempotent(method: string): boolean {
  return method !== 'POST' && method !== 'PATCH';
}
