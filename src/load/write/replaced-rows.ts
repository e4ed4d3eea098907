/**
 * The rows of a child table that belong to a replace set's owners (their scope columns equal an owner's),
 * addressed in chunks the dialects accept: deleted by a replace, read first when it keeps columns.
 */
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { RowValue } from '../schema/row-batch.ts';
import type { WarehouseDialect } from '../dialects/warehouse-dialect.ts';
import { dynamic, type DynamicDb, type Trx } from '../schema/dynamic-db.ts';
import type { PreparedRow } from './upsert.ts';

// SQLite parses `a or b or c …` into a tree as deep as the list is long and refuses depth > 1000.
const MAX_OWNERS_PER_OR = 250;

type OwnerFilter = (eb: ExpressionBuilder<DynamicDb, string>) => Expression<SqlBool>;

type Present = Exclude<RowValue, null>;
const present = (v: RowValue | undefined): v is Present => v !== null && v !== undefined;

/** The scope column whose values differ most across the owners (the most selective index probe). */
function mostDistinct(scope: readonly string[], owners: readonly PreparedRow[]): string | undefined {
  let best: string | undefined;
  let bestCount = 0;
  for (const c of scope) {
    const n = new Set(owners.map((o) => o[c])).size;
    if (n > bestCount) {
      best = c;
      bestCount = n;
    }
  }
  return best;
}

/** One WHERE condition per chunk of owners; together they match exactly the owners' rows. */
function ownerFilters(dialect: WarehouseDialect, scope: readonly string[], owners: readonly PreparedRow[]): OwnerFilter[] {
  const filters: OwnerFilter[] = [];
  const single = scope.length === 1 ? scope[0] : undefined;
  if (single !== undefined) {
    const values = owners.map((o) => o[single]).filter(present);
    const size = dialect.paramLimit - 1;
    for (let i = 0; i < values.length; i += size) {
      const chunk = values.slice(i, i + size);
      filters.push((eb) => eb(single, 'in', chunk));
    }
    if (values.length < owners.length) filters.push((eb) => eb(single, 'is', null));
    return filters;
  }
  const match = (eb: ExpressionBuilder<DynamicDb, string>, c: string, v: RowValue | undefined): Expression<SqlBool> =>
    present(v) ? eb(c, '=', v) : eb(c, 'is', null);
  const size = Math.min(MAX_OWNERS_PER_OR, Math.floor(dialect.paramLimit / scope.length));
  for (let i = 0; i < owners.length; i += size) {
    const chunk = owners.slice(i, i + size);
    // An OR of ANDs alone makes both databases scan the whole table for every page (quadratic over a
    // sweep). Also constraining the scope column with the most distinct values by IN lets its index
    // (e.g. field_values.entity_id) find the candidate rows; the OR of ANDs then picks exactly.
    const key = mostDistinct(scope, chunk);
    const keyValues = key === undefined || !chunk.every((o) => present(o[key])) ? null : [...new Set(chunk.map((o) => o[key]).filter(present))];
    filters.push((eb) => {
      const exact = eb.or(chunk.map((o) => eb.and(scope.map((c) => match(eb, c, o[c])))));
      return key !== undefined && keyValues !== null ? eb.and([eb(key, 'in', keyValues), exact]) : exact;
    });
  }
  return filters;
}

/** Delete every row of `table` whose scope columns equal one of `owners`; returns rows deleted. */
export async function deleteOwned(
  trx: Trx,
  dialect: WarehouseDialect,
  table: string,
  scope: readonly string[],
  owners: readonly PreparedRow[],
): Promise<number> {
  let deleted = 0;
  for (const filter of ownerFilters(dialect, scope, owners)) {
    const r = await dynamic(trx).deleteFrom(table).where(filter).executeTakeFirst();
    deleted += Number(r.numDeletedRows);
  }
  return deleted;
}

/** The `columns` of every row of `table` whose scope columns equal one of `owners`. */
export async function selectOwned(
  trx: Trx,
  dialect: WarehouseDialect,
  table: string,
  scope: readonly string[],
  owners: readonly PreparedRow[],
  columns: readonly string[],
): Promise<PreparedRow[]> {
  const rows: PreparedRow[] = [];
  for (const filter of ownerFilters(dialect, scope, owners)) {
    rows.push(
      ...(await dynamic(trx)
        .selectFrom(table)
        .select([...columns])
        .where(filter)
        .execute()),
    );
  }
  return rows;
}
