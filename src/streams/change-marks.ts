import type { DirtyMark } from '../state/dirty.ts';

/** What a change names for re-reading: the list entry for list fields, else the company or person. */
export function changeMark(
  entityType: string | null | undefined,
  entityId: number,
  listEntryId: number | null | undefined,
  listId: number | null | undefined,
): DirtyMark | null {
  if (listEntryId) return { kind: 'list_entry', id: listEntryId, listId: listId ?? null };
  if (entityType === 'company' || entityType === 'organization') return { kind: 'company', id: entityId };
  if (entityType === 'person') return { kind: 'person', id: entityId };
  return null;
}
