import type { Dispatcher } from 'undici';
import type { ApiError } from './errors.ts';
import { OWN_TIMEOUT_CODE } from './classify.ts';
import { errorFromNetwork, errorFromResponse, malformedResponse, type FailureContext } from './failure.ts';
import { parseRetryAfter } from './retry.ts';
import { isJsonContentType } from './service-message.ts';

export type AttemptResult = { ok: true; status: number; value: unknown } | { ok: false; status: number | null; error: ApiError };

export interface WireRequest {
  method: Dispatcher.HttpMethod;
  /** Path plus query, relative to the pool's origin. */
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** The caller's own cancellation; never retried. */
  signal?: AbortSignal;
}

class OwnTimeout extends Error {
  readonly code = OWN_TIMEOUT_CODE;
  constructor(ms: number) {
    super(`no complete response within ${ms} ms`);
    this.name = 'OwnTimeout';
  }
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * One HTTP attempt: send, read the whole body under one deadline (headers AND body), turn the outcome into a value
 * or a typed error. Throws only when the caller's signal aborted; every other failure is returned.
 */
export async function sendOnce(
  pool: Dispatcher,
  req: WireRequest,
  ctx: FailureContext,
  timeoutMs: number,
  onHeaders: (headers: Record<string, string | string[] | undefined>) => void,
): Promise<AttemptResult> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new OwnTimeout(timeoutMs)), timeoutMs);
  const signal = req.signal ? AbortSignal.any([req.signal, deadline.signal]) : deadline.signal;
  let status: number;
  let headers: Record<string, string | string[] | undefined>;
  let text: string;
  try {
    const res = await pool.request({
      method: req.method,
      path: req.path,
      headers: req.headers,
      ...(req.body !== undefined ? { body: req.body } : {}),
      signal,
    });
    status = res.statusCode;
    headers = res.headers;
    // Update the rate budget before reading the body: the headers are true even if the body then breaks.
    onHeaders(headers);
    text = await res.body.text();
  } catch (err) {
    if (req.signal?.aborted) throw req.signal.reason;
    const cause = deadline.signal.aborted ? deadline.signal.reason : err;
    return { ok: false, status: null, error: errorFromNetwork(ctx, cause, timeoutMs) };
  } finally {
    clearTimeout(timer);
  }

  const contentType = header(headers, 'content-type');
  if (status >= 200 && status < 300) {
    if (text.trim() === '') return { ok: true, status, value: undefined };
    if (!isJsonContentType(contentType)) {
      const why = `expected JSON but the content type is ${contentType ?? 'missing'}`;
      return { ok: false, status, error: malformedResponse(ctx, status, why, text, false) };
    }
    try {
      return { ok: true, status, value: JSON.parse(text) as unknown };
    } catch {
      return { ok: false, status, error: malformedResponse(ctx, status, 'invalid or truncated JSON', text) };
    }
  }
  // Parsed here, once, against the clock of its arrival; the client's retry delay reads it off the error.
  const retryAfterMs = parseRetryAfter(header(headers, 'retry-after'), Date.now());
  return { ok: false, status, error: errorFromResponse(ctx, status, contentType, text, retryAfterMs) };
}
