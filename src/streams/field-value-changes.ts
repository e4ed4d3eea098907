import { V2_PAGE } from '../extract/limits.ts';
import { v2FieldValueChangeSchema, type V2FieldValueChange } from '../extract/schemas/index.ts';
import { mergeBatch } from '../load/schema/row-batch.ts';
import type { DirtyMark } from '../state/dirty.ts';
import { addOptionColours, applyChange, changeOptionColours, multiCellEdit, v2FieldValueChangeRows } from '../transform/index.ts';
import { changeMark } from './change-marks.ts';
import { perRecordMarked } from './common.ts';
import { defineStream } from './define.ts';
import { feedMark, sinceFilter } from './feed.ts';

/**
 * The org-wide change log, followed from its high-water mark (changedAt, id), ascending. Every change
 * is stored (the history is a product). After the feed's first read, a single-valued change is also
 * applied to its cell and a multi-valued one edits one element; the record is then re-read only if the
 * warehouse lacks it. What cannot be applied marks its record for a targeted re-read.
 */
export const fieldValueChangesStream = defineStream({
  name: 'field_value_changes',
  source: { capability: 'change_log', rank: 0 },
  description: 'field value change log, from the last change seen (GET /v2/field-value-changes)',
  group: 'other',
  // After the option sets are stored: a colour a change (or, after it, a record's value) names updates its
  // option's row, so a value read before the row exists would leave a fresh sync's colour unset.
  after: ['fields', 'fields_v1'],
  minApiVersion: '2026-07-15',
  schema: v2FieldValueChangeSchema,
  read: {
    kind: 'feed',
    ordered: true,
    request: (hw) => {
      const filter = sinceFilter('changedAt', hw);
      return { path: '/v2/field-value-changes', query: { limit: V2_PAGE, ...(filter ? { filter } : {}) }, paginator: 'v2' };
    },
    position: (c) => feedMark(c.changedAt, c.id),
  },
  transform: (changes, raws, page) => changeLogRows(changes, raws, page),
});

/**
 * Rows of a page of the `/v2` change log (org-wide or filtered by field): every change is stored; after
 * the feed's first read a change is applied to its cell where it can be, else its record is marked,
 * and a dropdown value's colour is set on its option (on the first read, only where it has none). Each change in its own guard (common.ts).
 */
export const changeLogRows = perRecordMarked<V2FieldValueChange, unknown>((c, raw, page) => {
  const rows = v2FieldValueChangeRows(c, raw);
  const marks: DirtyMark[] = [];
  const applied = page.initialRead ? null : applyChange(c);
  const edit = page.initialRead || applied ? null : multiCellEdit(c);
  if (applied) mergeBatch(rows, applied);
  if (edit) (rows.cellEdits ??= []).push(edit);
  // No document says whether a change's colour is the option's colour then or now: once the log is
  // followed the changes are recent, but its first read walks the history, so there a colour only fills
  // an option nothing named yet (the value reads give today's). Taking none there left an option whose
  // only naming was a past change (a stage no value holds any more) colourless after a full sync, while
  // an incremental run that read the same change had its colour (issue 35).
  addOptionColours(rows, changeOptionColours(c), page.initialRead);
  const m = changeMark(c.field.entityType, c.entity.id, c.listEntry?.id, c.listEntry?.listId);
  if (m) marks.push(applied || edit ? { ...m, ifMissing: true } : m);
  return { rows, marks };
});
