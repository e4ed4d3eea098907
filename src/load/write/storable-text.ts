/**
 * Text as the warehouse stores it, identically on SQLite and PostgreSQL (docs/warehouse.md "How text is stored").
 *
 * Two kinds of code unit have no stored form on both dialects:
 * - NUL (U+0000): PostgreSQL refuses it in `text` ("invalid byte sequence for encoding UTF8: 0x00") and
 *   its `\u0000` escape in `jsonb` ("unsupported Unicode escape sequence"); SQLite would keep it.
 * - a lone UTF-16 surrogate (half of a pair, e.g. text cut in the middle of an emoji): it has no UTF-8
 *   encoding, so each driver mangles it its own way (pg sends one U+FFFD, better-sqlite3 stores bytes
 *   that read back as three), and `jsonb` refuses its `\uD83D` escape.
 * Each such code unit becomes U+FFFD, the Unicode replacement character: the text keeps its length and
 * shows where something unstorable was. Everything else (quotes, SQL, emoji, right-to-left overrides,
 * other control characters, empty strings) is stored as received. Pure functions: the loader calls them
 * once, on every string on its way into the database (`prepareRow` in upsert.ts).
 */

/** What every unstorable code unit becomes. */
export const REPLACEMENT_CHARACTER = '\uFFFD';

// Without the `u` flag a regex sees UTF-16 code units, so a surrogate is matched alone unless it is
// the matching half of a pair.
// eslint-disable-next-line no-control-regex -- NUL is exactly the code unit PostgreSQL refuses
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const HAS_UNSTORABLE = new RegExp(UNSTORABLE.source);

/**
 * JSON text that may need work: a raw unstorable code unit, or an escape of NUL or of any surrogate
 * (an escaped pair is fine but rare; the slow path re-checks exactly). A false alarm such as the
 * escaped backslash in `"\\u0000"` costs one parse and changes nothing.
 */
const JSON_SUSPECT = new RegExp(`${HAS_UNSTORABLE.source}|\\\\u(?:0000|[dD][89abcdefABCDEF])`);

/** `text` with NUL and lone surrogates replaced by U+FFFD; the same string when there is none. */
export function storableText(text: string): string {
  return HAS_UNSTORABLE.test(text) ? text.replace(UNSTORABLE, REPLACEMENT_CHARACTER) : text;
}

/** A parsed JSON value with every string (object keys included) made storable. */
export function storableJsonValue(value: unknown): unknown {
  if (typeof value === 'string') return storableText(value);
  if (Array.isArray(value)) return value.map(storableJsonValue);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[storableText(k)] = storableJsonValue(v);
    return out;
  }
  return value;
}

/**
 * JSON text (a `_raw`, `value_json` or `*_json` column) whose decoded strings are storable: the escapes
 * `\u0000` and lone `\uD8xx` inside it are what PostgreSQL's jsonb refuses, so the text is decoded,
 * sanitised and encoded again. Text that is not JSON is treated as plain text.
 */
export function storableJson(text: string): string {
  if (!JSON_SUSPECT.test(text)) return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return storableText(text);
  }
  return JSON.stringify(storableJsonValue(parsed));
}

/** A row with every string value made storable; `jsonColumns` hold JSON text. */
export function storableRow<R extends Record<string, unknown>>(row: R, jsonColumns: readonly string[] = []): R {
  const out: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    out[column] = typeof value !== 'string' ? value : jsonColumns.includes(column) ? storableJson(value) : storableText(value);
  }
  return out as R;
}
