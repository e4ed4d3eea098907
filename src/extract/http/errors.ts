import { EXIT_BUDGET, UserError } from '../../errors.ts';
import { FAILURE_TABLE, type FailureKind } from './classify.ts';
import type { NotFoundScope } from './not-found-scope.ts';

/**
 * Typed failures of the HTTP layer. Every message is built already redacted (the client passes the API key and
 * its Basic-auth encoding through `redact` before constructing an error), so `message` and `stack` are safe to
 * print or log. `path` never carries a query string: cursors and search terms stay out of error text.
 */
export interface ApiErrorInit {
  status: number | null;
  method: string;
  path: string;
  endpoint?: string;
  serviceMessage?: string | undefined;
  code?: string | undefined;
  param?: string | undefined;
  /** The row of the failure table (classify.ts); decides `stopsRun`. Subclasses with one row set their own. */
  kind?: FailureKind;
  retryable?: boolean;
  /** What the service's `Retry-After` asked for, parsed once by the transport. */
  retryAfterMs?: number | null;
  hint?: string;
  cause?: unknown;
  /** Who gave the answer this error was built from (see `AnsweredBy`); default 'nobody' without a status. */
  answeredBy?: AnsweredBy;
  /** A 404's body: about one record, about the route, or not the service's shape (not-found-scope.ts). */
  notFound?: NotFoundScope;
}

/**
 * Who answered: `service` when the body was JSON (the API talks JSON, errors included), `other` when an
 * answer came whose body is not JSON (an HTML page from a proxy, a web server, a login portal), `nobody`
 * when no answer came at all (a timeout, a reset, a refused connection). A fact, not a decision: the
 * runner's failure policy decides what a run does about it.
 */
export type AnsweredBy = 'service' | 'other' | 'nobody';

