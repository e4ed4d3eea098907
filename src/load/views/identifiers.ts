/**
 * Names in view SQL. Every identifier and literal that reaches a view definition passes through here:
 * names derived from the service's data (list and field names) are reduced to `[a-z0-9_]` before they
 * are quoted, and text values (field ids, entity types) are written as escaped string literals, so
 * nothing the service sends can end a quote or inject SQL. Rule (docs/warehouse.md "Views"):
 * lower-case; every run of characters outside `a-z0-9` becomes one `_`; leading/trailing `_` dropped;
 * cut to DEFAULT_MAX_NAME_LENGTH; empty or starting with a digit → prefixed `f_`; a name already taken
 * (a core column, another field) gets the field's id digits (or a counter) appended.
 */

/** PostgreSQL truncates identifiers at 63 bytes; names stay well below so suffixes still fit. */
export const DEFAULT_MAX_NAME_LENGTH = 40;

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

/** A service name reduced to a safe snake_case identifier (the rule in the header). */
export function safeName(raw: string | null | undefined, fallback = 'field'): string {
  const folded = (raw ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  let s = folded
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, DEFAULT_MAX_NAME_LENGTH)
    .replace(/_+$/, '');
  if (s === '') s = fallback;
  if (/^[0-9]/.test(s)) s = `f_${s}`;
  return s;
}

/**
 * Suffixes of a field column's companions: a multi-valued field's joined text (`tags_text`), a single person
 * or company reference's id (`owner_id`). Claimed for every field, so a field's type never renames another's column.
 */
const COMPANIONS = ['_text', '_id'];

/**
 * Allocates unique names: `take(base, key)` returns `base` when free, else `base_<digits of key>`,
 * else `base_<digits>_<n>`. Callers feed fields in a stable order (by id) so a name depends only on
 * the fields, never on row order.
 */
export class NameAllocator {
  private readonly used = new Set<string>();

  constructor(reserved: Iterable<string>) {
    for (const r of reserved) this.used.add(r);
  }

  take(base: string, key: string): string {
    const digits = key.replace(/[^0-9]+/g, '');
    const candidates = [base, ...(digits ? [`${base}_${digits}`] : [])];
    for (const c of candidates) if (this.free(c)) return this.claim(c);
    for (let n = 2; ; n += 1) if (this.free(`${candidates.at(-1)!}_${n}`)) return this.claim(`${candidates.at(-1)!}_${n}`);
  }

  /** A name and its companions (`name_text`, `name_id`) must all be free. */
  private free(name: string): boolean {
    return [name, ...COMPANIONS.map((c) => `${name}${c}`)].every((n) => !this.used.has(n));
  }

  private claim(name: string): string {
    for (const n of [name, ...COMPANIONS.map((c) => `${name}${c}`)]) this.used.add(n);
    return name;
  }
}

/** `list_<id>_<slug>`: one wide view per list. */
export function listViewName(listId: number, listName: string | null): string {
  return `list_${intLiteral(listId)}_${safeName(listName, 'list')}`;
}
