/**
 * PostgreSQL's upsert writer (`writeGroup`, ../upsert-group.ts): round trips and statement parsing dominate,
 * so each column travels as one array parameter and `unnest` turns the arrays back into rows: a few
 * parameters per statement, whatever the number of rows.
 */
import { sql } from 'kysely';
import { DEFAULT_PG_UPSERT_ROWS } from '../../../defaults.ts';
import { dynamic, type Trx } from '../../schema/dynamic-db.ts';
import type { ColumnKind } from '../../schema/table-specs.ts';
import { onConflict, type RowGroup } from '../upsert-group.ts';

/**
 * The PostgreSQL type of each kind: the types the migrations create (migrations/helpers.ts `columnTypes`);
 * test/integration/schema-registry.test.ts checks every declared column's type against its kind.
 */
const PG_TYPE: Readonly<Record<ColumnKind, string>> = {
  id: 'bigint',
  int: 'integer',
  real: 'double precision',
  text: 'text',
  ts: 'timestamptz',
  json: 'jsonb',
  bool: 'boolean',
};

/** Write the group in statements of DEFAULT_PG_UPSERT_ROWS rows, one array parameter per column. */
export async function writePostgres(trx: Trx, g: RowGroup): Promise<void> {
  for (let i = 0; i < g.rows.length; i += DEFAULT_PG_UPSERT_ROWS) {
    const chunk = g.rows.slice(i, i + DEFAULT_PG_UPSERT_ROWS);
    const arrays = g.columns.map((c) => {
      const kind = g.kinds[c];
      if (kind === undefined) throw new Error(`relsync: ${g.table}.${c} has no declared kind`);
      return sql`${sql.val(chunk.map((r) => r[c] ?? null))}::${sql.raw(PG_TYPE[kind])}[]`;
    });
    const rows = sql`select * from unnest(${sql.join(arrays)})`;
    await onConflict(
      dynamic(trx)
        .insertInto(g.table)
        .columns([...g.columns])
        .expression(rows),
      g,
    ).execute();
  }
}
