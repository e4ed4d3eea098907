import { ISO_DATETIME_RE } from '../extract/schemas/common.ts';

/** A timestamp the API sent that cannot be read; the caller quarantines the record. */
export class TimestampError extends Error {
  constructor(
    readonly input: string,
    reason: string,
  ) {
    super(`invalid timestamp ${JSON.stringify(input)}: ${reason} (expected ISO-8601 with Z or a numeric offset)`);
    this.name = 'TimestampError';
  }
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeap(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

/**
 * Any ISO-8601 / RFC 3339 datetime with a zone → UTC `YYYY-MM-DDTHH:MM:SS.sssZ`. v1 sends local offsets
 * (`2021-10-04T08:54:24.694-04:00` → `2021-10-04T12:54:24.694Z`), /v2 sends UTC with or without
 * fractions. Fractions beyond milliseconds are truncated (the warehouse stores milliseconds). Every form
 * RFC 3339 allows is read (docs/contract.md §5): lowercase `t`/`z`, years 0000–9999 as written (never
 * the two-digit-year shift of `Date.UTC`), and a leap second (`23:59:60`), stored as the next second
 * because neither dialect's timestamp can hold it. null/undefined stay null; anything else unreadable
 * throws a `TimestampError`. Parsed by hand rather than `Date.parse` so that impossible dates (Feb 30)
 * are rejected instead of silently rolled over, and the result does not depend on the engine's parser.
 */
export function normalizeTimestamp(s: string): string;
export function normalizeTimestamp(s: string | null | undefined): string | null;
export function normalizeTimestamp(s: string | null | undefined): string | null {
  if (s === null || s === undefined) return null;
  if (typeof s !== 'string') throw new TimestampError(String(s), 'not a string');
  const m = ISO_DATETIME_RE.exec(s.trim());
  if (!m) throw new TimestampError(s, 'unrecognised format');
  const [, ys, mos, ds, hs, mis, ss, frac, zone] = m as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
    string | undefined,
    string | undefined,
    string,
  ];
  const y = Number(ys);
  const mo = Number(mos);
  const d = Number(ds);
  const h = Number(hs);
  const mi = Number(mis);
  const sec = ss === undefined ? 0 : Number(ss);
  const ms = frac === undefined ? 0 : Number(frac.slice(0, 3).padEnd(3, '0'));
  if (mo < 1 || mo > 12) throw new TimestampError(s, 'month out of range');
  const dim = mo === 2 && isLeap(y) ? 29 : (DAYS_IN_MONTH[mo - 1] ?? 31);
  if (d < 1 || d > dim) throw new TimestampError(s, 'day out of range');
  // 24:00:00 is ISO-8601's "end of day"; accept it, nothing later.
  if (h > 24 || (h === 24 && (mi > 0 || sec > 0 || ms > 0))) throw new TimestampError(s, 'hour out of range');
  if (mi > 59) throw new TimestampError(s, 'minute out of range');
  if (sec > 60) throw new TimestampError(s, 'second out of range');
  let offsetMin = 0;
  if (zone !== 'Z' && zone !== 'z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const oh = Number(digits.slice(0, 2));
    const om = digits.length > 2 ? Number(digits.slice(2, 4)) : 0;
    if (oh > 23 || om > 59) throw new TimestampError(s, 'offset out of range');
    offsetMin = sign * (oh * 60 + om);
  }
  // setUTCFullYear takes the year as written; Date.UTC would read 0–99 as 1900–1999. A second of 60
  // rolls over into the next minute: the leap second is stored as the second after it.
  const t = new Date(0).setUTCFullYear(y, mo - 1, d) + ((h * 60 + mi - offsetMin) * 60 + sec) * 1000 + ms;
  if (!Number.isFinite(t)) throw new TimestampError(s, 'out of range');
  const iso = new Date(t).toISOString();
  // Years outside 0000–9999 come back as ±YYYYYY; the warehouse format has four digits.
  if (!/^\d{4}-/.test(iso)) throw new TimestampError(s, 'year out of range');
  return iso;
}

/**
 * Transcript fragment offsets → milliseconds from the start. Strings are clock offsets (`"00:00:06"`,
 * `"01:02:03.5"`, `"02:03"`) or a bare number of seconds (`"12"`); a JSON number is already
 * milliseconds (the simulator's form). Null when absent or unreadable: an offset is informational,
 * not worth quarantining a transcript over.
 */
export function offsetToMs(v: string | number | null | undefined): number | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return Number.isFinite(v) && v >= 0 ? Math.round(v) : null;
  const m = /^(?:(\d+):)?(\d{1,2}):(\d{1,2}(?:\.\d+)?)$/.exec(v.trim());
  if (!m) {
    const n = Number(v);
    return v.trim() !== '' && Number.isFinite(n) && n >= 0 ? Math.round(n * 1000) : null;
  }
  const [, hh, mm, ss] = m;
  return Math.round(((Number(hh ?? 0) * 60 + Number(mm)) * 60 + Number(ss)) * 1000);
}
