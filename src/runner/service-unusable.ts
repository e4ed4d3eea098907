import { DEFAULT_BASE_URL } from '../defaults.ts';
import { UserError } from '../errors.ts';
import type { ApiError } from '../extract/http/errors.ts';
import { maskUrlPasswords } from '../mask-url.ts';

/** Exit code when the base URL answers, but not as the API (an HTML page, a 404 web server): fix the setting. */
export const EXIT_NOT_THE_SERVICE = 2;
/** Exit code when nothing at the base URL answers in time: the service or the network is down. */
export const EXIT_SERVICE_SILENT = 1;

/**
 * The run's first calls show that the base URL is not a working Affinity API: every stream would fail the
 * same way, so the run stops at once with this one line instead of one error per stream. It records
 * nothing about any source (a refusal needs the service's own answer).
 */
export class ServiceUnusableError extends UserError {
  readonly abortRun = true;
  constructor(message: string, exitCode: number, cause: ApiError) {
    super(message, { exitCode, cause });
    this.name = 'ServiceUnusableError';
  }
}

/**
 * Before the service has answered once in this run: an answer that is not JSON (an HTML page, a plain
 * 404) or no answer at all (timeouts, resets) means the URL is wrong or the service is down, not that
 * one stream has a problem. A JSON answer is the service talking: its errors are one stream's.
 */
export function serviceLooksWrong(err: ApiError, serviceHasAnswered: boolean): boolean {
  if (serviceHasAnswered) return false;
  if (err.answeredBy === 'other') return true;
  return err.answeredBy === 'nobody' && (err.kind === 'timeout' || err.kind === 'connection');
}

/** The one line: which URL, what answered (or did not), and the fix. */
export function serviceUnusable(err: ApiError, baseUrl: string): ServiceUnusableError {
  const base = maskUrlPasswords(baseUrl);
  const answered = err.answeredBy === 'other' && err.status !== null && err.status < 500;
  if (answered) {
    return new ServiceUnusableError(
      `AFFINITY_BASE_URL ${base} does not answer as the Affinity API (${err.message}); set AFFINITY_BASE_URL to the API (${DEFAULT_BASE_URL}) or to relsync simulate.`,
      EXIT_NOT_THE_SERVICE,
      err,
    );
  }
  return new ServiceUnusableError(
    `the Affinity API at ${base} did not answer (${err.message}); check AFFINITY_BASE_URL and the network, then run again (a longer requestTimeoutMs helps a slow link).`,
    EXIT_SERVICE_SILENT,
    err,
  );
}
