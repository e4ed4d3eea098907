import type { Command } from 'commander';
import { openDatabase } from '../load/db.ts';
import { refreshViews } from '../load/views/refresh.ts';
import { upgradeWarehouse } from '../state/upgrade.ts';
import { commandContext } from './context.ts';

export async function runMigrateCommand(cmd: Command): Promise<void> {
  const { config } = commandContext(cmd);
  const db = await openDatabase(config.databaseUrl);
  try {
    process.stdout.write(`migrating ${db.describe}\n`);
    const { results, alreadyApplied, due } = await upgradeWarehouse(db);
    for (const name of alreadyApplied) process.stdout.write(`  ${name}: already applied\n`);
    for (const r of results) process.stdout.write(`  ${r.migrationName}: ${r.status === 'Success' ? 'applied' : r.status}\n`);
    process.stdout.write(results.length === 0 ? 'database is up to date\n' : `${results.length} migration(s) applied\n`);
    // What the old code wrote lacks something the new code writes: the next sync reads these passes whatever their period.
    for (const d of due) process.stdout.write(`  due on the next sync: ${d.stream} (${d.reason})\n`);
    const views = await refreshViews(db);
    process.stdout.write(`analyst views: ${views.created.length} created or updated, ${views.dropped.length} dropped, ${views.unchanged} unchanged\n`);
  } finally {
    await db.close();
  }
}
