/**
 * Tables that remember the latest time something happened to a record, one row per (kind, id): when a set
 * was read whole (`sync_read_whole`, read-whole.ts) and when a webhook hint named it (`sync_hinted`,
 * hinted.ts). Both are written in the transaction of what they record.
 */
import { DEFAULT_STATE_ROWS_PER_STATEMENT } from '../defaults.ts';
import { dynamic, type Trx } from '../load/schema/dynamic-db.ts';

/** Each table and its time column (migrations 021-read-whole and 025-webhook-hinted). */
const STAMP_COLUMN = { sync_read_whole: 'read_at', sync_hinted: 'hinted_at' } as const;

export type StampTable = keyof typeof STAMP_COLUMN;

export interface StampKey {
  kind: string;
  id: number;
}

/** Set each key's time to `at` (a key named twice is written once). */
export async function stampKeys(trx: Trx, table: StampTable, keys: readonly StampKey[], at: string): Promise<void> {
  const column = STAMP_COLUMN[table];
  const unique = [...new Map(keys.map((k) => [`${k.kind}:${k.id}`, k])).values()];
  for (let i = 0; i < unique.length; i += DEFAULT_STATE_ROWS_PER_STATEMENT) {
    await dynamic(trx)
      .insertInto(table)
      .values(unique.slice(i, i + DEFAULT_STATE_ROWS_PER_STATEMENT).map((k) => ({ kind: k.kind, id: k.id, [column]: at })))
      .onConflict((oc) => oc.columns(['kind', 'id']).doUpdateSet((eb) => ({ [column]: eb.ref(`excluded.${column}`) })))
      .execute();
  }
}
