/**
 * What a 404 is about, read from its body (docs/contract.md §3): a fact for the runner's failure policy,
 * which alone decides what a 404 may prove.
 *
 * - `record`: the service's own not-found for one record: on `/v2` its error envelope with the code
 *   `not-found`; on the older interface one of the JSON error shapes it uses (`errors`, `error`, `message`).
 * - `route`: nothing serves this path: a problem document (RFC 9457, which neither interface answers with;
 *   a gateway or a mock does, e.g. Prism's "Route not resolved, no path matched"), or words that say no
 *   route matched.
 * - `foreign`: not the service's error shape at all: HTML, an empty or non-JSON body, JSON in no shape the
 *   service uses.
 */
import { isJsonContentType, parseServiceMessage } from './service-message.ts';
import { isV2Path } from './url.ts';

export type NotFoundScope = 'record' | 'route' | 'foreign';

/** Words with which routers, gateways and mocks say that no route matched the path. */
const ROUTE_MISS = /no path matched|route not (?:resolved|found)|no route (?:for|matche[sd])|no such route|unknown (?:route|endpoint)/i;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isProblemDocument(contentType: string | undefined, body: Record<string, unknown>): boolean {
  const base = contentType?.split(';')[0]?.trim().toLowerCase();
  return base === 'application/problem+json' || (typeof body.title === 'string' && typeof body.status === 'number');
}

/** The service's `/v2` not-found: `{"errors": [{"code": "not-found", …}]}`. */
function v2NotFound(body: Record<string, unknown>): boolean {
  return Array.isArray(body.errors) && body.errors.some((e) => isObject(e) && e.code === 'not-found');
}

/** The older interface's error shapes (its body is not documented; these are the ones clients see). */
function v1Error(body: Record<string, unknown>): boolean {
  return Array.isArray(body.errors) || typeof body.error === 'string' || isObject(body.error) || typeof body.message === 'string';
}

/** `json` is the parsed body, or undefined when the body was not JSON. */
export function notFoundScope(path: string, contentType: string | undefined, json: unknown): NotFoundScope {
  if (json === undefined || !isJsonContentType(contentType) || !isObject(json)) return 'foreign';
  if (isProblemDocument(contentType, json)) return 'route';
  if (ROUTE_MISS.test(parseServiceMessage(json).message ?? '')) return 'route';
  if (isV2Path(path)) return v2NotFound(json) ? 'record' : 'foreign';
  return v1Error(json) ? 'record' : 'foreign';
}
