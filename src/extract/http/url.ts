/** Query values as the API takes them: arrays become repeated keys (`?ids=1&ids=2`). */
export type Query = Record<string, string | number | boolean | ReadonlyArray<string | number> | undefined>;

export function appendQuery(params: URLSearchParams, query: Query | undefined): void {
  if (!query) return;
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value as ReadonlyArray<string | number>) params.append(key, String(item));
    } else {
      params.append(key, String(value));
    }
  }
}

/** `path` may already carry a query (`/v2/companies?limit=100`); `query` is appended after it. */
export function buildPathWithQuery(path: string, query: Query | undefined): { path: string; search: string } {
  const q = path.indexOf('?');
  const bare = q === -1 ? path : path.slice(0, q);
  const params = new URLSearchParams(q === -1 ? '' : path.slice(q + 1));
  appendQuery(params, query);
  const search = params.toString();
  return { path: bare, search: search ? `?${search}` : '' };
}

/** Count label: `GET /v2/lists/{id}/list-entries`. Numeric segments vary per record; the endpoint does not. */
export function endpointLabel(method: string, path: string): string {
  return `${method} ${path.replace(/\/\d+(?=\/|$)/g, '/{id}')}`;
}

export function isV2Path(path: string): boolean {
  return path === '/v2' || path.startsWith('/v2/');
}

/** Exempt from the monthly quota per the service's docs; they must work even when the monthly quota is spent. */
const MONTHLY_EXEMPT = new Set(['/rate-limit', '/v2/rate-limit', '/auth/whoami', '/v2/auth/whoami']);

export function isMonthlyExempt(path: string): boolean {
  return MONTHLY_EXEMPT.has(path);
}

/** The older interface wants Basic with an empty user; `/v2` wants Bearer. Both forms are secrets. */
export function basicToken(apiKey: string): string {
  return Buffer.from(`:${apiKey}`).toString('base64');
}

export function authorizationFor(path: string, apiKey: string): string {
  return isV2Path(path) ? `Bearer ${apiKey}` : `Basic ${basicToken(apiKey)}`;
}
