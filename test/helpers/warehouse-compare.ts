/**
 * Compare EVERY warehouse table with the simulator's store, exactly: live rows must equal the store's
 * records (keys and contents), rows gone upstream must be soft-deleted (entity tables) or gone with
 * their parent (child tables). Representation differences are normalised first (timestamps to
 * ISO UTC ms, SQLite 0/1 to booleans, JSON text parsed). Failures name the table and show the first 5
 * mismatches of each.
 */
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../../src/load/db.ts';
import type { WarehouseTableName } from '../../src/load/schema/warehouse-tables.ts';
import { storableJsonValue } from '../../src/load/write/storable-text.ts';
import { WAREHOUSE_TABLES, type TableSpec } from '../../src/load/schema/table-specs.ts';
import type { ContractName, SimStore } from '@relsync/simulator';
import { Satisfies, type TableExpectation } from '../e2e/support/expect-types.ts';
import { coreExpectations } from '../e2e/support/expected-core.ts';
import { fieldValuesExpectation } from '../e2e/support/expected-values.ts';
import { dropdownOptionsExpectation } from '../e2e/support/expected-options.ts';
import { activityExpectations } from '../e2e/support/expected-activity.ts';
import { duplicatesExpectation } from '../e2e/support/expected-duplicates.ts';
import { keyOf, normCell, show, type ExpRow } from '../e2e/support/norm.ts';

export { SOURCE_GAPS } from '../e2e/support/expect-types.ts';

const DETAIL_LINES = 5;

export interface CompareResult {
  problems: string[];
  /** Soft-deleted rows per entity table (normalised), for tests that check what deletion kept. */
  deleted: Partial<Record<WarehouseTableName, ExpRow[]>>;
  /** Rows per table: expected live, live in the warehouse, soft-deleted in the warehouse. */
  counts: Partial<Record<WarehouseTableName, { expected: number; live: number; deleted: number }>>;
}

/** Every row of a table, normalised by column kind and sorted by primary key. */
export async function readTable(db: Db, table: WarehouseTableName, omit: readonly string[] = []): Promise<ExpRow[]> {
  const spec: TableSpec = WAREHOUSE_TABLES[table];
  const r = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db.kysely);
  const columns = Object.entries(spec.columns).filter(([col]) => !omit.includes(col));
  const rows = r.rows.map((raw) => {
    const out: ExpRow = {};
    for (const [col, kind] of columns) out[col] = normCell(kind, raw[col]);
    return { row: out, key: keyOf(out, spec.pk) };
  });
  // Each row's key computed once, not twice per comparison: the dumps and comparisons of the e2e files read
  // every table many times (field_values alone is over 10,000 rows), and this sort was a sizeable share of it.
  return rows.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map((x) => x.row);
}

/** Columns holding the run's clock: when a row was written, first stored, or found deleted. */
const RUN_CLOCK = ['_synced_at', '_deleted_seen_at', '_first_seen_at'];

/**
 * All warehouse tables, normalised, without the run's clock (RUN_CLOCK) or the other `omit` columns: for
 * warehouse-to-warehouse equality (two runs over the same data must leave every table identical).
 */
export async function dumpWarehouse(db: Db, omit: readonly string[] = []): Promise<Record<string, ExpRow[]>> {
  const out: Record<string, ExpRow[]> = {};
  for (const t of Object.keys(WAREHOUSE_TABLES) as WarehouseTableName[]) out[t] = await readTable(db, t, [...RUN_CLOCK, ...omit]);
  return out;
}

/** The store's values as the warehouse stores them (docs/warehouse.md "How text is stored": NUL and lone surrogates → U+FFFD). */
function cellMatches(expected: unknown, actual: unknown): boolean {
  if (expected instanceof Satisfies) return expected.test(actual);
  return isDeepStrictEqual(storableJsonValue(expected), actual);
}

function showExpected(v: unknown): string {
  if (v instanceof Satisfies) return v.describe;
  return show(v);
}

/** What the comparison needs of a simulator: its data, and the contract it served (which fields `/v2` shows). */
export interface SimData {
  store: SimStore;
  contract: ContractName;
}

export function storeExpectations(sim: SimData): TableExpectation[] {
  return [
    ...coreExpectations(sim.store, sim.contract),
    fieldValuesExpectation(sim.store),
    dropdownOptionsExpectation(sim.store),
    ...activityExpectations(sim.store),
    duplicatesExpectation(sim.store),
  ];
}

