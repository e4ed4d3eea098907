/**
 * Names and values written into SQL text, the same on both dialects: the view definitions (src/load/views),
 * the view catalog's marks and the statistics statements. Names derived from the service's data are made
 * safe first (views/identifiers.ts).
 */

/** `"name"` with embedded quotes doubled (valid on both dialects). */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** `'text'` with embedded quotes doubled; NUL bytes (which neither dialect accepts) are dropped. */
export function quoteLiteral(text: string): string {
  return `'${text.replace(/\0/g, '').replace(/'/g, "''")}'`;
}

/** An integer id as SQL; anything else throws (ids come from bigint columns, never from text). */
export function intLiteral(n: number): string {
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer id: ${String(n)}`);
  return String(n);
}
