/**
 * Normalisation shared by the expected-row builders and the warehouse reader, so that both sides of a
 * comparison speak one representation: timestamps as ISO-8601 UTC with milliseconds, booleans as
 * booleans (SQLite stores 0/1), JSON columns parsed, numbers as numbers.
 */
import type { ColumnKind } from '../../../src/load/schema/table-specs.ts';

export type Cell = string | number | boolean | null | object;
export type ExpRow = Record<string, Cell>;

/** What `ts` returns; what both databases already hold (the dumps normalise every timestamp cell). */
const CANONICAL = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** Any ISO-8601 instant (with Z or an offset) → `YYYY-MM-DDTHH:MM:SS.sssZ`; null stays null. */
export function ts(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' && CANONICAL.test(v)) return v;
  const ms = Date.parse(String(v));
  if (Number.isNaN(ms)) return `unparseable:${String(v)}`;
  return new Date(ms).toISOString();
}

export function normCell(kind: ColumnKind, v: unknown): Cell {
  if (v === null || v === undefined) return null;
  switch (kind) {
    case 'ts':
      return ts(v);
    case 'bool':
      return v === true || v === 1 || v === '1' || v === 't' || v === 'true';
    case 'json': {
      if (typeof v !== 'string') return v as object;
      try {
        return JSON.parse(v) as Cell;
      } catch {
        return `unparseable-json:${v}`;
      }
    }
    case 'id':
    case 'int':
    case 'real':
      return typeof v === 'number' ? v : Number(v);
    default:
      return typeof v === 'string' ? v : String(v);
  }
}

/** A stable text key of a row's key columns. */
export function keyOf(row: Record<string, unknown>, key: readonly string[]): string {
  return key.map((k) => String(row[k])).join('|');
}

/** Short, readable rendering of a value for failure messages. */
export function show(v: unknown): string {
  const s = typeof v === 'string' ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v));
  return s.length > 160 ? `${s.slice(0, 157)}...` : s;
}

/** "First Last", else the email, else null (the warehouse's display name for a person reference). */
export function displayName(first: string | null | undefined, last: string | null | undefined, email: string | null | undefined): string | null {
  const name = [first, last]
    .filter((p): p is string => typeof p === 'string' && p.trim() !== '')
    .join(' ')
    .trim();
  return name !== '' ? name : (email ?? null);
}
