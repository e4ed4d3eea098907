import { DEFAULT_BASE_URL } from '../../defaults.ts';
import { redact } from '../../errors.ts';
import {
  classifyMalformed,
  classifyNetworkError,
  classifyStatus,
  networkErrorCode,
  OWN_TIMEOUT_CODE,
  type ErrorClassName,
  type FailureKind,
  type Verdict,
} from './classify.ts';
import {
  ApiError,
  AuthError,
  CursorExpiredError,
  ForbiddenError,
  MalformedResponseError,
  MergedRecordError,
  NotFoundError,
  PageTokenMismatchError,
  RateLimitedError,
  ServerError,
  TransientError,
  UnreachableError,
  type ApiErrorInit,
} from './errors.ts';
import { notFoundScope } from './not-found-scope.ts';
import { isJsonContentType, parseServiceMessage, textSnippet, type ServiceMessage } from './service-message.ts';

/** What every error needs to say where it happened, and the secrets it must never repeat. */
export interface FailureContext {
  method: string;
  /** Path WITHOUT the query string. */
  path: string;
  endpoint: string;
  secrets: ReadonlyArray<string>;
  idempotent: boolean;
}

type Built = Exclude<ErrorClassName, 'BudgetExhaustedError'>;

/** The class each table row names. The budget row is thrown by the rate budget, never built from a response. */
const CLASSES: Record<Built, new (message: string, init: ApiErrorInit) => ApiError> = {
  ApiError,
  AuthError,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  TransientError,
  ServerError,
  MalformedResponseError,
  UnreachableError,
};

const HINTS: Partial<Record<Built, string>> = {
  AuthError: 'Create or copy a key in Affinity → Settings → API, then set AFFINITY_API_KEY to it.',
  ForbiddenError: "The other streams go on. Give the key's user this permission in Affinity, or leave the stream out with --streams.",
  UnreachableError: `Check AFFINITY_BASE_URL (default ${DEFAULT_BASE_URL}) and the network.`,
};

function build(v: Verdict, message: string, init: ApiErrorInit): ApiError {
  if (v.errorClass === 'BudgetExhaustedError') throw new Error('the monthly budget is never a response; see rate-budget.ts');
  const hint = HINTS[v.errorClass];
  return new CLASSES[v.errorClass](message, { ...init, kind: v.kind, retryable: v.retryable, ...(hint ? { hint } : {}) });
}

function init(ctx: FailureContext, status: number | null, extra: Partial<ApiErrorInit>): ApiErrorInit {
  return { status, method: ctx.method, path: ctx.path, endpoint: ctx.endpoint, ...extra };
}

const MERGED_RE = /(\d+)\s+no longer exists as it has been merged into\s+(\d+)/i;
const PAGE_TOKEN_MISMATCH_RE = /invalid page_token variable/i;
const CURSOR_PARAMS = new Set(['cursor', 'page_token']);

/**
 * 4xx bodies that say more than their status: still one endpoint's problem, never retried, but the caller
 * reacts to them (re-key a merged record, restart a sweep).
 */
function refine(v: Verdict, message: (s: string) => string, base: ApiErrorInit, service: ServiceMessage, detail: string): ApiError | null {
  if (v.kind !== 'client' && v.kind !== 'not-found') return null;
  const status = base.status ?? 0;
  const merged = MERGED_RE.exec(detail);
  if (merged) return new MergedRecordError(message(detail), { ...base, oldId: Number(merged[1]), newId: Number(merged[2]) });
  if (PAGE_TOKEN_MISMATCH_RE.test(detail)) {
    return new PageTokenMismatchError(message(`${detail} — the query parameters changed between pages (a bug in relsync).`), base);
  }
  if (status === 400 && service.param && CURSOR_PARAMS.has(service.param)) {
    return new CursorExpiredError(message(`the saved page position is no longer valid (${detail}).`), base);
  }
  return null;
}

/**
 * Build the typed error for a non-2xx answer. `body` is the raw text; it may be JSON, HTML or empty.
 * `retryAfterMs` is the response's `Retry-After`, already parsed (retry.ts `parseRetryAfter`).
 */
