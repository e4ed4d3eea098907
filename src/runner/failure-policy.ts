import { DEFAULT_SWEEP_HOLD_MIN_ROWS, DEFAULT_SWEEP_HOLD_SHARE } from '../defaults.ts';
import { UserError, isStopRequested } from '../errors.ts';
import { ApiError, AuthError, CursorExpiredError, ForbiddenError, MergedRecordError, NotFoundError, PageTokenMismatchError } from '../extract/http/errors.ts';
import { fatalDatabaseError } from '../load/db-errors.ts';
import type { Refusal } from '../state/sources.ts';
import type { AnyStream } from '../streams/define.ts';
import { serviceLooksWrong, serviceUnusable } from './service-unusable.ts';

/**
 * THE failure policy of a run. The HTTP layer's classifier (extract/http/classify.ts) says what an error IS
 * (its kind, whether the client may retry it, whether no other stream can succeed after it); this module
 * says what the run DOES about an error that reached it, from one table. The client has already retried
 * what its table calls retryable; the runner asks `decide` and holds no policy of its own.
 *
 * - `interrupted`: the operator stopped the run (SIGTERM / SIGINT cut a wait or a request short); the
 *   stream ends at its last committed page, which the next run resumes from. Not a failure.
 * - `stop-run`: no other stream can succeed either; the run stops and keeps what is committed.
 * - `unavailable`: an optional endpoint this tenant does not have; a warning, remembered, the run succeeds.
 * - `fall-back`: the service refuses this source of a capability; the next source takes over (remembered).
 * - `route-gone`: a read's route answers a route-level 404 (the service no longer serves that path): the read
 *   is refused for this run with one line, nothing is deleted through it, and the run ends partial.
 * - `permission`: the key may not read this stream; it fails with one line, the other streams go on.
 * - `fail-stream`: this stream failed; the other streams go on and the run ends partial.
 */
export type FailureAction = 'interrupted' | 'stop-run' | 'unavailable' | 'fall-back' | 'route-gone' | 'permission' | 'fail-stream';

/** What the policy knows about the error's place in the run when it decides. */
export interface FailureFacts {
  stream: AnyStream;
  /** Pages this stream committed in this run before the error. */
  pagesCommitted: number;
  /** Whether any stream has committed a page in this run (a 401 after that is one endpoint's, not the key's). */
  runHasRead: boolean;
  /** Whether the service itself (a JSON answer) has answered any request of this run yet. */
  serviceHasAnswered: boolean;
}

interface PolicyRow {
  action: FailureAction;
  /** Why this row exists, for a person reading the table. */
  why: string;
  applies: (err: unknown, facts: FailureFacts) => boolean;
}

/** Statuses with which the service says "not this request, ever" (a parameter, a route, a permission). */
const REFUSAL_STATUSES = new Set([400, 403, 404, 422]);

/** The first row that applies decides; `fail-stream` is what is left. */
const POLICY: readonly PolicyRow[] = [
  {
    action: 'interrupted',
    why: 'a stop signal cut a backoff sleep or a request short: the stream resumes from its checkpoint next run',
    applies: (err) => isStopRequested(err),
  },
  {
    action: 'stop-run',
    why: "the run's first calls show the base URL is not a working API (HTML pages, 404s that are not the API's, no answer)",
    applies: (err, f) => err instanceof ApiError && serviceLooksWrong(err, f.serviceHasAnswered),
  },
  {
    action: 'stop-run',
    why: 'a rejected key (before anything was read), an unreachable API, a spent budget, a warehouse that cannot take writes',
    applies: (err, f) => stopsTheRun(err) && !permissionDenied(err, f.runHasRead),
  },
  {
    action: 'unavailable',
    why: 'an optional (beta or version-gated) endpoint answering 404, or 400/403/422, on its first request: this tenant lacks it',
    applies: (err, f) => f.stream.optional === true && refusalOf(err, f.stream, f.pagesCommitted, '') !== null,
  },
  {
    action: 'fall-back',
    why: 'a source of a capability refused on its first request: the next source carries the capability',
    applies: (err, f) => f.stream.source !== undefined && refusalOf(err, f.stream, f.pagesCommitted, '') !== null,
  },
  {
    action: 'route-gone',
    why: 'a route-level 404 (a problem document, "no route matched"): the path is not served, which says nothing about any record',
    applies: (err) => routeNotServed(err),
  },
  {
    action: 'permission',
    why: 'a 403, or a 401 once the run has read something (the key works): this stream only',
    applies: (err, f) => permissionDenied(err, f.runHasRead),
  },
];

