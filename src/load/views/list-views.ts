/**
 * One wide view per live list, `list_<id>_<slug>`: one row per live entry, the entity's core columns,
 * its associations (from the association tables, their only home: the association fields `persons` /
 * `companies` never get a field column, and `field_values` never holds them), then one column per
 * field of the list and per global field of the list's entity type. A single-valued field is one typed column
 * (number, date, else text); a multi-valued field is a JSON array of its values plus `<name>_text`,
 * the values' text joined by "; ". Column names follow identifiers.ts; fields are named in id order,
 * so a rename renames only that field's column and history (keyed by field id) is untouched.
 */
import type { Db } from '../db.ts';
import type { ViewSql } from '../dialects/view-sql.ts';
import { intLiteral, quoteIdent } from '../dialects/sql-quote.ts';
import { NameAllocator, listViewName, safeName } from './identifiers.ts';
import { ValuePivot } from './list-pivot.ts';
import type { ViewDef } from './view-def.ts';

export interface ListRow {
  id: number;
  name: string | null;
  type: string | null;
}

export interface FieldRow {
  id: string;
  name: string | null;
  type: string | null;
  value_type: string | null;
  entity_type: string | null;
  list_id: number | null;
  allows_multiple: boolean | number | null;
}

interface EntityShape {
  table: string;
  core: ReadonlyArray<[column: string, expr: string]>;
  /** Each association's column, the association field it stands for, and its expression over the table. */
  associations: ReadonlyArray<[column: string, fieldId: string, expr: (v: ViewSql) => string]>;
}

const names = (v: ViewSql, sql: string) => v.joinText('n.label', 'n.label', `from (${sql}) n`);
const personLabel = "trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, ''))";

const ENTITY_SHAPES: Readonly<Record<string, EntityShape>> = {
  company: {
    table: 'companies',
    core: [
      ['name', 'e.name'],
      ['domain', 'e.domain'],
    ],
    associations: [
      [
        'people',
        'persons',
        (v) =>
          names(
            v,
            `select ${personLabel} as label from company_persons x join persons p on p.id = x.person_id and p._deleted_at is null where x.company_id = le.entity_id`,
          ),
      ],
    ],
  },
  person: {
    table: 'persons',
    core: [
      ['first_name', 'e.first_name'],
      ['last_name', 'e.last_name'],
      ['primary_email', 'e.primary_email'],
    ],
    associations: [
      [
        'companies',
        'companies',
        (v) =>
          names(
            v,
            'select c.name as label from company_persons x join companies c on c.id = x.company_id and c._deleted_at is null where x.person_id = le.entity_id',
          ),
      ],
    ],
  },
  opportunity: {
    table: 'opportunities',
    core: [['name', 'e.name']],
    associations: [
      [
        'people',
        'persons',
        (v) =>
          names(
            v,
            `select ${personLabel} as label from opportunity_persons x join persons p on p.id = x.person_id and p._deleted_at is null where x.opportunity_id = le.entity_id`,
          ),
      ],
      [
        'companies',
        'companies',
        (v) =>
          names(
            v,
            'select c.name as label from opportunity_companies x join companies c on c.id = x.company_id and c._deleted_at is null where x.opportunity_id = le.entity_id',
          ),
      ],
    ],
  },
};

const NUMBER_TYPES: ReadonlySet<string> = new Set(['number', 'formula-number']);
const TEXT_COLUMN_TYPES: ReadonlySet<string> = new Set([
  'text',
  'filterable-text',
  'dropdown',
  'ranked-dropdown',
  'person',
  'company',
  'location',
  'interaction',
  'note',
  'reminder',
]);

/** Single-valued references whose column is a display name: each gets a `<column>_id` companion. */
const REFERENCE_TYPES: ReadonlySet<string> = new Set(['person', 'company']);

function isMulti(f: FieldRow): boolean {
  return Boolean(f.allows_multiple) || (f.value_type ?? '').endsWith('-multi');
}

/** The column a single value is read from; a type this code does not know is shown as its JSON. */
function scalarColumn(valueType: string | null): string {
  if (valueType !== null && NUMBER_TYPES.has(valueType)) return 'value_number';
  if (valueType === 'datetime') return 'value_date';
  if (valueType !== null && TEXT_COLUMN_TYPES.has(valueType)) return 'value_text';
  return 'value_json';
}

/**
 * The fields of a list's view: its own, and the global fields of its entity type, in id order. An
 * association field is left out whatever its definition says: its column is the shape's association column.
 */
