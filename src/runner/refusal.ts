import { ApiError, AuthError, CursorExpiredError, ForbiddenError, MergedRecordError, PageTokenMismatchError } from '../extract/http/errors.ts';
import type { Refusal } from '../state/sources.ts';
import type { AnyStream } from '../streams/define.ts';

/** Statuses with which the service says "not this request, ever" (a parameter, a route, a permission). */
const REFUSAL_STATUSES = new Set([400, 403, 404, 422]);

/**
 * Whether `err` means the service refuses this source, so the capability should use its next source.
 * Only a non-retryable 400/403/404/422 on a stream that has committed nothing this run: a cursor that
 * expired, a merged record, a record 404 of an ids read, a 401 (the key) or a 5xx (an outage) are not
 * refusals of the source.
 */
export function refusalOf(err: unknown, def: AnyStream, pagesCommitted: number, at: string): Refusal | null {
  if (!(err instanceof ApiError) || err.retryable || err.status === null) return null;
  if (!REFUSAL_STATUSES.has(err.status) || pagesCommitted > 0) return null;
  if (err instanceof CursorExpiredError || err instanceof PageTokenMismatchError || err instanceof MergedRecordError) return null;
  if (err.status === 404 && def.read.kind === 'ids') return null;
  return { status: err.status, endpoint: err.endpoint, message: serviceWords(err), at };
}

/** The service's own words; a `/v2` error's parameter is already named in them (service-message.ts). */
function serviceWords(err: ApiError): string {
  const said = err.serviceMessage ?? err.message;
  return err.param && !said.includes(`(param ${err.param})`) ? `${said} (param ${err.param})` : said;
}

/**
 * A 403 (or a 401 once the run has read something, so the key itself works) refuses this stream only:
 * it is skipped with one line naming the endpoint and the service's words, and the run goes on.
 */
export function permissionDenied(err: unknown, runHasRead: boolean): err is ApiError {
  if (err instanceof ForbiddenError) return true;
  return err instanceof AuthError && runHasRead;
}

/** The one line a person reads: which stream, which call, what the service said, who can fix it. */
export function permissionLine(stream: string, err: ApiError): string {
  const said = err.serviceMessage ?? 'no reason given';
  return `${stream}: permission denied (${err.status ?? '?'} on ${err.endpoint}: ${said}); ask an Affinity admin for access to this endpoint, or leave ${stream} out with --streams`;
}
