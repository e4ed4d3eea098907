/**
 * The field columns of a list's wide view, read in one pass: a derived table reads the `field_values`
 * rows of the list's entries (or of their entities, for global fields) once and pivots them, one row per
 * owner with one column per field column, which the view joins. A scalar subquery per field column
 * instead probed the values once per column per entry: 40 columns × 4,000 entries took PostgreSQL
 * seconds at medium scale (issue 17). The values are those the per-column subqueries gave. Where the
 * dialect cannot aggregate a cell in value order inside the pivot (SQLite, `pivotsOrdered`), a
 * multi-valued cell is still read by its own ordered subquery.
 */
import { valueText, type ViewSql } from '../dialects/view-sql.ts';
import { intLiteral, quoteLiteral } from '../dialects/sql-quote.ts';

/** Whose values a pivot reads: a list entry's own (`list_entry_id` = the entry) or its entity's (`list_entry_id` = 0). */
export type PivotOwner = 'entry' | 'entity';

export class ValuePivot {
  private readonly columns: string[] = [];
  private readonly fieldIds = new Set<string>();

  constructor(
    private readonly v: ViewSql,
    private readonly owner: PivotOwner,
    private readonly entityType: string,
    private readonly alias: string,
  ) {}

  /** The single value of a field (`value_index` 0) from `column` of its row. */
  first(fieldId: string, column: string): string {
    return this.add(fieldId, this.v.pivotFirst(`${this.on(fieldId)} and fv.value_index = 0`, `fv.${column}`));
  }

  /** A multi-valued field's values as a JSON array, in value order. */
  jsonArray(fieldId: string): string {
    if (!this.v.pivotsOrdered) return this.v.jsonArray('fv.value_json', 'fv.value_index', this.cell(fieldId));
    return this.add(fieldId, this.v.pivotJsonArray(this.on(fieldId)));
  }

  /** A multi-valued field's values' text joined, in value order. */
  joinText(fieldId: string): string {
    if (!this.v.pivotsOrdered) return this.v.joinText(valueText(this.v, 'fv'), 'fv.value_index', this.cell(fieldId));
    return this.add(fieldId, this.v.pivotJoinText(this.on(fieldId)));
  }

  /** The `left join` of the pivot onto the view's `le` (list entries of `listId`); empty when it has no column. */
  join(listId: number): string {
    if (this.columns.length === 0) return '';
    const ids = [...this.fieldIds].map(quoteLiteral).join(', ');
    const entries = (col: string) => `select le2.${col} from list_entries le2 where le2.list_id = ${intLiteral(listId)} and le2._deleted_at is null`;
    const where = this.owner === 'entry' ? `fv.list_entry_id in (${entries('id')})` : `fv.list_entry_id = 0 and fv.entity_id in (${entries('entity_id')})`;
    const keys = this.owner === 'entry' ? ['list_entry_id', 'entity_id'] : ['entity_id'];
    const on = keys.map((k) => `${this.alias}.${k} = le.${k === 'list_entry_id' ? 'id' : k}`).join(' and ');
    return `left join (select ${keys.map((k) => `fv.${k}`).join(', ')},
    ${this.columns.join(',\n    ')}
  from field_values fv
  where fv.field_id in (${ids}) and fv.entity_type = ${quoteLiteral(this.entityType)} and ${where}
  group by ${keys.map((k) => `fv.${k}`).join(', ')}) ${this.alias} on ${on}`;
  }

  /** A `from … where …` over one cell of the current entry (a correlated subquery of the view). */
  private cell(fieldId: string): string {
    const entry = this.owner === 'entry' ? 'le.id' : '0';
    return `from field_values fv where fv.field_id = ${quoteLiteral(fieldId)} and fv.entity_type = ${quoteLiteral(this.entityType)}
      and fv.entity_id = le.entity_id and fv.list_entry_id = ${entry}`;
  }

  private on(fieldId: string): string {
    return `fv.field_id = ${quoteLiteral(fieldId)}`;
  }

  private add(fieldId: string, aggregate: string): string {
    const name = `c${this.columns.length}`;
    this.fieldIds.add(fieldId);
    this.columns.push(`${aggregate} as ${name}`);
    return `${this.alias}.${name}`;
  }
}
