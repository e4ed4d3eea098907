import type { RowBatch } from '../load/schema/row-batch.ts';

/**
 * A completed merge re-keys the duplicate's rows to the survivor in the page's transaction. The time
 * recorded is the service's (completion, else start); epoch marks a merge the service gave no time for.
 */
export function withMergeOp(
  rows: RowBatch,
  m: { status?: string | null; completedAt?: string | null; startedAt?: string | null },
  entityType: 'company' | 'person',
  duplicateId: number,
  survivorId: number,
): RowBatch {
  if (m.status === 'success') {
    (rows.merges ??= []).push({ entityType, duplicateId, survivorId, mergedAt: m.completedAt ?? m.startedAt ?? new Date(0).toISOString() });
  }
  return rows;
}
