/**
 * How long to wait before the next attempt. Whether there is one is the failure table's call (classify.ts);
 * the client asks `ApiError.retryable`.
 */

export interface BackoffOptions {
  baseMs: number;
  capMs: number;
}

/** A `Retry-After` longer than this many backoff caps is clamped: a run must not sleep for an hour on one word. */
const RETRY_AFTER_CAPS = 4;

/** Capped exponential with full jitter: spreads retries of concurrent requests instead of syncing them. */
export function backoffDelay(attempt: number, backoff: BackoffOptions, random: () => number): number {
  const ceiling = Math.min(backoff.capMs, backoff.baseMs * 2 ** attempt);
  return Math.round(ceiling * random());
}

/**
 * The one parser of `Retry-After`: delta-seconds or an HTTP-date (RFC 9110 §10.2.3). Returns milliseconds from
 * `nowMs`, or null when absent or unparseable (the caller then falls back to backoff). The transport calls it
 * once per response; the result travels on the error (`ApiError.retryAfterMs`) to `retryDelay`.
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

/** The delay before the next attempt: the service's own word when it gave one, within sane bounds. */
export function retryDelay(opts: {
  attempt: number;
  /** From `parseRetryAfter`; null when the service said nothing usable. */
  retryAfterMs: number | null;
  backoff: BackoffOptions;
  random: () => number;
}): number {
  if (opts.retryAfterMs !== null) return Math.min(Math.max(0, opts.retryAfterMs), opts.backoff.capMs * RETRY_AFTER_CAPS);
  return backoffDelay(opts.attempt, opts.backoff, opts.random);
}

export function isIdempotent(method: string): boolean {
  return method !== 'POST' && method !== 'PATCH';
}
