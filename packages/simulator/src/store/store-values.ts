/**
 * Field value access over the store: generated baseline + written overrides, change logging on writes,
 * enumeration for tests, and the derived v1 field-value ids.
 */
import { ID_BASE } from './store-support.ts';
import type { SimStore } from './store.ts';
import type { EntityType, FieldValue, FieldValueRecord, SimField, ChangeAction } from './store-types.ts';

export type RowSpace = 'person' | 'company' | 'opportunity' | 'listEntry';

export function rowSpace(field: SimField): RowSpace {
  return field.listId === null ? field.entityType : 'listEntry';
}

export function isMulti(field: SimField): boolean {
  return field.valueType.endsWith('-multi');
}

function cellKey(field: SimField, rowKey: number): string {
  return `${field.key}|${rowKey}`;
}

/** The current value of one cell (null = empty). rowKey: entity id, or list entry id for list fields. */
export function getCell(store: SimStore, field: SimField, rowKey: number): FieldValue | null {
  if (field.association) return associationValue(store, field, rowKey);
  const o = store.overrides.get(cellKey(field, rowKey));
  if (o) return o.value;
  if (rowKey > store.generatedMax[rowSpace(field)]) return null;
  return store.source.baseline(field, rowKey);
}

/** created_at / updated_at of a cell for the older interface. */
export function cellTimes(store: SimStore, field: SimField, rowKey: number): { createdAt: string; updatedAt: string } {
  const o = store.overrides.get(cellKey(field, rowKey));
  if (o) return { createdAt: o.createdAt, updatedAt: o.updatedAt };
  return store.source.baselineTimes(field, rowKey);
}

/**
 * Association fields are list fields (generate-fields.ts): the row is a list entry, the value the ids its
 * entity is associated with (persons / companies of an opportunity, companies of a person), all of them;
 * renderers cut what the service cuts.
 */
function associationValue(store: SimStore, field: SimField, rowKey: number): FieldValue | null {
  const entry = store.listEntries.get(rowKey);
  if (!entry) return null;
  let ids: number[] | undefined;
  if (entry.entityType === 'opportunity') {
    const opp = store.opportunities.get(entry.entityId);
    ids = field.id === 'persons' ? opp?.personIds : opp?.companyIds;
  } else if (entry.entityType === 'person' && field.id === 'companies') {
    ids = store.persons.get(entry.entityId)?.companyIds;
  } else if (entry.entityType === 'company' && field.id === 'persons') {
    ids = store.companies.get(entry.entityId)?.personIds;
  }
  if (!ids || ids.length === 0) return null;
  return { type: field.valueType, data: ids.map((id) => ({ id })) };
}

export interface CellWrite {
  field: SimField;
  entityType: EntityType;
  entityId: number;
  listEntryId: number | null;
  value: FieldValue | null;
  changerId: number | null;
  /** Timestamp to record; defaults to the store clock. */
  at?: string;
}

/** Write one cell; appends field value changes when the field tracks changes. Returns the actions logged. */
export function setCell(store: SimStore, w: CellWrite): ChangeAction[] {
  const { field } = w;
  const rowKey = field.listId === null ? w.entityId : (w.listEntryId as number);
  const before = getCell(store, field, rowKey);
  const at = w.at ?? store.now();
  const value = normaliseEmpty(w.value);
  const prev = store.overrides.get(cellKey(field, rowKey));
  const createdAt = prev?.createdAt ?? (before ? cellTimes(store, field, rowKey).createdAt : at);
  store.overrides.set(cellKey(field, rowKey), { value, createdAt, updatedAt: at });
  if (!field.trackChanges) return [];
  const actions: ChangeAction[] = [];
  const log = (actionType: ChangeAction, v: FieldValue) => {
    actions.push(actionType);
    store.appendChange({
      fieldKey: field.key,
      entityType: w.entityType,
      entityId: w.entityId,
      listEntryId: field.listId === null ? null : w.listEntryId,
      actionType,
      changedAt: at,
      changerId: w.changerId,
      value: v,
    });
  };
  if (isMulti(field)) {
    const oldEls = elements(before);
    const newEls = elements(value);
    const oldKeys = oldEls.map((e) => JSON.stringify(e));
    const newKeys = newEls.map((e) => JSON.stringify(e));
    oldEls.forEach((e, i) => {
      if (!newKeys.includes(oldKeys[i] as string)) log('delete', { type: field.valueType, data: e });
    });
    newEls.forEach((e, i) => {
      if (!oldKeys.includes(newKeys[i] as string)) log('add', { type: field.valueType, data: e });
    });
  } else if (before === null && value !== null) {
    log('add', value);
  } else if (before !== null && value === null) {
    log('delete', before);
  } else if (before !== null && value !== null && JSON.stringify(before.data) !== JSON.stringify(value.data)) {
    log('update', value);
  }
  return actions;
}

