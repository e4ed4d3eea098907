import type { AnyDb } from './helpers.ts';

/**
 * Which source carries each capability (the change log, files, an update feed), and which sources the
 * service refused. Remembered so a later run does not spend a call probing a source it knows is refused;
 * `refused_json` maps a source (stream name) to its refusal `{status, message, endpoint, at}`.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('sync_sources')
    .addColumn('capability', 'text', (c) => c.primaryKey())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('refused_json', 'text')
    .addColumn('decided_at', 'text')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('sync_sources').ifExists().execute();
}
