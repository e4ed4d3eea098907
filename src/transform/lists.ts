import { emptyBatch, type RowBatch } from '../load/schema/row-batch.ts';
import type { V1List, V2List, V2ListEntryWithEntity, V2SavedView } from '../extract/schemas/index.ts';
import { listEntryFieldValuesReplace, type FieldSelection } from './field-values.ts';
import { addOptionColours, fieldsOptionColours } from './option-colours.ts';
import { joinOpportunity } from './opportunities.ts';
import { addUpsert, rawJson, single, v1EntityTypeName } from './rows.ts';
import { normalizeTimestamp } from './timestamps.ts';

/** Lists, list entries and saved views (v2 and v1) → `lists`, `list_entries`, `saved_views` rows. */

/** `/v2/lists` item. `size` is v1-only and left untouched. */
export function v2ListRows(list: V2List, raw?: unknown): RowBatch {
  return single('lists', {
    id: list.id,
    name: list.name,
    type: list.type,
    is_public: list.isPublic ?? null,
    owner_id: list.ownerId ?? null,
    creator_id: list.creatorId ?? null,
    created_at: list.createdAt === undefined ? undefined : normalizeTimestamp(list.createdAt),
    _raw: rawJson(raw, list),
  });
}

/** v1 `GET /lists` / `GET /lists/{id}` item: type 0/1/8 → person/company/opportunity, `list_size` → size. */
export function v1ListRows(list: V1List, raw?: unknown): RowBatch {
  return single('lists', {
    id: list.id,
    name: list.name,
    type: v1EntityTypeName(list.type) ?? `v1-${list.type}`,
    is_public: list.public ?? null,
    owner_id: list.owner_id ?? null,
    creator_id: list.creator_id ?? null,
    size: list.list_size ?? undefined,
    _raw: rawJson(raw, list),
  });
}

/**
 * `/v2/lists/{listId}/list-entries` item → list_entries row + the entry's field values (replaced per
 * entry; see `listEntryFieldValuesReplace`). Opportunity entries go through `joinOpportunity`, which
 * also writes the opportunity row and its associations from the entry's fields.
 */
export function v2ListEntryRows(entry: V2ListEntryWithEntity, raw?: unknown, opts: FieldSelection = {}): RowBatch {
  if (entry.type === 'opportunity') {
    return joinOpportunity({ listEntry: entry, raw: { listEntry: raw }, fieldsRequested: opts.fieldsRequested ?? false });
  }
  const b = emptyBatch();
  addUpsert(b, 'list_entries', {
    id: entry.id,
    list_id: entry.listId,
    entity_type: entry.type,
    entity_id: entry.entity.id,
    created_at: normalizeTimestamp(entry.createdAt),
    creator_id: entry.creatorId ?? null,
    _raw: rawJson(raw, entry),
  });
  const fv = listEntryFieldValuesReplace(
    entry.entity.fields,
    {
      entityType: entry.type,
      entityId: entry.entity.id,
      listEntryId: entry.id,
      listId: entry.listId,
    },
    opts,
  );
  if (fv) b.replace.push(fv);
  addOptionColours(b, fieldsOptionColours(entry.entity.fields));
  return b;
}

/** `/v2/lists/{listId}/saved-views` item; the list id comes from the request path when the record lacks it. */
export function savedViewRows(view: V2SavedView, listId: number | null, raw?: unknown): RowBatch {
  return single('saved_views', {
    id: view.id,
    list_id: view.listId ?? listId,
    name: view.name,
    type: view.type ?? null,
    created_at: normalizeTimestamp(view.createdAt ?? null),
    _raw: rawJson(raw, view),
  });
}