/** What the run does about `err`. */
export function decide(err: unknown, facts: FailureFacts): FailureAction {
  return POLICY.find((row) => row.applies(err, facts))?.action ?? 'fail-stream';
}

/**
 * Errors after which no other stream can succeed either (a rejected key, an unreachable API, a spent
 * budget, a warehouse that cannot take writes). An API error answers for itself from the HTTP layer's
 * failure table: its `cause` (a socket reset) is the API's connection, never the database's.
 */
export function stopsTheRun(err: unknown): boolean {
  if (err instanceof ApiError) return err.stopsRun;
  if ((err as { abortRun?: boolean } | null)?.abortRun === true) return true;
  // A raw driver error, or the UserError that fatalDatabaseError made of one.
  const driverError = err instanceof UserError ? err.cause : err;
  return driverError !== undefined && fatalDatabaseError(driverError) !== null;
}

/**
 * The refusal `err` records when the service refuses this source, or null. Only a non-retryable
 * 400/403/404/422 that the service itself answered (a JSON body) on a stream that has committed nothing this run: a cursor that expired, a merged record,
 * a record 404 of an ids read, a 401 (the key) or a 5xx (an outage) are not refusals of the source.
 */
export function refusalOf(err: unknown, def: AnyStream, pagesCommitted: number, at: string): Refusal | null {
  if (!(err instanceof ApiError) || err.retryable || err.status === null) return null;
  // Only the service's own answer (JSON) refuses a source: a proxy's or a web server's 404 says nothing about it.
  if (err.answeredBy !== 'service') return null;
  if (!REFUSAL_STATUSES.has(err.status) || pagesCommitted > 0) return null;
  if (err instanceof CursorExpiredError || err instanceof PageTokenMismatchError || err instanceof MergedRecordError) return null;
  if (err.status === 404 && def.read.kind === 'ids' && !routeNotServed(err)) return null;
  return { status: err.status, endpoint: err.endpoint, message: serviceWords(err), at };
}

/** The service's own words; a `/v2` error's parameter is already named in them (service-message.ts). */
function serviceWords(err: ApiError): string {
  const said = err.serviceMessage ?? err.message;
  return err.param && !said.includes(`(param ${err.param})`) ? `${said} (param ${err.param})` : said;
}

/** A 404 whose body says no route matched the path (not-found-scope.ts): the route, not a record, is missing. */
export function routeNotServed(err: unknown): err is NotFoundError {
  return err instanceof NotFoundError && err.notFound === 'route';
}

/** The one line a person reads when a read's route stops being served (run summary and `status`). */
export function routeGoneLine(stream: string, err: ApiError): string {
  const said = err.serviceMessage ?? 'no reason given';
  return `${stream}: ${err.endpoint} answers a route-level 404 (${said}): the service does not serve this path, so it is treated as refused; nothing is deleted through it and its data is not refreshed until it answers again`;
}

/** What is known about a record a read by id found missing (read-ids.ts). */
export interface GoneFacts {
  /** The id answered a record-level 404 in an earlier run as well. */
  missingBefore: boolean;
  /** The read, or another read of its interface (`/v2` or the older one), answered a record (2xx) in this run. */
  readAnswered: boolean;
  /** The cheap source's word: it answered without the id (`absent`), listed it (`present`), failed (`unknown`), or there is none. */
  confirmed: 'absent' | 'present' | 'unknown' | 'no-source';
}

/**
 * THE rule of deletion evidence for a read by id (docs/sync.md, "Deletion needs evidence"). A 404 proves a
 * record gone only when it is the service's own record-level not-found (never a route the service does not
 * serve, a foreign or non-JSON body: `notFoundMissing`), it answered so in an earlier run too (long past the
 * `/v2` read-after-create lag), and either the cheap source answered without listing the record (its
 * interface answered: the record is gone from both) or, where there is no cheap source, the read or another
 * read of its interface answered a record in this run (the interface works). Absence from a completed sweep that
 * saw its collection (`sweepSawCollection`) is the other evidence.
 */