/** Empty arrays and null data both mean "no value". */
function normaliseEmpty(v: FieldValue | null): FieldValue | null {
  if (!v) return null;
  if (v.data === null || v.data === undefined) return null;
  if (Array.isArray(v.data) && v.data.length === 0) return null;
  return v;
}

/** The elements of a value: the array of a -multi value, or the single datum. */
export function elements(v: FieldValue | null): unknown[] {
  if (!v || v.data === null || v.data === undefined) return [];
  return Array.isArray(v.data) ? v.data : [v.data];
}

/** All values of one entity: its own (non-list) fields and the list fields of each of its list entries. */
export function fieldValuesOfEntity(store: SimStore, entityType: EntityType, entityId: number): FieldValueRecord[] {
  const out: FieldValueRecord[] = [];
  for (const f of store.fieldsByEntity.get(entityType) ?? []) {
    if (f.association) continue;
    const v = getCell(store, f, entityId);
    if (v) out.push({ fieldKey: f.key, fieldId: f.id, entityType, entityId, listEntryId: null, value: v });
  }
  for (const e of store.entriesOf(entityType, entityId)) out.push(...fieldValuesOfEntry(store, e.id));
  return out;
}

/** Values of the list-specific fields of one list entry. */
export function fieldValuesOfEntry(store: SimStore, listEntryId: number): FieldValueRecord[] {
  const e = store.listEntries.get(listEntryId);
  if (!e) return [];
  const out: FieldValueRecord[] = [];
  for (const f of store.fieldsByList.get(e.listId) ?? []) {
    if (f.association) continue;
    const v = getCell(store, f, e.id);
    if (v) out.push({ fieldKey: f.key, fieldId: f.id, entityType: e.entityType, entityId: e.entityId, listEntryId: e.id, value: v });
  }
  return out;
}

/** Every stored (non-association) value in the store, in a stable order. */
export function* iterFieldValues(store: SimStore): Generator<FieldValueRecord> {
  const spaces: Array<[EntityType, readonly number[]]> = [
    ['company', store.idx.companies.values()],
    ['person', store.idx.persons.values()],
    ['opportunity', store.idx.opportunities.values()],
  ];
  for (const [entityType, ids] of spaces) {
    for (const id of ids) {
      for (const f of store.fieldsByEntity.get(entityType) ?? []) {
        if (f.association) continue;
        const v = getCell(store, f, id);
        if (v) yield { fieldKey: f.key, fieldId: f.id, entityType, entityId: id, listEntryId: null, value: v };
      }
    }
  }
  for (const [, entryIds] of [...store.entriesByList.entries()].sort((a, b) => a[0] - b[0])) {
    for (const id of entryIds.values()) yield* fieldValuesOfEntry(store, id);
  }
}

// ---- v1 field value ids: derived from (field ordinal, row, element) so they need no storage ----
const ROW_MOD = 100_000_000;
const ELEMS = 64;
const FIELD_MUL = 10_000_000_000;

export function v1FieldValueId(field: SimField, rowKey: number, elem: number): number {
  return field.ordinal * FIELD_MUL + (rowKey % ROW_MOD) * ELEMS + elem;
}

export function decodeV1FieldValueId(store: SimStore, id: number): { field: SimField; rowKey: number; elem: number } | null {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const field = store.fieldsByOrdinal.get(Math.floor(id / FIELD_MUL));
  if (!field) return null;
  const rem = id % FIELD_MUL;
  const rowKey = ID_BASE[rowSpace(field)] + Math.floor(rem / ELEMS);
  return { field, rowKey, elem: rem % ELEMS };
}

export const MAX_V1_ELEMENTS = ELEMS;

// ---- by field key, for tests and benches (HTTP writes go through getCell / setCell the same way) ----

/** Current value of a field on an entity (listEntryId for list fields), null when empty. */
export function getFieldValue(store: SimStore, fieldKey: string, entityId: number, listEntryId: number | null = null): FieldValue | null {
  const f = store.fields.get(fieldKey);
  if (!f) throw new Error(`unknown field ${fieldKey}`);
  return getCell(store, f, f.listId === null ? entityId : (listEntryId as number));
}

/** Write a value (null clears) exactly as an API write would, logging changes on tracked fields. */
export function updateFieldValue(
  store: SimStore,
  fieldKey: string,
  entityId: number,
  listEntryId: number | null,
  value: FieldValue | null,
  changerId: number | null = null,
): void {
  const f = store.fields.get(fieldKey);
  if (!f) throw new Error(`unknown field ${fieldKey}`);
  const entityType = f.listId === null ? f.entityType : (store.listEntries.get(listEntryId as number)?.entityType ?? f.entityType);
  setCell(store, { field: f, entityType, entityId, listEntryId: f.listId === null ? null : listEntryId, value, changerId });
}