export async function compareWarehouseToStore(db: Db, sim: SimData): Promise<CompareResult> {
  const expectations = storeExpectations(sim);
  const result: CompareResult = { problems: [], deleted: {}, counts: {} };
  const uncovered = Object.keys(WAREHOUSE_TABLES).filter((t) => !expectations.some((e) => e.table === t));
  if (uncovered.length) result.problems.push(`no expectation for table(s) ${uncovered.join(', ')}: extend test/e2e/support`);
  // Entity tables first: child rows of vanished owners are checked against their parents' soft deletes.
  const ordered = [...expectations].sort((a, b) => Number(WAREHOUSE_TABLES[a.table].kind === 'child') - Number(WAREHOUSE_TABLES[b.table].kind === 'child'));
  const deletedKeys = new Map<string, Set<string>>();
  for (const t of ordered) {
    const spec = WAREHOUSE_TABLES[t.table];
    const actual = await readTable(db, t.table);
    const expected = new Map(t.rows.map((r) => [keyOf(r, t.key), r]));
    const lines: string[] = [];
    const tally = { missing: 0, extra: 0, differing: 0, other: 0 };
    const seen = new Set<string>();
    const deleted: ExpRow[] = [];
    let live = 0;
    for (const a of actual) {
      const k = keyOf(a, t.key);
      if (seen.has(k)) {
        tally.other++;
        lines.push(`${k}: duplicate key`);
        continue;
      }
      seen.add(k);
      const e = expected.get(k);
      if (spec.kind === 'entity' && a._deleted_at !== null) {
        if (e) {
          tally.other++;
          lines.push(`${k}: soft-deleted (${show(a._deleted_at)}) but live upstream`);
          continue;
        }
        deleted.push(a);
        const p = t.deletedCheck?.(a);
        if (p) {
          tally.other++;
          lines.push(`${k}: soft-deleted, but ${p}`);
        }
        continue;
      }
      if (spec.kind === 'child' && t.owner && !t.owner.live(a)) {
        // Child tables hold only rows of live parents: a soft delete takes the children along.
        const parent = t.owner.parent(a);
        const tombstone = deletedKeys.get(parent.table)?.has(parent.key) ? 'soft-deleted' : 'NOT soft-deleted';
        tally.other++;
        lines.push(`${k}: its owner ${parent.table} ${parent.key} is gone upstream (${tombstone} in the warehouse) but the row remains`);
        continue;
      }
      live++;
      if (!e) {
        tally.extra++;
        lines.push(`${k}: extra row ${show(Object.fromEntries(t.columns.map((c) => [c, a[c]])))}`);
        continue;
      }
      const diffs = t.columns.filter((c) => !cellMatches(e[c], a[c]));
      if (diffs.length) {
        tally.differing++;
        lines.push(`${k}: ${diffs.map((c) => `${c} expected ${showExpected(e[c])}, got ${show(a[c])}`).join('; ')}`);
      }
    }
    for (const [k, e] of expected) {
      if (!seen.has(k)) {
        tally.missing++;
        lines.push(`${k}: missing ${show(Object.fromEntries(t.columns.map((c) => [c, e[c]])))}`);
      }
    }
    if (spec.kind === 'entity') deletedKeys.set(t.table, new Set(deleted.map((r) => keyOf(r, spec.pk))));
    result.deleted[t.table] = deleted;
    result.counts[t.table] = { expected: t.rows.length, live, deleted: deleted.length };
    const n = tally.missing + tally.extra + tally.differing + tally.other;
    if (n > 0) {
      result.problems.push(
        `${t.table}: ${n} mismatch(es) (${tally.missing} missing, ${tally.extra} extra, ${tally.differing} differing, ${tally.other} other) ` +
          `against ${t.rows.length} expected rows; first ${Math.min(DETAIL_LINES, lines.length)}:\n    ${lines.slice(0, DETAIL_LINES).join('\n    ')}`,
      );
    }
  }
  return result;
}

/** Assert the warehouse equals the store (see the module comment); returns the comparison for further checks. */
export async function expectWarehouseMatchesStore(db: Db, sim: SimData): Promise<CompareResult> {
  const r = await compareWarehouseToStore(db, sim);
  expect(r.problems, `warehouse differs from the simulator's store:\n${r.problems.join('\n')}`).toEqual([]);
  return r;
}
