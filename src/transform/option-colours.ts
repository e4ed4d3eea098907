import { addFills, addUpdates, type RowBatch, type RowOf } from '../load/schema/row-batch.ts';
import type { V2Field, V2FieldValue, V2FieldValueChange } from '../extract/schemas/index.ts';
import { cellData } from './apply-changes.ts';

/**
 * Dropdown option colour names from `/v2` values. A ranked-dropdown value names its option's colour
 * (docs/contract.md §7.6: `{dropdownOptionId, text, rank, color}`, "color string, e.g. `"gray"`"; the change log's
 * values too, §7.9 `"color": "green"`), while field metadata gives only v1's integer (`color_code`, §6.5)
 * and no document maps one to the other. So `dropdown_options.color` is set from the values, as an
 * update of the option's row: a value never creates an option row (a value naming an option the
 * warehouse does not hold makes the run re-read the field definitions, planner/unknown-refs.ts; its
 * colour comes with the next value read that names it). Plain dropdown values carry no colour today;
 * one that does is taken the same way. A colour that is not a non-empty string says nothing.
 */

type ColourRow = RowOf<'dropdown_options'>;

const DROPDOWN_TYPES: ReadonlySet<string> = new Set(['dropdown', 'dropdown-multi', 'ranked-dropdown']);

/** The colour row one element of a dropdown value gives, if it names its option and a colour. */
function elementColour(fieldId: string, element: unknown): ColourRow[] {
  if (element === null || typeof element !== 'object' || Array.isArray(element)) return [];
  const { dropdownOptionId: id, color } = element as { dropdownOptionId?: unknown; color?: unknown };
  if (typeof id !== 'number' || typeof color !== 'string' || color === '') return [];
  return [{ field_id: fieldId, id, color }];
}

/** Colours one value of a field names (every element of a multi-valued cell). */
export function valueOptionColours(fieldId: string, value: V2FieldValue): ColourRow[] {
  if (!DROPDOWN_TYPES.has(value.type)) return [];
  const data: unknown = value.data;
  return Array.isArray(data) ? data.flatMap((e) => elementColour(fieldId, e)) : elementColour(fieldId, data);
}

/** Colours the fields of a record (an entity's or a list entry's `fields`) name; none when they are absent. */
export function fieldsOptionColours(fields: readonly V2Field[] | null | undefined): ColourRow[] {
  return (fields ?? []).flatMap((f) => valueOptionColours(f.id, f.value));
}

/** The colour a change's value names (the new value, or the old one of a delete: the option's colour either way). */
export function changeOptionColours(change: V2FieldValueChange): ColourRow[] {
  if (!change.type || !DROPDOWN_TYPES.has(change.type)) return [];
  const d = cellData(change);
  return d.ok ? elementColour(change.field.id, d.data) : [];
}

/**
 * Add colour rows to a batch as updates of the options' rows (mutates and returns b). `fillOnly`: set a
 * colour only where the option has none yet (the change log's history, see streams/field-value-changes.ts).
 */
export function addOptionColours(b: RowBatch, rows: readonly ColourRow[], fillOnly = false): RowBatch {
  return fillOnly ? addFills(b, 'dropdown_options', rows) : addUpdates(b, 'dropdown_options', rows);
}
