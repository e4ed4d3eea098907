import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../load/schema.ts';
import type { DirtyMark } from './dirty.ts';

type Conn = Kysely<Database> | Transaction<Database>;

const CHUNK = 500;

/**
 * Remember what a webhook hint marked, at `now` (in the transaction that marks it): relevance tiers count a
 * company or person a hint named within the hot window as hot (planner/tiers.ts), so it stays hot after the
 * hint run has consumed its mark; and the hint run reads only the sets its hints marked (planner/ids.ts),
 * not the backlog of link marks the entity sweeps left for the tiers.
 */
export async function noteHinted(trx: Conn, marks: readonly DirtyMark[], now: string): Promise<void> {
  const rows = [...new Map(marks.map((m) => [`${m.kind}:${m.id}`, m])).values()];
  for (let i = 0; i < rows.length; i += CHUNK) {
    await trx
      .insertInto('sync_hinted')
      .values(rows.slice(i, i + CHUNK).map((m) => ({ kind: m.kind, id: m.id, hinted_at: now })))
      .onConflict((oc) => oc.columns(['kind', 'id']).doUpdateSet((eb) => ({ hinted_at: eb.ref('excluded.hinted_at') })))
      .execute();
  }
}
