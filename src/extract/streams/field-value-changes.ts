import { sql } from 'kysely';
import { v1FieldValueChangeSchema, v2FieldValueChangeSchema, type V1FieldValueChange, type V2FieldValueChange } from '../schemas/index.ts';
import { applyChange, multiCellEdit, normalizeTimestamp, v1FieldValueChangeRows, v2FieldValueChangeRows } from '../../transform/index.ts';
import { mergeBatch } from '../../load/batch.ts';
import type { DirtyMark } from '../../state/dirty.ts';
import { sinceFilter } from '../feed.ts';
import { defineStream, type Partition, type StreamContext } from '../stream.ts';
import { perRecord } from './common.ts';

/** What a change names for re-reading: the list entry for list fields, else the company or person. */
export function changeMark(entityType: string | null | undefined, entityId: number, listEntryId: number | null | undefined, listId: number | null | undefined): DirtyMark | null {
  if (listEntryId) return { kind: 'list_entry', id: listEntryId, listId: listId ?? null };
  if (entityType === 'company' || entityType === 'organization') return { kind: 'company', id: entityId };
  if (entityType === 'person') return { kind: 'person', id: entityId };
  return null;
}

/**
 * The org-wide change log, followed from its high-water mark (changedAt, id), ascending. Every change
 * is stored (the history is a product) and marks its record for a targeted re-read.
 */
export const fieldValueChangesStream = defineStream({
  name: 'field_value_changes',
  description: 'field value change log, from the last change seen (GET /v2/field-value-changes)',
  group: 'other',
  minApiVersion: '2026-07-15',
  request: () => ({ path: '/v2/field-value-changes', query: { limit: 100 }, paginator: 'v2' }),
  highWater: {
    only: true,
    ordered: true,
    request: (hw) => {
      const filter = sinceFilter('changedAt', hw);
      return { path: '/v2/field-value-changes', query: { limit: 100, ...(filter ? { filter } : {}) }, paginator: 'v2' };
    },
    position: (c: V2FieldValueChange) => ({ at: c.changedAt, id: c.id }),
  },
  schema: v2FieldValueChangeSchema,
  // Every change is stored; a single-valued one is also applied to its cell (no re-read needed).
  transform: perRecord((c, raw, p) => {
    const b = v2FieldValueChangeRows(c, raw);
    if (p.params.initialRead) return b;
    const applied = applyChange(c);
    if (applied) return mergeBatch(b, applied);
    const edit = multiCellEdit(c);
    if (edit) (b.cellEdits ??= []).push(edit);
    return b;
  }),
  // What could not be applied is marked for a targeted re-read.
  marks: (changes, p) => changes.flatMap((c) => {
    const m = changeMark(c.field.entityType, c.entity.id, c.listEntry?.id, c.listEntry?.listId);
    if (!m) return [];
    // Applied from the log: the record itself is read only if the warehouse does not have it yet.
    const applied = !p.params.initialRead && (applyChange(c) !== null || multiCellEdit(c) !== null);
    return [applied ? { ...m, ifMissing: true } : m];
  }),
});

async function trackedFields(ctx: StreamContext): Promise<Partition[]> {
  const rows = await sql<{ id: string; v1_id: number; entity_type: string | null; list_id: number | null; value_type: string }>`
    select id, v1_id, entity_type, list_id, value_type from fields
    where v1_id is not null and _deleted_at is null and (track_changes = true or track_changes = 1) order by v1_id`.execute(ctx.db.kysely);
  return rows.rows.map((f) => ({
    key: f.id,
    params: { v1Id: Number(f.v1_id), entityType: f.entity_type ?? '', listId: f.list_id ?? 0, valueType: f.value_type },
  }));
}

/**
 * Below API version 2026-07-15 there is no org-wide listing: one older call per change-tracked field,
 * filtered here by the field's own high-water mark.
 */
export const fieldValueChangesV1Stream = defineStream({
  name: 'field_value_changes_v1',
  description: 'field value changes per tracked field, for API versions before 2026-07-15 (GET /field-value-changes)',
  group: 'other',
  enabled: (config) => config.apiVersion < '2026-07-15',
  dependsOn: ['fields', 'fields_v1'],
  partitions: trackedFields,
  request: (p) => ({ path: '/field-value-changes', query: { field_id: Number(p.params.v1Id) }, paginator: 'v1-array', endpoint: 'GET /field-value-changes' }),
  highWater: {
    only: true,
    ordered: false,
    request: (_hw, p) => ({ path: '/field-value-changes', query: { field_id: Number(p.params.v1Id) }, paginator: 'v1-array', endpoint: 'GET /field-value-changes' }),
    position: (c: V1FieldValueChange) => {
      const at = normalizeTimestamp(c.changed_at);
      return at ? { at, id: c.id } : null;
    },
  },
  schema: v1FieldValueChangeSchema,
  transform: perRecord((c, raw, p) => v1FieldValueChangeRows(c, {
    entityType: (p.params.entityType || null) as 'company' | 'person' | 'opportunity' | null,
    valueType: String(p.params.valueType),
    listId: Number(p.params.listId) || null,
  }, raw)),
  marks: (changes, p) => changes.flatMap((c) => {
    const m = changeMark(String(p.params.entityType), c.entity_id, c.list_entry_id, Number(p.params.listId) || null);
    return m ? [m] : [];
  }),
});
