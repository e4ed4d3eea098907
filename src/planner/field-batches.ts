import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { DEFAULT_FILTER_QUERY_MAX } from '../defaults.ts';
import type { PlanContext } from './context.ts';

/** The widest instant a change-log mark renders as (`sinceFilter`: whole seconds, UTC). */
const WIDEST_MARK = '2000-01-01T00:00:00Z';

/**
 * The change-log filter for a batch of field ids: one `|` branch per field (docs/contract.md §7.9: "combine with
 * `|` and `&`", `&` binding tighter), each with the high-water mark when there is one, since the seed wants every
 * branch of the global listing to name a field.
 */
export function fieldBatchFilter(fieldIds: readonly string[], since: string | undefined): string {
  return fieldIds.map((id) => (since ? `field.id=${id}&changedAt>=${since}` : `field.id=${id}`)).join('|');
}

/** Length of `filter=<value>` on the wire (the pager percent-encodes the value). */
export function encodedFilterLength(filter: string): number {
  return 'filter='.length + encodeURIComponent(filter).length;
}

/**
 * Split field ids (in the order given) into as few batches as fit: each batch's filter, with a mark
 * on every branch, stays within `maxQuery` encoded characters. A single id that alone is too long still
 * gets a batch of its own (the service answers for it; nothing is dropped).
 */
export function batchFieldIds(fieldIds: readonly string[], maxQuery: number = DEFAULT_FILTER_QUERY_MAX): string[][] {
  const batches: string[][] = [];
  let current: string[] = [];
  for (const id of fieldIds) {
    const candidate = [...current, id];
    if (current.length > 0 && encodedFilterLength(fieldBatchFilter(candidate, WIDEST_MARK)) > maxQuery) {
      batches.push(current);
      current = [id];
    } else {
      current = candidate;
    }
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

export interface FieldBatchParams {
  fieldIds: string[];
}

/** A stable key for a batch: the same fields give the same key (and checkpoint); another set starts afresh. */
export function batchKey(fieldIds: readonly string[]): string {
  const hash = createHash('sha256').update(fieldIds.join(',')).digest('hex').slice(0, 10);
  return `${fieldIds[0] ?? ''}..${fieldIds[fieldIds.length - 1] ?? ''}#${fieldIds.length}-${hash}`;
}

/** Change-tracked fields of the warehouse (live), in id order, batched for the filtered change log. */
export async function trackedFieldBatches(
  ctx: PlanContext,
  maxQuery: number = DEFAULT_FILTER_QUERY_MAX,
): Promise<Array<{ key: string; params: FieldBatchParams }>> {
  const rows = await sql<{ id: string }>`
    select id from fields where _deleted_at is null and cast(track_changes as integer) = 1 order by id`.execute(ctx.db.kysely);
  return batchFieldIds(
    rows.rows.map((r) => r.id),
    maxQuery,
  ).map((ids) => ({ key: batchKey(ids), params: { fieldIds: ids } }));
}
