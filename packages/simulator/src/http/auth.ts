/**
 * Credentials as the service takes them: the older interface accepts HTTP Basic (empty user, key as the
 * password) or Bearer; `/v2` accepts Bearer only.
 */
import { timingSafeEqual } from 'node:crypto';

/** `key`: which of the accepted keys the request carried (each key is one account's, see ServerSettings.accounts). */
export type AuthResult = { ok: true; key: string } | { ok: false; message: string };

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function checkAuth(header: string | undefined, iface: 'v1' | 'v2', keys: readonly string[]): AuthResult {
  if (!header) return { ok: false, message: 'No API key was provided (send Authorization: Bearer <key>).' };
  const m = /^(\w+)\s+(.+)$/.exec(header.trim());
  if (!m) return { ok: false, message: 'The Authorization header is malformed.' };
  const scheme = (m[1] as string).toLowerCase();
  const value = (m[2] as string).trim();
  if (scheme === 'bearer') {
    const key = keys.find((k) => same(value, k));
    return key !== undefined ? { ok: true, key } : { ok: false, message: 'The API key is not valid.' };
  }
  if (scheme === 'basic') {
    if (iface === 'v2') return { ok: false, message: 'The /v2 API accepts Bearer authentication only.' };
    let decoded: string;
    try {
      decoded = Buffer.from(value, 'base64').toString('utf8');
    } catch {
      return { ok: false, message: 'The Basic credentials are malformed.' };
    }
    const i = decoded.indexOf(':');
    const user = i < 0 ? decoded : decoded.slice(0, i);
    const password = i < 0 ? '' : decoded.slice(i + 1);
    const key = user === '' ? keys.find((k) => same(password, k)) : undefined;
    if (key !== undefined) return { ok: true, key };
    return { ok: false, message: 'The API key is not valid (Basic: empty user name, key as the password).' };
  }
  return { ok: false, message: `Unsupported authorization scheme "${m[1] as string}".` };
}
