import { expect } from 'vitest';
import type { ChildTableName, ReplaceSet, ReplaceSetOf } from '../../src/load/schema/row-batch.ts';

/**
 * A batch's replace set seen with its own table's row type. `RowBatch.replace` holds sets of every
 * child table (a union), so reading a column needs the table: this checks it, then narrows.
 */
export function setOf<T extends ChildTableName>(set: ReplaceSet | undefined, table: T): ReplaceSetOf<T> {
  expect(set?.table).toBe(table);
  return set as unknown as ReplaceSetOf<T>;
}
