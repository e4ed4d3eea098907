/**
 * Warehouse-to-warehouse comparison: an incremental warehouse against a fresh full sync's of the same
 * tenant (dumps from warehouse-compare.ts `dumpWarehouse`), allowing only what history explains.
 */
import type { WarehouseTableName } from '../../src/load/schema/warehouse-tables.ts';
import { WAREHOUSE_TABLES } from '../../src/load/schema/table-specs.ts';
import type { ExpRow } from '../e2e/support/norm.ts';

export type Dump = Record<string, ExpRow[]>;

const short = (v: unknown) => {
  const t = JSON.stringify(v) ?? 'undefined';
  return t.length > 140 ? `${t.slice(0, 140)}…` : t;
};

/**
 * An option's colour comes only from the values that name it (docs/schema.md, `dropdown_options.color`:
 * "null until one is read"): the incremental runs read a value naming it that a mutation since changed,
 * so they know a colour a fresh sync has no value left to learn from.
 */
const learnedColour = (table: string, column: string, fresh: ExpRow) => table === 'dropdown_options' && column === 'color' && fresh[column] === null;

/**
 * Rows that differ between the incremental warehouse and a fresh full sync's (columns `ignored` says a
 * test's history explains aside). Rows only the incremental
 * warehouse has are expected when they are soft-deleted entity rows, or child rows of one (ids are
 * disjoint across record kinds, so any id column naming a soft-deleted record ties the row to it).
 */
export function dumpDifferences(inc: Dump, fresh: Dump, ignored?: (table: string, column: string, inc: ExpRow, fresh: ExpRow) => boolean): string[] {
  const deleted = new Set<string>();
  for (const [table, rows] of Object.entries(inc)) {
    if (WAREHOUSE_TABLES[table as WarehouseTableName].kind !== 'entity') continue;
    for (const r of rows) if (r._deleted_at !== null && typeof r.id === 'number') deleted.add(String(r.id));
  }
  const out: string[] = [];
  for (const table of Object.keys(fresh)) {
    const spec = WAREHOUSE_TABLES[table as WarehouseTableName];
    const key = (r: ExpRow) => spec.pk.map((c) => String(r[c])).join('/');
    const a = new Map((inc[table] ?? []).map((r) => [key(r), r]));
    const e = new Map((fresh[table] ?? []).map((r) => [key(r), r]));
    const lines: string[] = [];
    for (const [k, er] of e) {
      const ar = a.get(k);
      if (!ar) {
        lines.push(`${k}: missing after the incremental runs`);
        continue;
      }
      // A record merged away before the fresh sync first ran is, there, only the merge's row (id, survivor,
      // merge time): the record itself was never read. The incremental warehouse read it before the merge.
      const mergedUnread = er._raw === null && er.merged_into_id !== null && er.merged_into_id !== undefined && er._deleted_at !== null;
      const compared = mergedUnread ? ['merged_into_id', '_deleted_at'] : Object.keys(er);
      const cols = compared.filter(
        (c) => er[c] !== ar[c] && JSON.stringify(er[c]) !== JSON.stringify(ar[c]) && !learnedColour(table, c, er) && !ignored?.(table, c, ar, er),
      );
      if (cols.length) lines.push(`${k}: ${cols.map((c) => `${c} ${short(ar[c])} vs fresh ${short(er[c])}`).join('; ')}`);
    }
    for (const [k, ar] of a) {
      if (e.has(k)) continue;
      const tied =
        spec.kind === 'entity' ? ar._deleted_at !== null : Object.entries(spec.columns).some(([c, kind]) => kind === 'id' && deleted.has(String(ar[c])));
      if (!tied) lines.push(`${k}: only after the incremental runs, live: ${short(ar)}`);
    }
    if (lines.length) out.push(`${table}: ${lines.length} row(s) differ; first 4:\n    ${lines.slice(0, 4).join('\n    ')}`);
  }
  return out;
}
