import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../load/schema.ts';
import type { DirtyKind } from './dirty.ts';

type Conn = Kysely<Database> | Transaction<Database>;

const CHUNK = 500;

/** Association sets a single read settles, whose read time relevance tiers schedule by (planner/tiers.ts). */
export function tracksReadWhole(kind: DirtyKind): boolean {
  return kind === 'company_links' || kind === 'person_links';
}

/** Remember that these records' sets were read whole at `now` (in the transaction that wrote them). */
export async function noteReadWhole(trx: Conn, kind: DirtyKind, ids: readonly number[], now: string): Promise<void> {
  if (!tracksReadWhole(kind)) return;
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    await trx
      .insertInto('sync_read_whole')
      .values(unique.slice(i, i + CHUNK).map((id) => ({ kind, id, read_at: now })))
      .onConflict((oc) => oc.columns(['kind', 'id']).doUpdateSet((eb) => ({ read_at: eb.ref('excluded.read_at') })))
      .execute();
  }
}
