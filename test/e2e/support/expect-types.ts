import type { WarehouseTableName } from '../../../src/load/schema-warehouse.ts';
import type { Cell, ExpRow } from './norm.ts';

/**
 * An expected cell that may legitimately be one of several values: e.g. a `fields` column whose id is
 * shared by several upstream definitions (`affinity-data-location` on companies AND persons) while the
 * warehouse keys `fields` by id alone, so whichever definition was written last is stored.
 */
export class AnyOf {
  constructor(readonly options: readonly Cell[]) {}
}

/** An expected cell given by a rule rather than one value (e.g. history rows rendered when first read). */
export class Satisfies {
  constructor(readonly describe: string, readonly test: (actual: unknown) => boolean) {}
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
   * Child tables: rows whose owner no longer exists upstream are not compared; they must hang off a
   * soft-deleted parent row instead (docs/warehouse.md: children are kept with their deleted parent).
   */
  owner?: { live: (row: ExpRow) => boolean; parent: (row: ExpRow) => ParentRef };
  /** Entity tables: an extra check of each soft-deleted row (e.g. `merged_into_id`); returns a problem or null. */
  deletedCheck?: (row: ExpRow) => string | null;
}

/** Columns the chosen sources cannot fill (documented in the report; expected null). */
export const SOURCE_GAPS: ReadonlyArray<[string, string]> = [
  ['notes.transcript_id', 'notes come from v1 GET /notes (500 a call), which has no transcriptId'],
  ['transcripts.note_id', 'the simulator\'s /v2/transcripts records carry no note reference'],
  ['webhooks.created_at/updated_at', 'webhooks come from v1 GET /webhook, which has no timestamps'],
  ['users.type', 'the simulator\'s /v2/users records carry no type'],
  ['fields.* of shared ids', 'fields is keyed by id alone; ids such as affinity-data-location, first-email, persons and companies name several definitions'],
];
