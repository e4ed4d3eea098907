import type { Command } from 'commander';
import { openDatabase } from '../load/db.ts';
import { migrateToLatest } from '../load/migrate.ts';
import { refreshViews } from '../load/views/refresh.ts';
import { commandContext } from './context.ts';

export async function runMigrateCommand(cmd: Command): Promise<void> {
  const { config } = commandContext(cmd);
  const db = await openDatabase(config.databaseUrl);
  try {
    process.stdout.write(`migrating ${db.describe}\n`);
    const { results, alreadyApplied } = await migrateToLatest(db);
    for (const name of alreadyApplied) process.stdout.write(`  ${name}: already applied\n`);
    for (const r of results) process.stdout.write(`  ${r.migrationName}: ${r.status === 'Success' ? 'applied' : r.status}\n`);
    process.stdout.write(results.length === 0 ? 'database is up to date\n' : `${results.length} migration(s) applied\n`);
    const views = await refreshViews(db);
    process.stdout.write(`analyst views: ${views.created.length} created or updated, ${views.dropped.length} dropped, ${views.unchanged} unchanged\n`);
  } finally {
    await db.close();
  }
}
