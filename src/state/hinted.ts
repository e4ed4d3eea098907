import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../load/schema.ts';
import type { DirtyMark } from './dirty.ts';

type Conn = Kysely<Database> | Transaction<Database>;

const CHUNK = 500;

/**
 * Remember which companies and persons a webhook hint named, at `now` (in the transaction that marks them):
 * relevance tiers count a hint within the hot window as a hot signal (planner/tiers.ts), so a record a
 * hint named stays hot after the hint run has consumed its mark.
 */
export async function noteHinted(trx: Conn, marks: readonly DirtyMark[], now: string): Promise<void> {
  const rows = [...new Map(marks.filter((m) => m.kind === 'company' || m.kind === 'person').map((m) => [`${m.kind}:${m.id}`, m])).values()];
  for (let i = 0; i < rows.length; i += CHUNK) {
    await trx
      .insertInto('sync_hinted')
      .values(rows.slice(i, i + CHUNK).map((m) => ({ kind: m.kind, id: m.id, hinted_at: now })))
      .onConflict((oc) => oc.columns(['kind', 'id']).doUpdateSet((eb) => ({ hinted_at: eb.ref('excluded.hinted_at') })))
      .execute();
  }
}