export function goneOnEvidence(f: GoneFacts): boolean {
  return f.missingBefore && (f.confirmed === 'absent' || (f.confirmed === 'no-source' && f.readAnswered));
}

/**
 * Whether a sweep saw its collection: not when most of its records failed validation (a member's type changed
 * on every record, say). Such a pass completes no deletions and marks no pass done (read-sweep.ts).
 */
export function sweepSawCollection(records: number, quarantined: number): boolean {
  return quarantined <= records;
}

/**
 * Whether a completed pass that saw its collection deletes what it did not see. A pass that saw under
 * `DEFAULT_SWEEP_HOLD_SHARE` of the live rows it would delete from (`live`, at least
 * `DEFAULT_SWEEP_HOLD_MIN_ROWS`) is one answer against many earlier ones: it is held (`hold`), nothing is
 * deleted, and the next pass is read whole. A pass after a held one deletes: two complete passes agree.
 */
export function sweepDeletes(seen: number, live: number, afterHeld: boolean): 'delete' | 'hold' {
  if (afterHeld || live < DEFAULT_SWEEP_HOLD_MIN_ROWS) return 'delete';
  return seen < live * DEFAULT_SWEEP_HOLD_SHARE ? 'hold' : 'delete';
}

/** The parent (a stream this one reads, `needs`) that failed in this run, if any: the child is not read and stays due. */
export function failedParent(def: AnyStream, statusOf: (name: string) => string | undefined): string | null {
  return def.needs?.find((parent) => statusOf(parent) === 'failed') ?? null;
}

/** The one line of a child not read because its parent failed. */
export function parentFailedLine(stream: string, parent: string): string {
  return `${stream}: not read, because ${parent} (which it reads) failed in this run; it stays due and is read by the next run`;
}

/** A 404 that may say a record is missing (the service's record-level not-found); any other 404 is the stream's error. */
export function notFoundMissing(err: unknown): err is NotFoundError {
  return err instanceof NotFoundError && err.notFound === 'record';
}

/**
 * A single read answered that its one record was merged into another (older interface, 422): the read of
 * that id is done (the merge itself is the merges pass's to apply), not the stream's error.
 */
export function mergedAway(err: unknown, ids: readonly number[]): err is MergedRecordError {
  return err instanceof MergedRecordError && ids.length === 1 && ids[0] === err.oldId;
}

/** A 403, or a 401 once the run has read something (so the key itself works): this stream only. */
export function permissionDenied(err: unknown, runHasRead: boolean): err is ApiError {
  if (err instanceof ForbiddenError) return true;
  return err instanceof AuthError && runHasRead;
}

/** The one line a person reads: which stream, which call, what the service said, who can fix it. */
export function permissionLine(stream: string, err: ApiError): string {
  const said = err.serviceMessage ?? 'no reason given';
  return `${stream}: permission denied (${err.status ?? '?'} on ${err.endpoint}: ${said}); ask an Affinity admin for access to this endpoint, or leave ${stream} out with --streams`;
}

/** The run's policy as the stream runner asks it: the run's facts are filled in at the moment of asking. */
export interface RunPolicy {
  decide(err: unknown, stream: AnyStream, pagesCommitted: number): FailureAction;
  /** The error the run stops with, in words for a person: a warehouse failure or an unusable base URL says so in one line. */
  stopping(err: unknown): unknown;
}

export interface RunFacts {
  runHasRead: () => boolean;
  serviceHasAnswered: () => boolean;
  baseUrl: string;
}

export function runPolicy(run: RunFacts): RunPolicy {
  // An error judged "the service is wrong" keeps that verdict, even if another request answers meanwhile.
  const unusable = new WeakMap<object, unknown>();
  return {
    decide(err, stream, pagesCommitted) {
      const serviceHasAnswered = run.serviceHasAnswered();
      const action = decide(err, { stream, pagesCommitted, runHasRead: run.runHasRead(), serviceHasAnswered });
      if (err instanceof ApiError && serviceLooksWrong(err, serviceHasAnswered)) unusable.set(err, serviceUnusable(err, run.baseUrl));
      return action;
    },
    stopping: (err) => fatalDatabaseError(err) ?? (typeof err === 'object' && err !== null ? unusable.get(err) : undefined) ?? err,
  };
}
