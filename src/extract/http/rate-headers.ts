export type HeaderInput = Readonly<Record<string, string | ReadonlyArray<string> | undefined>> | ReadonlyArray<string>;

export interface RateHeaders {
  userLimit: number | null;
  userRemaining: number | null;
  userReset: number | null;
  orgLimit: number | null;
  orgRemaining: number | null;
  orgReset: number | null;
}

const HEADER_NAMES: Record<string, keyof RateHeaders> = {
  'x-ratelimit-limit-user': 'userLimit',
  'x-ratelimit-limit-user-remaining': 'userRemaining',
  'x-ratelimit-limit-user-reset': 'userReset',
  'x-ratelimit-limit-org': 'orgLimit',
  'x-ratelimit-limit-org-remaining': 'orgRemaining',
  'x-ratelimit-limit-org-reset': 'orgReset',
};

function num(v: string | ReadonlyArray<string> | undefined): number | null {
  const s = Array.isArray(v) ? (v as ReadonlyArray<string>)[0] : (v as string | undefined);
  if (s === undefined) return null;
  const n = Number(s.trim());
  return s.trim() !== '' && Number.isFinite(n) ? n : null;
}

/**
 * Rate-limit headers in any letter case: undici lower-cases names, but a raw header array (or a proxy) may not,
 * and the service itself changed case in 2026. Accepts a header object or a flat `[name, value, …]` array.
 */
export function parseRateHeaders(headers: HeaderInput): RateHeaders {
  const out: RateHeaders = { userLimit: null, userRemaining: null, userReset: null, orgLimit: null, orgRemaining: null, orgReset: null };
  const entries: Array<[string, string | ReadonlyArray<string> | undefined]> = [];
  if (Array.isArray(headers)) {
    const flat = headers as ReadonlyArray<string>;
    for (let i = 0; i + 1 < flat.length; i += 2) entries.push([String(flat[i]), String(flat[i + 1])]);
  } else {
    entries.push(...Object.entries(headers as Record<string, string | ReadonlyArray<string> | undefined>));
  }
  for (const [name, value] of entries) {
    const key = HEADER_NAMES[name.toLowerCase()];
    if (key) out[key] = num(value);
  }
  return out;
}
