import { ASSOCIATION_CAP } from '../extract/limits.ts';
import type { DirtyKind, DirtyMark } from '../state/dirty.ts';
import type { AssociationState } from '../transform/index.ts';

/** The state of an older-interface id array (`person_ids`, `organization_ids`): absent, or at the cap. */
export function v1AssociationState(ids: readonly number[] | null | undefined): AssociationState {
  if (ids === null || ids === undefined) return 'absent';
  return ids.length >= ASSOCIATION_CAP ? 'cut' : 'complete';
}

/**
 * The `*_links` mark a read leaves for one record (state/dirty.ts): every member absent or cut → the
 * record's set is not known, a single-record read is planned (the planner reads only marks, never
 * counts rows at the cap); every member complete → any waiting mark is settled. Mixed: the complete member was
 * written, the record still needs its single read for the other.
 */
export function linkMark(kind: Extract<DirtyKind, `${string}_links`>, id: number, states: readonly AssociationState[]): DirtyMark {
  return states.every((s) => s === 'complete') ? { kind, id, settled: true } : { kind, id };
}
