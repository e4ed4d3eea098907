import { createHash } from 'node:crypto';
import type { Query } from './http/url.ts';

/**
 * A v1 `page_token` is only valid with the exact parameters that produced it ("Invalid page_token variable"
 * otherwise), so the persisted token carries a fingerprint of path + parameters.
 */
export function paramsFingerprint(path: string, query: Query | undefined): string {
  const entries = Object.entries(query ?? {})
    .filter(([k, v]) => v !== undefined && k !== 'page_token')
    .map(([k, v]): [string, string | string[]] => [k, Array.isArray(v) ? v.map(String) : String(v)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256')
    .update(JSON.stringify([path, entries]))
    .digest('hex')
    .slice(0, 16);
}

export interface V1Token {
  t: string;
  p: string;
}

export function encodeV1Token(token: string, fingerprint: string): string {
  return JSON.stringify({ t: token, p: fingerprint } satisfies V1Token);
}

export function decodeV1Token(token: string): V1Token | null {
  try {
    const v = JSON.parse(token) as unknown;
    if (typeof v === 'object' && v !== null) {
      const { t, p } = v as Record<string, unknown>;
      if (typeof t === 'string' && typeof p === 'string') return { t, p };
    }
  } catch {
    // not ours: handled by the caller
  }
  return null;
}

export function isAbsoluteUrl(token: string): boolean {
  return /^https?:\/\//i.test(token);
}

/** Identity of a v2 position: a nextUrl and a bare cursor for the same place compare equal. */
export function v2TokenKey(token: string): string {
  if (!isAbsoluteUrl(token)) return `cursor:${token}`;
  try {
    const cursor = new URL(token).searchParams.get('cursor');
    return cursor === null ? `url:${token}` : `cursor:${cursor}`;
  } catch {
    return `url:${token}`;
  }
}
