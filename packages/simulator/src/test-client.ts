/**
 * A minimal client for tests that talk to the simulator directly (not the product's HTTP client):
 * one call, and "page to the end" for both interfaces.
 */
import { connect } from 'node:net';

export interface SimTarget {
  url: string;
  apiKey: string;
}

export interface SimCall {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Credential form: bearer (default), basic (v1), none, or a literal Authorization header value. */
  auth?: 'bearer' | 'basic' | 'none' | { header: string };
  version?: string;
}

export interface SimResponse {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

export async function simCall(sim: SimTarget, path: string, call: SimCall = {}): Promise<SimResponse> {
  const headers: Record<string, string> = { ...call.headers };
  const auth = call.auth ?? 'bearer';
  if (auth === 'bearer') headers.authorization = `Bearer ${sim.apiKey}`;
  else if (auth === 'basic') headers.authorization = `Basic ${Buffer.from(`:${sim.apiKey}`).toString('base64')}`;
  else if (typeof auth === 'object') headers.authorization = auth.header;
  if (call.version) headers['x-affinity-api-version'] = call.version;
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(path.startsWith('http') ? path : `${sim.url}${path}`, {
    method: call.method ?? 'GET',
    headers,
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text.length ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** Follow `/v2` pages (either envelope) to the end; throws on any non-200. */
export async function pageAllV2(sim: SimTarget, path: string, call: SimCall = {}, maxPages = 10_000): Promise<unknown[]> {
  const out: unknown[] = [];
  let next: string | null = path;
  for (let i = 0; next !== null && i < maxPages; i++) {
    const r = await simCall(sim, next, call);
    if (r.status !== 200) throw new Error(`GET ${next} -> ${r.status} ${r.text.slice(0, 300)}`);
    const body = r.json as { data: unknown[]; pagination?: { nextUrl: string | null }; next_cursor?: string };
    out.push(...(body.data ?? []));
    if (body.pagination) next = body.pagination.nextUrl;
    else if (body.next_cursor) {
      const u = new URL(path, sim.url);
      u.searchParams.set('cursor', body.next_cursor);
      next = `${u.pathname}${u.search}`;
    } else next = null;
  }
  return out;
}

/** Follow older-interface `page_token`s to the end, collecting `key`. */
export async function pageAllV1(sim: SimTarget, path: string, key: string, call: SimCall = {}): Promise<unknown[]> {
  const out: unknown[] = [];
  let token: string | null = null;
  for (let i = 0; i < 10_000; i++) {
    const u = new URL(path, sim.url);
    if (token) u.searchParams.set('page_token', token);
    const r = await simCall(sim, `${u.pathname}${u.search}`, call);
    if (r.status !== 200) throw new Error(`GET ${u.pathname}${u.search} -> ${r.status} ${r.text.slice(0, 300)}`);
    const body = r.json as Record<string, unknown>;
    out.push(...((body[key] as unknown[]) ?? []));
    token = (body.next_page_token as string | null) ?? null;
    if (!token) break;
  }
  return out;
}

/** Raw response head (status line + header lines exactly as sent), for header-case checks. */
export function rawHead(sim: SimTarget, path: string, authorization: string): Promise<string> {
  const { hostname, port } = new URL(sim.url);
  return new Promise((resolve, reject) => {
    const sock = connect(Number(port), hostname, () => {
      sock.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: ${authorization}\r\nConnection: close\r\n\r\n`);
    });
    let buf = '';
    sock.setEncoding('utf8');
    sock.on('data', (d: string) => {
      buf += d;
    });
    sock.on('end', () => resolve(buf.split('\r\n\r\n')[0] ?? ''));
    sock.on('error', reject);
  });
}
