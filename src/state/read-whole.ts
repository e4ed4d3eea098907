import type { Trx } from '../load/schema/dynamic-db.ts';
import type { DirtyKind } from './dirty.ts';
import { stampKeys } from './stamps.ts';

/** Sets an `ids` read remembers the read time of without consuming marks (IdsRead.remembers). */
export type ReadWholeKind = 'transcript_fragments';

/** Association sets a single read settles, whose read time relevance tiers schedule by (planner/tiers.ts). */
export function tracksReadWhole(kind: DirtyKind): kind is 'company_links' | 'person_links' {
  return kind === 'company_links' || kind === 'person_links';
}

/** Remember that these records' sets were read whole at `now` (in the transaction that wrote them). */
export async function noteReadWhole(trx: Trx, kind: DirtyKind, ids: readonly number[], now: string): Promise<void> {
  if (tracksReadWhole(kind)) await noteRead(trx, kind, ids, now);
}

/** Remember that these records' `kind` sets were read at `now` (an association set, or what an `ids` read remembers). */
export async function noteRead(trx: Trx, kind: ReadWholeKind | 'company_links' | 'person_links', ids: readonly number[], now: string): Promise<void> {
  await stampKeys(
    trx,
    'sync_read_whole',
    ids.map((id) => ({ kind, id })),
    now,
  );
}
