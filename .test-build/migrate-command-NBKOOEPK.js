import { createRequire as relsyncCreateRequire } from 'node:module';
const require = relsyncCreateRequire(import.meta.url);
import {
  acquireWriterLock,
  refreshViews,
  upgradeWarehouse
} from "./chunk-3AGDFFSI.js";
import {
  openDatabase,
  tableExists
} from "./chunk-C4J6S7LO.js";
import {
  commandContext
} from "./chunk-U6T6MHVZ.js";
import {
  UserError
} from "./chunk-CRSUMNAO.js";

// src/cli/migrate-command.ts
async function runMigrateCommand(cmd) {
  const { config } = commandContext(cmd);
  const db = await openDatabase(config.databaseUrl);
  let lock;
  try {
    process.stdout.write(`migrating ${db.describe}
`);
    if (await tableExists(db, "sync_lock")) lock = await acquireWriterLock(db, "migrate");
    await migrate(db);
    lock ??= await acquireWriterLock(db, "migrate");
    const views = await refreshViews(db);
    process.stdout.write(`analyst views: ${views.created.length} created or updated, ${views.dropped.length} dropped, ${views.unchanged} unchanged
`);
    for (const r of views.refused) process.stdout.write(`  not refreshed: ${r.reason}
`);
    const first = views.refused[0];
    if (first) {
      throw new UserError(`${views.refused.length} analyst view(s) could not be refreshed: ${first.reason}`, {
        hint: "The tables and every other view are up to date. Fix what the lines above name, then run `relsync migrate` again."
      });
    }
  } finally {
    await lock?.release();
    await db.close();
  }
}
async function migrate(db) {
  const { results, alreadyApplied, due } = await upgradeWarehouse(db);
  for (const name of alreadyApplied) process.stdout.write(`  ${name}: already applied
`);
  for (const r of results) process.stdout.write(`  ${r.migrationName}: ${r.status === "Success" ? "applied" : r.status}
`);
  process.stdout.write(results.length === 0 ? "database is up to date\n" : `${results.length} migration(s) applied
`);
  for (const d of due) process.stdout.write(`  due on the next sync: ${d.stream} (${d.reason})
`);
}
export {
  runMigrateCommand
};
