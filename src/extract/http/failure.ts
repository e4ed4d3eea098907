import { redact } from '../../errors.ts';
import {
  ApiError,
  AuthError,
  CursorExpiredError,
  MalformedResponseError,
  MergedRecordError,
  NotFoundError,
  PageTokenMismatchError,
  RateLimitedError,
  TransientError,
  UnreachableError,
  type ApiErrorInit,
} from './errors.ts';
import { classifyMalformed, classifyNetworkError, classifyStatus, networkErrorCode, OWN_TIMEOUT_CODE } from './retry.ts';

/** What every error needs to say where it happened, and the secrets it must never repeat. */
export interface FailureContext {
  method: string;
  /** Path WITHOUT the query string. */
  path: string;
  endpoint: string;
  secrets: ReadonlyArray<string>;
  idempotent: boolean;
}

export interface ServiceMessage {
  message?: string;
  code?: string;
  param?: string;
}

const SNIPPET_CHARS = 200;

/** Turn an HTML error page (or any text) into one short readable line. */
export function textSnippet(body: string): string {
  const text = body
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '‹')
    .replace(/&gt;/g, '›')
    .replace(/&amp;/g, '&')
    .replace(/[<>]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > SNIPPET_CHARS ? `${text.slice(0, SNIPPET_CHARS)}…` : text;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** v2 `{errors:[{code,message,param}]}`; v1 `{error}`, `{message}`, `{detail}`, `{errors:[string|{message}]}`. */
export function parseServiceMessage(json: unknown): ServiceMessage {
  if (typeof json === 'string') return { message: json };
  if (typeof json !== 'object' || json === null) return {};
  const o = json as Record<string, unknown>;
  if (Array.isArray(o.errors) && o.errors.length > 0) {
    const parts: string[] = [];
    let code: string | undefined;
    let param: string | undefined;
    for (const e of o.errors) {
      if (typeof e === 'string') parts.push(e);
      else if (typeof e === 'object' && e !== null) {
        const item = e as Record<string, unknown>;
        code ??= str(item.code);
        param ??= str(item.param);
        const m = str(item.message) ?? str(item.detail);
        if (m) parts.push(str(item.param) ? `${m} (param ${String(item.param)})` : m);
      }
    }
    return { ...(parts.length ? { message: parts.join('; ') } : {}), ...(code ? { code } : {}), ...(param ? { param } : {}) };
  }
  const fromError = typeof o.error === 'object' && o.error !== null ? parseServiceMessage(o.error) : undefined;
  const message = str(o.error) ?? fromError?.message ?? str(o.message) ?? str(o.detail);
  const code = str(o.code) ?? fromError?.code;
  return { ...(message ? { message } : {}), ...(code ? { code } : {}) };
}

export function isJsonContentType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const base = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return base === 'application/json' || base.endsWith('+json');
}

const MERGED_RE = /(\d+)\s+no longer exists as it has been merged into\s+(\d+)/i;
const PAGE_TOKEN_MISMATCH_RE = /invalid page_token variable/i;
const CURSOR_PARAMS = new Set(['cursor', 'page_token']);

function init(ctx: FailureContext, status: number | null, extra: Partial<ApiErrorInit>): ApiErrorInit {
  return { status, method: ctx.method, path: ctx.path, endpoint: ctx.endpoint, ...extra };
}

