import type { RowBatch, WarehouseTableName } from '../load/schema/row-batch.ts';
import { TABLE_OF_SIDE } from '../planner/tiers.ts';
import { readCheckpoint } from '../state/checkpoint.ts';
import type { DirtyMark } from '../state/dirty.ts';
import type { StreamContext } from '../streams/define.ts';

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

/** The side's collection has completed a sweep: its records are held, so one missing was created since. */
async function swept(ctx: StreamContext, side: Side): Promise<boolean> {
  return (await readCheckpoint(ctx.db.kysely, TABLE_OF_SIDE[side])).checkpoint.lastSweepCompletedAt !== null;
}

/**
 * With relevance tiers, companies and persons are swept whole only every cold period (budget/sweep-period.ts),
 * so a record created upstream since could wait that long. One that someone cares about is named sooner by
 * rows that come every run or every day: a list entry, a deal's links, a company's persons, an interaction's
 * participants, a note. In an incremental run with tiers, each record those rows name and the warehouse does
 * not hold gets a mark (`ifMissing`: dropped at commit when the row exists, state/dirty.ts), and the next
 * lookup by id reads it (`*_changed`, 100 a call). Not before the side's first complete sweep: a first sync
 * names records its own sweep has not stored yet (at medium, 330 persons read twice), and a full sync sweeps.
 */
export async function referenceMarks(ctx: StreamContext, b: RowBatch): Promise<DirtyMark[]> {
  if (ctx.tierCaps === undefined || !ctx.config.tiers.enabled) return [];
  const marks = namedRecordMarks(b);
  if (marks.length === 0) return marks;
  const ready = { company: await swept(ctx, 'company'), person: await swept(ctx, 'person') };
  return marks.filter((m) => (m.kind === 'company' && ready.company) || (m.kind === 'person' && ready.person));
}