export class ApiError extends UserError {
  readonly status: number | null;
  readonly method: string;
  readonly path: string;
  readonly endpoint: string;
  readonly serviceMessage: string | undefined;
  readonly code: string | undefined;
  readonly param: string | undefined;
  readonly kind: FailureKind;
  /** Set from the failure table and the idempotency gate; the client retries exactly the errors that say true. */
  readonly retryable: boolean;
  /** From the failure table: no other stream can succeed either, so the runner stops the run. */
  readonly stopsRun: boolean;
  readonly retryAfterMs: number | null;
  readonly answeredBy: AnsweredBy;
  constructor(message: string, init: ApiErrorInit, exitCode = 1) {
    super(message, { exitCode, ...(init.hint ? { hint: init.hint } : {}), cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.method = init.method;
    this.path = init.path;
    this.endpoint = init.endpoint ?? `${init.method} ${init.path}`;
    this.serviceMessage = init.serviceMessage;
    this.code = init.code;
    this.param = init.param;
    this.kind = init.kind ?? 'other';
    this.retryable = init.retryable ?? false;
    this.stopsRun = FAILURE_TABLE[this.kind].stopsRun;
    this.retryAfterMs = init.retryAfterMs ?? null;
    this.answeredBy = init.answeredBy ?? (init.status === null ? 'nobody' : 'service');
  }
}

/** 401: the key is missing, wrong or revoked. Retrying cannot help, and no other request can succeed. */
export class AuthError extends ApiError {
  constructor(message: string, init: ApiErrorInit) {
    super(message, { ...init, kind: 'auth' }, 2);
    this.name = 'AuthError';
  }
}

/**
 * 403: the key may not use this endpoint (a missing permission or role). Only the stream reading it fails;
 * `serviceMessage` keeps the service's own words, which name what is missing.
 */
export class ForbiddenError extends ApiError {
  declare readonly serviceMessage: string;
  constructor(message: string, init: ApiErrorInit) {
    super(message, { ...init, serviceMessage: init.serviceMessage ?? 'no reason given', kind: 'forbidden' });
    this.name = 'ForbiddenError';
  }
}

export class NotFoundError extends ApiError {
  /** True when the read-after-create lag retries were all spent and the record still was not there. */
  readonly lagExhausted: boolean;
  /** What the body says the 404 is about; without a body that says, `foreign` (it proves nothing). */
  readonly notFound: NotFoundScope;
  constructor(message: string, init: ApiErrorInit & { lagExhausted?: boolean }) {
    super(message, { ...init, kind: 'not-found' });
    this.name = 'NotFoundError';
    this.lagExhausted = init.lagExhausted ?? false;
    this.notFound = init.notFound ?? 'foreign';
  }
}

/** 422 "<old> no longer exists as it has been merged into <new>": the caller re-keys the record. */
export class MergedRecordError extends ApiError {
  readonly oldId: number;
  readonly newId: number;
  constructor(message: string, init: ApiErrorInit & { oldId: number; newId: number }) {
    super(message, init);
    this.name = 'MergedRecordError';
    this.oldId = init.oldId;
    this.newId = init.newId;
  }
}

/** 400 naming `cursor`/`page_token`: the saved position is no longer valid; the runner restarts the sweep. */
export class CursorExpiredError extends ApiError {
  constructor(message: string, init: ApiErrorInit) {
    super(message, init);
    this.name = 'CursorExpiredError';
  }
}

/** 422 "Invalid page_token variable": parameters changed between v1 pages. A bug in the caller, not the service. */
export class PageTokenMismatchError extends ApiError {
  constructor(message: string, init: ApiErrorInit) {
    super(message, init);
    this.name = 'PageTokenMismatchError';
  }
}

export class RateLimitedError extends ApiError {
  constructor(message: string, init: ApiErrorInit) {
    super(message, { ...init, kind: 'rate-limited' });
    this.name = 'RateLimitedError';
  }
}

/**
 * 500/502/503/504, connection resets and timeouts: failures that pass, thrown once the retries are spent.
 * A POST/PATCH gets none (`retryable` false): a second attempt could create a duplicate.
 */
export class TransientError extends ApiError {
  constructor(message: string, init: ApiErrorInit) {
    super(message, { ...init, kind: init.kind ?? 'server' });
    this.name = 'TransientError';
  }
}

/** 501, 505 and other 5xx that are not outages: the server cannot do this request, so it is not retried. */
export class ServerError extends ApiError {
  constructor(message: string, init: ApiErrorInit) {
    super(message, { ...init, kind: 'server-permanent' });
    this.name = 'ServerError';
  }
}

/** Nothing answers at the base URL (refused, unknown host): no stream can succeed, so the run stops. */
export class UnreachableError extends ApiError {
  constructor(message: string, init: ApiErrorInit) {
    super(message, { ...init, kind: 'unreachable' });
    this.name = 'UnreachableError';
  }
}

/** A body that is not the JSON we expect (HTML page, truncated or invalid JSON, wrong envelope). */
export class MalformedResponseError extends ApiError {
  constructor(message: string, init: ApiErrorInit) {
    super(message, { ...init, kind: 'malformed' });
    this.name = 'MalformedResponseError';
  }
}

/** A URL handed to `getUrl` points at another origin: following it would send the key elsewhere. */
export class ForeignOriginError extends UserError {
  constructor(message: string) {
    super(message, { exitCode: 1 });
    this.name = 'ForeignOriginError';
  }
}

export interface BudgetExhaustedInit {
  remaining: number;
  reserve: number;
  resetAt: Date | null;
  /** The request that was refused, when the budget knows it. */
  request?: { method: string; path: string; endpoint: string };
}

/** The org's monthly remaining fell to the reserve: stop before spending calls kept for other tools. */
export class BudgetExhaustedError extends ApiError {
  readonly remaining: number;
  readonly reserve: number;
  readonly resetAt: Date | null;
  constructor(init: BudgetExhaustedInit) {
    const when = init.resetAt ? `resets ${init.resetAt.toISOString()}` : 'reset time unknown';
    super(
      `Monthly API budget reached its reserve: ${init.remaining} calls remain this month and ${init.reserve} are ` + `kept in reserve (${when}).`,
      {
        status: null,
        method: init.request?.method ?? '',
        path: init.request?.path ?? '',
        endpoint: init.request?.endpoint ?? 'any counted request',
        kind: 'budget',
        hint: 'Wait for the monthly reset, or lower the reserve (the `monthlyReserve` setting, e.g. 0) to spend it. What was read is kept; the next run carries on.',
      },
      EXIT_BUDGET,
    );
    this.name = 'BudgetExhaustedError';
    this.remaining = init.remaining;
    this.reserve = init.reserve;
    this.resetAt = init.resetAt;
  }
}
