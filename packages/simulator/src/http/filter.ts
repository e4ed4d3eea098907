/**
 * The `/v2` `filter` expression subset used by the listing endpoints: `prop op value` terms joined by `&`
 * (and) and `|` (or, lower precedence). Ops: = != > >= < <=. Values may be quoted.
 * Example: `changedAt>=2024-01-01T00:00:00Z&field.id=field-12`.
 */
import { badParam, type Ctx } from './http-types.ts';

export type PropKind = 'date' | 'int' | 'string';
export type Op = '=' | '!=' | '>' | '>=' | '<' | '<=';
/** A filterable property: its kind, optionally the operators and values the documents allow for it. */
export type PropSpec = PropKind | { kind: PropKind; ops?: readonly Op[]; values?: readonly string[] };

const kindOf = (p: PropSpec): PropKind => (typeof p === 'string' ? p : p.kind);

interface Term {
  prop: string;
  op: Op;
  value: string | number;
}

export interface Filter {
  test(get: (prop: string) => string | number | null): boolean;
  /** For a single AND group: the tightest lower bound on a date prop (ms), used to skip ahead. */
  lowerBound(prop: string): { ms: number; inclusive: boolean } | null;
  /** For a single AND group: the value of an `=` term on prop. */
  equals(prop: string): string | number | null;
  /** Whether every OR group holds an `=` term on prop (e.g. every branch names a field). */
  everyGroupEquals(prop: string): boolean;
}

export function parseFilter(ctx: Ctx, allowed: Record<string, PropSpec>): Filter | null {
  const raw = ctx.query.get('filter');
  if (raw === null || raw.trim() === '') return null;
  const groups: Term[][] = raw.split('|').map((g) => g.split('&').map((t) => parseTerm(t, allowed)));
  const cmp = (a: string | number, op: Op, b: string | number) => {
    switch (op) {
      case '=':
        return a === b;
      case '!=':
        return a !== b;
      case '>':
        return a > b;
      case '>=':
        return a >= b;
      case '<':
        return a < b;
      default:
        return a <= b;
    }
  };
  return {
    test(get) {
      return groups.some((g) =>
        g.every((t) => {
          let v = get(t.prop);
          if (v === null) return t.op === '!=';
          if (kindOf(allowed[t.prop] as PropSpec) === 'date') v = Date.parse(String(v));
          return cmp(v, t.op, t.value);
        }),
      );
    },
    lowerBound(prop) {
      if (groups.length !== 1) return null;
      let best: { ms: number; inclusive: boolean } | null = null;
      for (const t of groups[0] as Term[]) {
        if (t.prop !== prop || (t.op !== '>' && t.op !== '>=')) continue;
        const ms = t.value as number;
        if (!best || ms > best.ms) best = { ms, inclusive: t.op === '>=' };
      }
      return best;
    },
    equals(prop) {
      if (groups.length !== 1) return null;
      return (groups[0] as Term[]).find((t) => t.prop === prop && t.op === '=')?.value ?? null;
    },
    everyGroupEquals(prop) {
      return groups.every((g) => g.some((t) => t.prop === prop && t.op === '='));
    },
  };
}

function parseTerm(text: string, allowed: Record<string, PropSpec>): Term {
  const m = /^\s*([A-Za-z][A-Za-z.]*)\s*(>=|<=|!=|=|>|<)\s*(.*?)\s*$/.exec(text);
  if (!m) throw badParam('filter', `Could not parse filter term "${text.trim()}".`);
  const prop = m[1] as string;
  const op = m[2] as Op;
  let value = (m[3] as string).replace(/^["']|["']$/g, '');
  const spec = allowed[prop];
  if (!spec) throw badParam('filter', `Filtering on "${prop}" is not supported; use ${Object.keys(allowed).join(', ')}.`);
  const kind = kindOf(spec);
  if (typeof spec !== 'string' && spec.ops && !spec.ops.includes(op)) {
    throw badParam('filter', `The operator ${op} does not apply to ${prop}; use ${spec.ops.join(' ')}.`);
  }
  if (typeof spec !== 'string' && spec.values && !spec.values.includes(value.trim())) {
    throw badParam('filter', `"${value.trim()}" is not a value of ${prop}; use ${spec.values.join(', ')}.`);
  }
  if (kind === 'date') {
    const ms = Date.parse(value);
    if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(ms)) throw badParam('filter', `"${value}" is not a valid datetime for ${prop}.`);
    return { prop, op, value: ms };
  }
  if (kind === 'int') {
    const n = Number(value);
    if (!Number.isInteger(n)) throw badParam('filter', `"${value}" is not an integer for ${prop}.`);
    return { prop, op, value: n };
  }
  if (op !== '=' && op !== '!=') throw badParam('filter', `Only = and != apply to ${prop}.`);
  value = value.trim();
  return { prop, op, value };
}
