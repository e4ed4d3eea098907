import type { RowBatch, WarehouseTableName } from '../load/batch.ts';
import type { DirtyMark } from '../state/dirty.ts';
import type { StreamContext } from './define.ts';

type Side = 'company' | 'person';

/** Columns of rows that name a company or person by id; `entity_type` says which where a column names either. */
const NAMED: ReadonlyArray<{ table: WarehouseTableName; column: string; side: Side | 'entity_type' }> = [
  { table: 'list_entries', column: 'entity_id', side: 'entity_type' },
  { table: 'opportunity_companies', column: 'company_id', side: 'company' },
  { table: 'opportunity_persons', column: 'person_id', side: 'person' },
  { table: 'company_persons', column: 'company_id', side: 'company' },
  { table: 'company_persons', column: 'person_id', side: 'person' },
  { table: 'interaction_participants', column: 'person_id', side: 'person' },
  { table: 'note_attachments', column: 'entity_id', side: 'entity_type' },
];

function rowsOf(b: RowBatch, table: WarehouseTableName): ReadonlyArray<Record<string, unknown>> {
  const upserted = (b.upserts[table] ?? []) as ReadonlyArray<Record<string, unknown>>;
  const replaced = b.replace.filter((s) => s.table === table).flatMap((s) => s.rows as ReadonlyArray<Record<string, unknown>>);
  return [...upserted, ...replaced];
}

/** The companies and persons a page's rows name, as marks to read each one the warehouse does not hold. Pure. */
export function namedRecordMarks(b: RowBatch): DirtyMark[] {
  const out = new Map<string, DirtyMark>();
  for (const n of NAMED)
    for (const r of rowsOf(b, n.table)) {
      const id = r[n.column];
      const side = n.side === 'entity_type' ? r.entity_type : n.side;
      if (typeof id !== 'number' || (side !== 'company' && side !== 'person')) continue;
      out.set(`${side}:${id}`, { kind: side, id, ifMissing: true });
    }
  return [...out.values()];
}

/**
 * With relevance tiers, companies and persons are swept whole only every cold period (budget/sweep-period.ts),
 * so a record created upstream since could wait that long. One that someone cares about is named sooner by
 * rows that come every run or every day: a list entry, a deal's links, a company's persons, an interaction's
 * participants, a note. In an incremental run with tiers, each record those rows name and the warehouse does
 * not hold gets a mark (`ifMissing`: dropped at commit when the row exists, state/dirty.ts), and the next
 * lookup by id reads it (`*_changed`, 100 a call). First and full syncs sweep everything and mark nothing.
 */
export function referenceMarks(ctx: StreamContext, b: RowBatch): DirtyMark[] {
  return ctx.tierCaps !== undefined && ctx.config.tiers.enabled ? namedRecordMarks(b) : [];
}
