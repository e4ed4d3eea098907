import type { WarehouseTableName } from '../../../src/load/schema/warehouse-tables.ts';
import type { ExpRow } from './norm.ts';

/** An expected cell given by a rule rather than one value (e.g. history rows rendered when first read). */
export class Satisfies {
  constructor(
    readonly describe: string,
    readonly test: (actual: unknown) => boolean,
  ) {}
}

export interface ParentRef {
  table: WarehouseTableName;
  key: string;
}

/** What one warehouse table must hold, built from the simulator's store. */
export interface TableExpectation {
  table: WarehouseTableName;
  key: readonly string[];
  /** Compared columns besides the key (everything meaningful; never `_raw` / `_synced_at`). */
  columns: readonly string[];
  /** Expected LIVE rows, normalised (see norm.ts). */
  rows: ExpRow[];
  /**
   * Child tables: which parent owns a row. A row whose owner no longer exists upstream must not be there
   * at all (docs/warehouse.md: child tables hold only rows of live parents; a soft delete removes them).
   */
  owner?: { live: (row: ExpRow) => boolean; parent: (row: ExpRow) => ParentRef };
  /** Entity tables: an extra check of each soft-deleted row (e.g. `merged_into_id`); returns a problem or null. */
  deletedCheck?: (row: ExpRow) => string | null;
}

/** Columns the chosen sources cannot fill (documented in the report; expected null). */
export const SOURCE_GAPS: ReadonlyArray<[string, string]> = [['users.type', "the simulator's /v2/users records carry no type"]];
