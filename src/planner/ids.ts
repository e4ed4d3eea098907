import { dirtyIds, liveDirtyIds, type DirtyKind } from '../state/dirty.ts';
import type { PlanContext } from './context.ts';
import type { IdChunks } from './id-chunks.ts';

/** Ids the change log (or a read lacking a member) marked with `kind`, of one list when given; in a hint run, only the hints' own. */
export function markedIds(ctx: PlanContext, kind: DirtyKind, listId?: number): IdChunks {
  return (after, limit) => dirtyIds(ctx.db.kysely, kind, { after, limit }, { listId, hintedSince: ctx.hintedSince });
}

/** Marked ids whose record is live in the warehouse (a gone record's mark is never read); in a hint run, only the hints' own. */
export function liveMarkedIds(ctx: PlanContext, kind: DirtyKind): IdChunks {
  return (after, limit) => liveDirtyIds(ctx.db.kysely, kind, { after, limit }, ctx.hintedSince);
}
