/** Shared request/response types of the simulator's HTTP layer. */
import type { SimStore } from '../store/store.ts';
import type { SimTenant } from '../store/store-types.ts';
import type { RateState } from './rate-limit.ts';
import type { ContractProfile } from '../contract.ts';
import type { Permission } from './permissions.ts';

export const KNOWN_VERSIONS = ['2024-01-01', '2026-07-15', '2026-09-17'] as const;
export const CURRENT_VERSION = '2026-09-17';

export interface ServerSettings {
  apiKey: string;
  /**
   * Keys of other accounts, and the tenant whoami names for each: they read the same data (tests of the
   * warehouse's one-account guard only need whoami to differ). `apiKey` is the store's own tenant.
   */
  accounts: ReadonlyMap<string, SimTenant>;
  /** Which document the simulator follows where the seed and the reference differ (contract.ts). */
  contract: ContractProfile;
  /** Permissions switched off: their routes answer 403 (permissions.ts). Mutable so tests can flip it. */
  deny: Set<Permission>;
  createLagMs: number;
  defaultApiVersion: string;
  cursorTtlMs: number;
  /** At most this many records a page, whatever the request asks (null: what it asks). */
  maxPageSize: number | null;
  /** The edge-value profile: RFC 3339's rarer forms on the wire (render/edge-values.ts). */
  edgeValues: boolean;
}

export interface Ctx {
  store: SimStore;
  /** The account of the request's key (whoami). */
  tenant: SimTenant;
  settings: ServerSettings;
  iface: 'v1' | 'v2';
  method: string;
  /** Request path without the query. */
  path: string;
  params: Record<string, string>;
  /** Effective query: for /v2 requests carrying a cursor, the cursor's saved query overlaid by the request's. */
  query: URLSearchParams;
  body: unknown;
  /** API version in effect (v2 only; v1 requests carry the default). */
  version: string;
  /** `http://127.0.0.1:PORT` */
  baseUrl: string;
  /** Decoded /v2 cursor position, when the request carried one. */
  cursorPos: number | undefined;
  nowMs: number;
  /** Rate budgets after this request was counted (for the rate-limit status endpoints). */
  rate: RateState;
}

export interface Reply {
  status: number;
  body?: unknown;
  /** Raw (non-JSON) body, e.g. a file download. */
  raw?: { data: Buffer | string; contentType: string };
}

export type Handler = (ctx: Ctx) => Reply;

export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Templated path, e.g. `/v2/companies/{companyId}`. */
  path: string;
  /** Minimum API version (inclusive); absent = all versions. */
  from?: string;
  handler: Handler;
}

/** An error answered in the interface's error format (v2 `{errors:[…]}`, v1 `{error}`). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

export const notFound = (what: string): HttpError => new HttpError(404, 'not-found', `${what} not found`);
export const badParam = (param: string, message: string): HttpError => new HttpError(400, 'validation', message, param);

export function errorBody(iface: 'v1' | 'v2', err: HttpError): unknown {
  if (iface === 'v1') return { error: err.message };
  const item: Record<string, string> = { code: err.code, message: err.message };
  if (err.param !== undefined) item.param = err.param;
  return { errors: [item] };
}

/**
 * A path nothing serves: a route-level 404, unlike a missing record's (`errorBody`, the interface's error
 * shape; docs/contract.md §3). It is the problem document a router or gateway answers with (RFC 9457), so a
 * client can tell "no such route" from "no such record".
 */
export function routeMissing(method: string, path: string): Reply {
  const problem = { type: 'about:blank', title: 'Not Found', status: 404, detail: `No route for ${method} ${path}` };
  return { status: 404, raw: { data: JSON.stringify(problem), contentType: 'application/problem+json' } };
}

export function ok(body: unknown, status = 200): Reply {
  return { status, body };
}