/** Build the typed error for a non-2xx answer. `body` is the raw text; it may be JSON, HTML or empty. */
export function errorFromResponse(
  ctx: FailureContext,
  status: number,
  contentType: string | undefined,
  body: string,
  retryAfterMs: number | null = null,
): ApiError {
  const clean = (s: string): string => redact(s, ctx.secrets);
  let service: ServiceMessage = {};
  if (isJsonContentType(contentType)) {
    try {
      service = parseServiceMessage(JSON.parse(body) as unknown);
    } catch {
      service = {};
    }
  }
  const detail = clean(service.message ?? (textSnippet(body) || 'no body'));
  const where = `${ctx.method} ${ctx.path}`;
  const { retryable } = classifyStatus(status, ctx.idempotent);
  const base = init(ctx, status, {
    serviceMessage: detail,
    code: service.code,
    param: service.param,
    retryable,
  });

  if (status === 401) {
    return new AuthError(clean(`The Affinity API key was rejected (401 on ${where}: ${detail}).`), {
      ...base,
      hint: 'Create or copy a key in Affinity → Settings → API, then set AFFINITY_API_KEY to it.',
    });
  }
  const merged = MERGED_RE.exec(detail);
  if (merged && status >= 400 && status < 500) {
    return new MergedRecordError(clean(`${status} on ${where}: ${detail}`), {
      ...base,
      oldId: Number(merged[1]),
      newId: Number(merged[2]),
    });
  }
  if (PAGE_TOKEN_MISMATCH_RE.test(detail)) {
    return new PageTokenMismatchError(
      clean(`${status} on ${where}: ${detail} — the query parameters changed between pages (a bug in relsync).`),
      base,
    );
  }
  if (status === 400 && service.param && CURSOR_PARAMS.has(service.param)) {
    return new CursorExpiredError(clean(`${status} on ${where}: the saved page position is no longer valid (${detail}).`), base);
  }
  if (status === 404) return new NotFoundError(clean(`404 on ${where}: ${detail}`), base);
  if (status === 429) {
    return new RateLimitedError(clean(`429 rate limited on ${where}: ${detail}`), { ...base, retryAfterMs });
  }
  if (status >= 500) return new TransientError(clean(`${status} server error on ${where}: ${detail}`), base);
  return new ApiError(clean(`${status} on ${where}: ${detail}`), base);
}

/** A 2xx (or error) whose body is not the JSON we need. */
export function malformedResponse(ctx: FailureContext, status: number, why: string, body: string): MalformedResponseError {
  const snippet = textSnippet(body) || 'empty body';
  const message = redact(`${status} on ${ctx.method} ${ctx.path}: ${why}; body starts: ${snippet}`, ctx.secrets);
  return new MalformedResponseError(message, init(ctx, status, { retryable: classifyMalformed(status, ctx.idempotent).retryable }));
}

/** The connection failed before a full response arrived (reset, timeout, refused). */
export function errorFromNetwork(ctx: FailureContext, err: unknown, timeoutMs: number): ApiError {
  const c = classifyNetworkError(err, ctx.idempotent);
  const code = networkErrorCode(err);
  const where = `${ctx.method} ${ctx.path}`;
  const raw = err instanceof Error ? err.message : String(err);
  const base = init(ctx, null, { code, retryable: c.retryable, cause: err });
  if (code === OWN_TIMEOUT_CODE) {
    return new TransientError(redact(`${where} timed out after ${timeoutMs} ms (headers and body)`, ctx.secrets), base);
  }
  if (c.kind === 'timeout') return new TransientError(redact(`${where} timed out (${code}: ${raw})`, ctx.secrets), base);
  if (c.kind === 'connection') {
    return new TransientError(redact(`connection lost during ${where} (${code ?? 'reset'}: ${raw})`, ctx.secrets), base);
  }
  if (c.kind === 'unreachable') {
    return new UnreachableError(redact(`cannot reach the API for ${where} (${code}: ${raw})`, ctx.secrets), {
      ...base,
      hint: 'Check AFFINITY_BASE_URL (default https://api.affinity.co) and the network.',
    });
  }
  return new ApiError(redact(`${where} failed: ${raw}`, ctx.secrets), base);
}

/** The record stayed missing through every read-after-create retry: now it is a real 404. */
export function lagExhausted(err: ApiError, tries: number): NotFoundError {
  return new NotFoundError(`${err.message}; still missing after ${tries} retries over the read-after-create lag`, {
    status: err.status,
    method: err.method,
    path: err.path,
    endpoint: err.endpoint,
    serviceMessage: err.serviceMessage,
    code: err.code,
    lagExhausted: true,
  });
}
