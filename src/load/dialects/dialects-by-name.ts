/** The dialect objects by name: `dialectOf(db.dialect)` is how code asks what its dialect does (warehouse-dialect.ts). */
import type { DialectName } from './dialect-name.ts';
import { POSTGRES_WAREHOUSE } from './pg/pg-driver.ts';
import { SQLITE_WAREHOUSE } from './sqlite/sqlite-driver.ts';
import type { WarehouseDialect } from './warehouse-dialect.ts';

const DIALECTS: Readonly<Record<DialectName, WarehouseDialect>> = { sqlite: SQLITE_WAREHOUSE, postgres: POSTGRES_WAREHOUSE };

export function dialectOf(name: DialectName): WarehouseDialect {
  return DIALECTS[name];
}
