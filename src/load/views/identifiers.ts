/**
 * Names in view SQL. Every name derived from the service's data (list and field names) is reduced here to
 * `[a-z0-9_]` before it is quoted, and text values (field ids, entity types) are written as escaped string
 * literals (../dialects/sql-quote.ts), so nothing the service sends can end a quote or inject SQL. Rule (docs/warehouse.md "Views"):
 * lower-case; every run of characters outside `a-z0-9` becomes one `_`; leading/trailing `_` dropped;
 * cut to DEFAULT_MAX_NAME_LENGTH; empty or starting with a digit → prefixed `f_`; a name already taken
 * (a core column, another field) gets the field's id digits (or a counter) appended.
 */
import { intLiteral } from '../dialects/sql-quote.ts';

/** PostgreSQL truncates identifiers at 63 bytes; names stay well below so suffixes still fit. */
export const DEFAULT_MAX_NAME_LENGTH = 40;

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
