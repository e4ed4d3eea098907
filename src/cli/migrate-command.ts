import type { Command } from 'commander';
import { UserError } from '../errors.ts';
import { openDatabase, tableExists, type Db } from '../load/db.ts';
import { refreshViews } from '../load/views/refresh.ts';
import { acquireWriterLock, type WriterLock } from '../state/lock.ts';
import { upgradeWarehouse } from '../state/upgrade.ts';
import { commandContext } from './context.ts';

export async function runMigrateCommand(cmd: Command): Promise<void> {
  const { config } = commandContext(cmd);
  const db = await openDatabase(config.databaseUrl);
  let lock: WriterLock | undefined;
  try {
    process.stdout.write(`migrating ${db.describe}\n`);
    // Under the writer lock, like a sync: tables and views are never rewritten while a sync writes. A
    // fresh warehouse has no lock table until the first migration has made it; the views wait for the lock.
    if (await tableExists(db, 'sync_lock')) lock = await acquireWriterLock(db, 'migrate');
    await migrate(db);
    lock ??= await acquireWriterLock(db, 'migrate');
    const views = await refreshViews(db);
    process.stdout.write(`analyst views: ${views.created.length} created or updated, ${views.dropped.length} dropped, ${views.unchanged} unchanged\n`);
    for (const r of views.refused) process.stdout.write(`  not refreshed: ${r.reason}\n`);
    const first = views.refused[0];
    if (first) {
      throw new UserError(`${views.refused.length} analyst view(s) could not be refreshed: ${first.reason}`, {
        hint: 'The tables and every other view are up to date. Fix what the lines above name, then run `relsync migrate` again.',
      });
    }
  } finally {
    await lock?.release();
    await db.close();
  }
}

async function migrate(db: Db): Promise<void> {
  const { results, alreadyApplied, due } = await upgradeWarehouse(db);
  for (const name of alreadyApplied) process.stdout.write(`  ${name}: already applied\n`);
  for (const r of results) process.stdout.write(`  ${r.migrationName}: ${r.status === 'Success' ? 'applied' : r.status}\n`);
  process.stdout.write(results.length === 0 ? 'database is up to date\n' : `${results.length} migration(s) applied\n`);
  // What the old code wrote lacks something the new code writes: the next sync reads these passes whatever their period.
  for (const d of due) process.stdout.write(`  due on the next sync: ${d.stream} (${d.reason})\n`);
}
