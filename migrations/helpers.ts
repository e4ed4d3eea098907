import { PostgresAdapter, sql, type Kysely, type ColumnDataType, type Expression } from 'kysely';

/**
 * Column types that read the same on both dialects: ids are int64 (bigint), timestamps are
 * timestamptz on PostgreSQL and ISO-8601 UTC text on SQLite, JSON is jsonb / text, booleans are
 * boolean / 0-1 integers. Migrations use these so one file serves both warehouses.
 */
export interface ColumnTypes {
  id: ColumnDataType;
  ts: ColumnDataType;
  json: ColumnDataType;
  bool: ColumnDataType;
  text: ColumnDataType;
  int: ColumnDataType;
  real: ColumnDataType | Expression<unknown>;
  isPostgres: boolean;
}

// Migrations see an untyped database: the schema is what they create.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;

export function columnTypes(db: AnyDb): ColumnTypes {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return {
    id: 'bigint',
    ts: isPostgres ? 'timestamptz' : 'text',
    json: isPostgres ? 'jsonb' : 'text',
    bool: isPostgres ? 'boolean' : 'integer',
    text: 'text',
    int: 'integer',
    real: isPostgres ? sql`double precision` : 'real',
    isPostgres,
  };
}
