import type { RowOf } from '../schema/row-batch.ts';
import type { WarehouseDialect } from '../dialects/warehouse-dialect.ts';
import { replaceSets } from './apply-batch.ts';
import type { Trx } from '../schema/dynamic-db.ts';

export interface CellRef {
  fieldId: string;
  entityType: string;
  entityId: number;
  listEntryId: number;
}

/**
 * Read-modify-write of single field-value cells inside the caller's transaction: `render` turns the
 * cell's current `value_json` rows (in value_index order) into its new rows. Edits apply in order, so
 * two edits of one cell in one page compose.
 */
export async function applyCellEdits<E extends CellRef>(
  trx: Trx,
  dialect: WarehouseDialect,
  edits: readonly E[],
  syncedAt: string,
  render: (current: string[], edit: E) => Array<RowOf<'field_values'>>,
): Promise<number> {
  let rows = 0;
  for (const e of edits) {
    const current = await trx
      .selectFrom('field_values')
      .select('value_json')
      .where('field_id', '=', e.fieldId)
      .where('entity_type', '=', e.entityType)
      .where('entity_id', '=', e.entityId)
      .where('list_entry_id', '=', e.listEntryId)
      .orderBy('value_index')
      .execute();
    const next = render(
      current.map((r) => String(r.value_json)),
      e,
    );
    rows += await replaceSets(
      trx,
      dialect,
      {
        table: 'field_values',
        scope: ['field_id', 'entity_type', 'entity_id', 'list_entry_id'],
        owners: [{ field_id: e.fieldId, entity_type: e.entityType, entity_id: e.entityId, list_entry_id: e.listEntryId }],
        rows: next,
      },
      syncedAt,
    );
  }
  return rows;
}
