/**
 * PostgreSQL writes and reads timestamps outside ISO-8601's common range in its own text form: year 0000
 * (1 BC in the proleptic calendar both use) only as `0001-… BC`, and every value back as
 * `YYYY-MM-DD HH:MM:SS[.fff]±HH[:MM[:SS]][ BC]` in the session's zone. `new Date()` reads that form through
 * the engine's legacy parser, which fails on years 0000–0099 (or moves them to 1900–1999), so both
 * directions are converted here, by hand, to the warehouse's `YYYY-MM-DDTHH:MM:SS.sssZ`.
 */

const PG_TS_RE = /^(\d{4,})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:([+-])(\d{2})(?::?(\d{2}))?(?::?(\d{2}))?)?( BC)?$/;

/** A warehouse ISO timestamp as PostgreSQL accepts it: year 0000 becomes `0001 … BC`, the rest is unchanged. */
export function pgTimestampParam(iso: string): string {
  return iso.startsWith('0000-') ? `0001-${iso.slice(5)} BC` : iso;
}

/**
 * PostgreSQL's text of a `timestamptz` (or a `timestamp`, read as UTC) → `YYYY-MM-DDTHH:MM:SS.sssZ`.
 * Text it cannot read is returned as it came (never a crash inside the driver's row parser).
 */
export function pgTimestampText(v: string): string {
  const m = PG_TS_RE.exec(v);
  if (!m) return v;
  const [, ys, mos, ds, hs, mis, ss, frac, sign, oh, om, os, bc] = m;
  const year = bc ? 1 - Number(ys) : Number(ys);
  const offsetSec = sign ? (sign === '-' ? -1 : 1) * ((Number(oh) * 60 + Number(om ?? 0)) * 60 + Number(os ?? 0)) : 0;
  const ms = frac === undefined ? 0 : Number(frac.slice(0, 3).padEnd(3, '0'));
  const t = new Date(0).setUTCFullYear(year, Number(mos) - 1, Number(ds)) + ((Number(hs) * 60 + Number(mis)) * 60 + Number(ss) - offsetSec) * 1000 + ms;
  return Number.isFinite(t) ? new Date(t).toISOString() : v;
}
