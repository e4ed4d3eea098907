import {
  DEFAULT_BACKOFF_BASE_MS,
  DEFAULT_BACKOFF_CAP_MS,
  DEFAULT_CONCURRENCY,
  DEFAULT_CREATE_LAG_MAX_MS,
  DEFAULT_CREATE_LAG_MIN_MS,
  DEFAULT_CREATE_LAG_RETRIES,
  DEFAULT_MAX_RETRIES,
  DEFAULT_MONTHLY_RESERVE,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEFAULT_RETRY_WAIT_TOTAL_MS,
} from '../../defaults.ts';
import { setTimeout as wait } from 'node:timers/promises';
import type { Logger } from '../../log.ts';
import { VERSION } from '../../version.ts';
import type { BackoffOptions } from './retry.ts';
import type { Query } from './url.ts';

export interface AffinityClientOptions {
  baseUrl: string;
  apiKey: string;
  apiVersion: string;
  logger: Logger;
  concurrency?: number;
  /** One deadline for headers AND body of each attempt. */
  timeoutMs?: number;
  maxRetries?: number;
  backoff?: BackoffOptions;
  /** Monthly calls kept in reserve; when the org's remaining falls to it, requests fail with BudgetExhaustedError. */
  monthlyReserve?: number;
  /** `/v2` answers 404 for a while after an older-interface create; `expectExists` reads retry within this. */
  createLag?: { retries: number; minMs: number; maxMs: number };
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  userAgent?: string;
  /**
   * The run's stop (SIGTERM / SIGINT): once aborted, every backoff sleep, budget wait and request in flight
   * ends at once with its reason, so a stop never waits out a `Retry-After` or a hanging answer.
   */
  stop?: AbortSignal;
  /** The most one request waits between its attempts in all (default DEFAULT_RETRY_WAIT_TOTAL_MS). */
  retryWaitTotalMs?: number;
  /** Clock for the rate budget (tests). */
  now?: () => number;
}

export interface RequestOpts {
  /** Count label, e.g. 'GET /v2/lists/{id}/list-entries'; default: method + path with numeric segments as {id}. */
  endpoint?: string;
  /** The record should exist (just created): a GET 404 is retried over the read-after-create lag. */
  expectExists?: boolean;
  signal?: AbortSignal;
}

export interface WriteOpts extends RequestOpts {
  query?: Query;
  body?: unknown;
  /** Override: may this request be retried after a reset or 5xx? Default: every method but POST/PATCH. */
  idempotent?: boolean;
}

/** A sleep whose timer goes with an abort: a stopped run leaves no timer holding the process open. */
export const defaultSleep = (ms: number, signal?: AbortSignal): Promise<void> => wait(ms, undefined, signal ? { signal } : {});

/** `sleep(ms)` that ends at once with the signal's reason when it aborts, whatever sleep the client was given. */
export function sleepUnlessAborted(sleep: Tuning['sleep'], ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return sleep(ms);
  signal.throwIfAborted();
  return new Promise<void>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    sleep(ms, signal).then(
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(signal.aborted ? signal.reason : err);
      },
    );
  });
}

/** What the client runs with: the caller's options, every gap filled from defaults.ts. */
export interface Tuning {
  concurrency: number;
  timeoutMs: number;
  maxRetries: number;
  backoff: BackoffOptions;
  monthlyReserve: number;
  createLag: { retries: number; minMs: number; maxMs: number };
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
  userAgent: string;
  /** The most one request waits between its attempts in all, whatever the service asks (DEFAULT_RETRY_WAIT_TOTAL_MS). */
  retryWaitTotalMs: number;
}

export function withDefaults(opts: AffinityClientOptions): Tuning {
  return {
    concurrency: Math.max(1, opts.concurrency ?? DEFAULT_CONCURRENCY),
    timeoutMs: opts.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    maxRetries: opts.maxRetries ?? DEFAULT_MAX_RETRIES,
    backoff: opts.backoff ?? { baseMs: DEFAULT_BACKOFF_BASE_MS, capMs: DEFAULT_BACKOFF_CAP_MS },
    monthlyReserve: opts.monthlyReserve ?? DEFAULT_MONTHLY_RESERVE,
    createLag: opts.createLag ?? { retries: DEFAULT_CREATE_LAG_RETRIES, minMs: DEFAULT_CREATE_LAG_MIN_MS, maxMs: DEFAULT_CREATE_LAG_MAX_MS },
    sleep: opts.sleep ?? defaultSleep,
    random: opts.random ?? Math.random,
    userAgent: opts.userAgent ?? `relsync/${VERSION} (+node ${process.versions.node})`,
    retryWaitTotalMs: opts.retryWaitTotalMs ?? DEFAULT_RETRY_WAIT_TOTAL_MS,
  };
}
