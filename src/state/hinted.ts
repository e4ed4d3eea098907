import type { Trx } from '../load/schema/dynamic-db.ts';
import type { DirtyMark } from './dirty.ts';
import { stampKeys } from './stamps.ts';

/**
 * Remember what a webhook hint marked, at `now` (in the transaction that marks it): relevance tiers count a
 * company or person a hint named within the hot window as hot (planner/tiers.ts), so it stays hot after the
 * hint run has consumed its mark; and the hint run reads only the sets its hints marked (planner/ids.ts),
 * not the backlog of link marks the entity sweeps left for the tiers.
 */
export async function noteHinted(trx: Trx, marks: readonly DirtyMark[], now: string): Promise<void> {
  await stampKeys(trx, 'sync_hinted', marks, now);
}
