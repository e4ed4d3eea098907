import type { Trx } from '../load/schema/dynamic-db.ts';
import type { RemovalWatch, RemovedRows } from '../load/write/removed-rows.ts';
import { STANDING_ROWS, TABLE_OF_SIDE, type TierSide } from '../planner/tiers.ts';
import type { DirtyMark } from '../state/dirty.ts';
import { DEFAULT_STATE_ROWS_PER_STATEMENT } from '../defaults.ts';

const STANDING = Object.values(STANDING_ROWS);

/** What a page's commit asks the loader to report removals of: the standing-signal tables, with the columns naming the record. */
export const LEAVING_WATCH: RemovalWatch = new Map(STANDING.map((r) => [r.table, r.side === 'entity_type' ? [r.column, r.side] : [r.column]] as const));

/**
 * The companies and persons the removed rows named, per side. Pure. A row removed from the record's own set (a
 * replace whose owner is the named record: a person's own read of its deals) says nothing new: that read is
 * the lookup, so it names no one.
 */
export function leavingIds(removed: readonly RemovedRows[]): Record<TierSide, number[]> {
  const out = { company: new Set<number>(), person: new Set<number>() };
  for (const set of removed)
    for (const s of STANDING) {
      if (s.table !== set.table || set.scope.includes(s.column)) continue;
      for (const r of set.rows) {
        const id = r[s.column];
        const side = s.side === 'entity_type' ? r.entity_type : s.side;
        if (typeof id === 'number' && (side === 'company' || side === 'person')) out[side].add(id);
      }
    }
  return { company: [...out.company], person: [...out.person] };
}

/**
 * A record hot by a standing signal loses it when the service deletes the record: the list entries sweep
 * soft-deletes its entries, a deal's read replaces its members without it, and the record, no longer hot, is
 * never re-read by id, so its deletion waited for the cold sweep (15 days; at medium 8 of 20 hot persons
 * deleted were still live 46 h later). So the record a removed row named gets a mark, in the page's
 * transaction: the next `*_changed` lookup asks for it (an id in a batch of 100), and a record it leaves out is
 * read alone and soft-deleted on a 404 a run apart (streams/persons-unseen.ts, companies-unseen.ts). One removed from a list but
 * alive is simply refreshed. Only records the warehouse holds live: any other mark would be asked for in vain.
 */
export async function leavingMarks(trx: Trx, removed: readonly RemovedRows[]): Promise<DirtyMark[]> {
  if (removed.length === 0) return [];
  const ids = leavingIds(removed);
  const marks: DirtyMark[] = [];
  for (const side of ['company', 'person'] as const) {
    const all = ids[side];
    for (let i = 0; i < all.length; i += DEFAULT_STATE_ROWS_PER_STATEMENT) {
      const rows = await trx
        .selectFrom(TABLE_OF_SIDE[side])
        .select('id')
        .where('id', 'in', all.slice(i, i + DEFAULT_STATE_ROWS_PER_STATEMENT))
        .where('_deleted_at', 'is', null)
        .execute();
      for (const r of rows) marks.push({ kind: side, id: Number(r.id) });
    }
  }
  return marks;
}