function fieldsOfList(list: ListRow, shape: EntityShape, fields: readonly FieldRow[]): FieldRow[] {
  const associated = new Set(shape.associations.map(([, fieldId]) => fieldId));
  return fields
    .filter((f) => f.list_id === list.id || (f.list_id === null && f.type === 'global' && f.entity_type === list.type))
    .filter((f) => !associated.has(f.id))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export function listView(v: ViewSql, list: ListRow, fields: readonly FieldRow[]): ViewDef | null {
  const shape = list.type ? ENTITY_SHAPES[list.type] : undefined;
  const type = list.type;
  if (!shape || !type) return null;
  const base = ['list_entry_id', 'entity_id', 'entry_created_at'];
  const cols = [`le.id as list_entry_id`, `le.entity_id`, `le.created_at as entry_created_at`];
  for (const [name, expr] of shape.core) cols.push(`${expr} as ${quoteIdent(name)}`);
  for (const [name, , expr] of shape.associations) cols.push(`${expr(v)} as ${quoteIdent(name)}`);
  const alloc = new NameAllocator([...base, ...shape.core.map(([n]) => n), ...shape.associations.map(([n]) => n)]);
  const pivots = { entry: new ValuePivot(v, 'entry', type, 'lv'), entity: new ValuePivot(v, 'entity', type, 'gv') };
  for (const f of fieldsOfList(list, shape, fields)) {
    const col = alloc.take(safeName(f.name), f.id);
    const pivot = f.list_id === null ? pivots.entity : pivots.entry;
    if (isMulti(f)) {
      cols.push(`${pivot.jsonArray(f.id)} as ${quoteIdent(col)}`);
      cols.push(`${pivot.joinText(f.id)} as ${quoteIdent(`${col}_text`)}`);
    } else {
      cols.push(`${pivot.first(f.id, scalarColumn(f.value_type))} as ${quoteIdent(col)}`);
      // The name shown is not a key: the referenced record's id goes beside it (a multi-valued one's are in `_values`).
      if (f.value_type !== null && REFERENCE_TYPES.has(f.value_type)) cols.push(`${pivot.first(f.id, 'ref_id')} as ${quoteIdent(`${col}_id`)}`);
    }
  }
  const joins = [pivots.entry, pivots.entity].map((p) => p.join(list.id)).filter((j) => j !== '');
  const sql = `select ${cols.join(',\n  ')}
from list_entries le
left join ${shape.table} e on e.id = le.entity_id
${joins.map((j) => `${j}\n`).join('')}where le._deleted_at is null and e._deleted_at is null and le.list_id = ${intLiteral(list.id)}`;
  return { name: listViewName(list.id, list.name), sql };
}

/**
 * `<list view>_values` (`list_1001_deal_pipeline_values`): the elements of every multi-valued cell of the
 * list's live entries (of live records), one row each: the entry's own list fields and its record's
 * global, enriched and relationship-intelligence fields that allow several values (or whose value type
 * is `*-multi`, as in the wide view). The one portable way to filter on a multi-valued column: `where
 * list_entry_id in (select list_entry_id from list_1001_deal_pipeline_values where field_name = … and
 * value_text = …)`. One per list, not one for all lists: a single long-form view of every list held
 * 238,000 rows at medium (651,610 while it also carried single-valued cells), and `select *` of it took
 * 1.7 s in SQLite where every view must answer within 1 s (BENCHMARKS.md "Views").
 */
export function listValuesView(v: ViewSql, list: ListRow): ViewDef | null {
  const shape = list.type ? ENTITY_SHAPES[list.type] : undefined;
  if (!shape) return null;
  const sql = `select le.id as list_entry_id, le.entity_id, fv.field_id, f.name as field_name, fv.value_index,
  coalesce(fv.value_text, ${v.numberText('fv.value_number')}) as value_text, fv.value_number, fv.ref_id
from list_entries le
join ${shape.table} e on e.id = le.entity_id and e._deleted_at is null
join field_values fv on fv.entity_id = le.entity_id and fv.entity_type = le.entity_type and fv.list_entry_id in (le.id, 0)
join fields f on f.id = fv.field_id and (f.allows_multiple = ${v.bool(true)} or f.value_type like '%-multi')
where le._deleted_at is null and le.list_id = ${intLiteral(list.id)}`;
  return { name: `${listViewName(list.id, list.name)}_values`, sql };
}

/** The wide view and the multi-valued elements' view of every live list, from the lists and fields in the warehouse now. */
export async function listViews(db: Db, v: ViewSql): Promise<ViewDef[]> {
  const lists = await db.kysely.selectFrom('lists').select(['id', 'name', 'type']).where('_deleted_at', 'is', null).orderBy('id').execute();
  const fields = await db.kysely
    .selectFrom('fields')
    .select(['id', 'name', 'type', 'value_type', 'entity_type', 'list_id', 'allows_multiple'])
    .where('_deleted_at', 'is', null)
    .execute();
  return lists.flatMap((l) => [listView(v, l, fields), listValuesView(v, l)]).filter((x): x is ViewDef => x !== null);
}
