import { UserError } from '../errors.ts';
import type { Db } from '../load/db.ts';
import { fatalDatabaseError, readOnlyDatabaseError, writeLockHeldError } from '../load/db-errors.ts';

/** The Affinity account (tenant) a warehouse holds, as whoami named it (migration 030). */
export interface WarehouseAccount {
  id: string;
  name: string | null;
  subdomain: string | null;
}

/** How an account is named in one line: `1234 (Acme Ventures)`. */
export function accountWords(a: WarehouseAccount): string {
  return a.name ? `${a.id} (${a.name})` : a.id;
}

export async function readWarehouseAccount(db: Db): Promise<(WarehouseAccount & { recordedAt: string }) | null> {
  const row = await db.kysely.selectFrom('sync_account').selectAll().where('id', '=', 1).executeTakeFirst();
  return row ? { id: row.tenant_id, name: row.tenant_name, subdomain: row.subdomain, recordedAt: row.recorded_at } : null;
}

/**
 * One warehouse, one account: the first run records the account its key reads; a later run whose key reads
 * another account is refused (exit 2) before it writes anything, since its records would mix with the other
 * organisation's. Returns whether this call recorded the account.
 */
export async function claimWarehouse(db: Db, key: WarehouseAccount, at: Date): Promise<'recorded' | 'same'> {
  // Read first: a warehouse that holds an account is never written here (another program may hold its write lock).
  let held = await readWarehouseAccount(db);
  if (!held) {
    // Of two first runs at once, one inserts and the other finds its row: the key allows one.
    const inserted = await db.kysely
      .insertInto('sync_account')
      .values({ id: 1, tenant_id: key.id, tenant_name: key.name, subdomain: key.subdomain, recorded_at: at.toISOString() })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst()
      // The run's first write: a warehouse that cannot take one says so as the writer lock would.
      .catch((err: unknown) => {
        throw readOnlyDatabaseError(err, db.describe) ?? writeLockHeldError(err, db.describe) ?? fatalDatabaseError(err) ?? err;
      });
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0) return 'recorded';
    held = await readWarehouseAccount(db);
  }
  if (!held || held.id === key.id) return 'same';
  throw new UserError(
    `This warehouse holds Affinity account ${accountWords(held)}, but AFFINITY_API_KEY reads account ${accountWords(key)}: nothing was written; point DATABASE_URL at that account's own warehouse (another SQLite file, or ?schema= in PostgreSQL), or use a key of account ${held.id}.`,
    { exitCode: 2 },
  );
}