export function errorFromResponse(
  ctx: FailureContext,
  status: number,
  contentType: string | undefined,
  body: string,
  retryAfterMs: number | null = null,
): ApiError {
  const clean = (s: string): string => redact(s, ctx.secrets);
  let service: ServiceMessage = {};
  let parsed: unknown;
  if (isJsonContentType(contentType)) {
    try {
      parsed = JSON.parse(body) as unknown;
      service = parseServiceMessage(parsed);
    } catch {
      service = {};
    }
  }
  const json = parsed !== undefined;
  const detail = clean(service.message ?? (textSnippet(body) || 'no body'));
  const where = `${ctx.method} ${ctx.path}`;
  const v = classifyStatus(status, ctx.idempotent);
  const base = init(ctx, status, {
    kind: v.kind,
    serviceMessage: detail,
    code: service.code,
    param: service.param,
    retryable: v.retryable,
    retryAfterMs,
    answeredBy: json ? 'service' : 'other',
    ...(v.kind === 'not-found' ? { notFound: notFoundScope(ctx.path, contentType, parsed) } : {}),
  });
  const refined = refine(v, (s) => clean(`${status} on ${where}: ${s}`), base, service, detail);
  if (refined) return refined;
  const text: Partial<Record<ErrorClassName, string>> = {
    AuthError: `The Affinity API key was rejected (401 on ${where}: ${detail}).`,
    ForbiddenError: `403 on ${where}: the API key is not allowed to do this (${detail}).`,
    RateLimitedError: `429 rate limited on ${where}: ${detail}`,
    TransientError: `${status} server error on ${where}: ${detail}`,
    ServerError: `${status} on ${where}: the server cannot do this request (${detail}).`,
  };
  return build(v, clean(text[v.errorClass] ?? `${status} on ${where}: ${detail}`), base);
}

/**
 * A 2xx (or error) whose body is not the JSON we need. `json` says whether the answer claimed to be JSON
 * (a truncated body of the service) or not (an HTML page: someone other than the service answered).
 */
export function malformedResponse(ctx: FailureContext, status: number, why: string, body: string, json = true): ApiError {
  const snippet = textSnippet(body) || 'empty body';
  const message = redact(`${status} on ${ctx.method} ${ctx.path}: ${why}; body starts: ${snippet}`, ctx.secrets);
  return build(classifyMalformed(status, ctx.idempotent), message, init(ctx, status, { answeredBy: json ? 'service' : 'other' }));
}

/** The connection failed before a full response arrived (reset, timeout, refused). */
export function errorFromNetwork(ctx: FailureContext, err: unknown, timeoutMs: number): ApiError {
  const v = classifyNetworkError(err, ctx.idempotent);
  const code = networkErrorCode(err);
  const where = `${ctx.method} ${ctx.path}`;
  const raw = err instanceof Error ? err.message : String(err);
  const text: Partial<Record<FailureKind, string>> = {
    timeout: code === OWN_TIMEOUT_CODE ? `${where} timed out after ${timeoutMs} ms (headers and body)` : `${where} timed out (${code}: ${raw})`,
    connection: `connection lost during ${where} (${code ?? 'reset'}: ${raw})`,
    unreachable: `cannot reach the API for ${where} (${code}: ${raw})`,
  };
  return build(v, redact(text[v.kind] ?? `${where} failed: ${raw}`, ctx.secrets), init(ctx, null, { code, cause: err }));
}

/** The record stayed missing through every read-after-create retry: now it is a real 404. */
export function lagExhausted(err: NotFoundError, tries: number): NotFoundError {
  return new NotFoundError(`${err.message}; still missing after ${tries} retries over the read-after-create lag`, {
    status: err.status,
    method: err.method,
    path: err.path,
    endpoint: err.endpoint,
    serviceMessage: err.serviceMessage,
    code: err.code,
    answeredBy: err.answeredBy,
    notFound: err.notFound,
    lagExhausted: true,
  });
}
