/**
 * Rows a write took away, for the caller that asks about a table (runner/leaving-marks.ts): of a child table,
 * the rows a replace deleted from its owners and did not write again; of an entity table, the rows a soft
 * delete marked. Only the tables asked about cost anything: one select of the owners' rows per replace set.
 */
import type { Row } from '../schema/row-batch.ts';

/** The tables to report removals of, each with the columns to report (beside its primary key). */
export type RemovalWatch = ReadonlyMap<string, readonly string[]>;

/** Rows removed from `table`; `scope`: the columns that named their owners (a replace's scope, a soft delete's). */
export interface RemovedRows {
  table: string;
  scope: readonly string[];
  rows: readonly Row[];
}
