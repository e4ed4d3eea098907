/**
 * Which child rows hang off which parent rows, as data: when a parent record is soft-deleted (a
 * completed sweep missed it) or merged away, its child rows go in the same transaction, so child tables
 * hold only rows of live parents (docs/warehouse.md "`_raw`, `_synced_at`, `_deleted_at`"). The parent's own row (the tombstone) keeps
 * its `_raw`. A child table missing here is caught by a test that walks the table registry.
 */
import type { Row, RowValue } from '../schema/row-batch.ts';
import type { WarehouseTableName } from '../schema/warehouse-tables.ts';
import { dynamic, type Trx } from '../schema/dynamic-db.ts';

export interface ChildLink {
  table: WarehouseTableName;
  /** Parent key column → the child column holding it; the last pair is matched with IN (batched). */
  columns: Readonly<Record<string, string>>;
  /** Fixed child column values the link applies to, e.g. `entity_type = 'person'`. */
  where?: Readonly<Record<string, string>>;
  /**
   * `delete` (default): the row belongs to the parent or only links it to something else.
   * `detach`: the row belongs to ANOTHER live parent and merely names this one (an email's recipient
   * who was deleted): the naming column is set to null and the row stays, as the service then renders it.
   */
  action?: 'delete' | 'detach';
}

const entityLinks = (entityType: 'company' | 'person' | 'opportunity'): ChildLink[] => [
  // An entity's values, its own and those on its list entries.
  { table: 'field_values', columns: { id: 'entity_id' }, where: { entity_type: entityType } },
  { table: 'note_attachments', columns: { id: 'entity_id' }, where: { entity_type: entityType } },
];

export const CHILD_ROWS: Readonly<Partial<Record<WarehouseTableName, readonly ChildLink[]>>> = {
  companies: [
    ...entityLinks('company'),
    { table: 'company_persons', columns: { id: 'company_id' } },
    { table: 'opportunity_companies', columns: { id: 'company_id' } },
  ],
  persons: [
    ...entityLinks('person'),
    { table: 'company_persons', columns: { id: 'person_id' } },
    { table: 'opportunity_persons', columns: { id: 'person_id' } },
    { table: 'interaction_participants', columns: { id: 'person_id' }, action: 'detach' },
  ],
  opportunities: [
    ...entityLinks('opportunity'),
    { table: 'opportunity_persons', columns: { id: 'opportunity_id' } },
    { table: 'opportunity_companies', columns: { id: 'opportunity_id' } },
  ],
  list_entries: [{ table: 'field_values', columns: { id: 'list_entry_id' } }],
  fields: [
    { table: 'dropdown_options', columns: { id: 'field_id' } },
    { table: 'field_values', columns: { id: 'field_id' } },
    { table: 'field_scopes', columns: { id: 'field_id' } },
  ],
  notes: [{ table: 'note_attachments', columns: { id: 'note_id' } }],
  interactions: [{ table: 'interaction_participants', columns: { kind: 'kind', id: 'interaction_id' } }],
  transcripts: [{ table: 'transcript_fragments', columns: { id: 'transcript_id' } }],
  teams: [{ table: 'team_members', columns: { id: 'team_id' } }],
  users: [{ table: 'team_members', columns: { id: 'user_id' } }],
};

/** Parent keys per statement: far below both dialects' bound-parameter limits. */
const KEYS_PER_STATEMENT = 5_000;

/**
 * Delete (or detach) the child rows of `parents` (rows holding the parent table's key columns) in every
 * table CHILD_ROWS names for `parentTable`. Returns the number of child rows changed.
 */
export async function removeChildRows(trx: Trx, parentTable: WarehouseTableName, parents: readonly Row[]): Promise<number> {
  let changed = 0;
  if (parents.length === 0) return 0;
  const db = dynamic(trx);
  for (const link of CHILD_ROWS[parentTable] ?? []) {
    const pairs = Object.entries(link.columns);
    const [lastParent, lastChild] = pairs[pairs.length - 1]!;
    const fixed = pairs.slice(0, -1);
    // Parents sharing the values of the leading key columns (e.g. one interaction kind) go in one IN list.
    const groups = new Map<string, { fixed: RowValue[]; ids: RowValue[] }>();
    for (const p of parents) {
      const fixedValues = fixed.map(([pc]) => p[pc] ?? null);
      const k = JSON.stringify(fixedValues);
      const g = groups.get(k) ?? { fixed: fixedValues, ids: [] };
      g.ids.push(p[lastParent] ?? null);
      groups.set(k, g);
    }
    for (const g of groups.values()) {
      for (let i = 0; i < g.ids.length; i += KEYS_PER_STATEMENT) {
        const ids = g.ids.slice(i, i + KEYS_PER_STATEMENT);
        const filters: Array<[string, RowValue]> = [
          ...fixed.map(([, cc], j): [string, RowValue] => [cc, g.fixed[j] ?? null]),
          ...Object.entries(link.where ?? {}),
        ];
        if (link.action === 'detach') {
          let q = db
            .updateTable(link.table)
            .set(Object.fromEntries(pairs.map(([, cc]) => [cc, null])))
            .where(lastChild, 'in', ids);
          for (const [c, v] of filters) q = q.where(c, '=', v);
          changed += Number((await q.executeTakeFirst()).numUpdatedRows);
        } else {
          let q = db.deleteFrom(link.table).where(lastChild, 'in', ids);
          for (const [c, v] of filters) q = q.where(c, '=', v);
          changed += Number((await q.executeTakeFirst()).numDeletedRows);
        }
      }
    }
  }
  return changed;
}
