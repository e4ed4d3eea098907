import { columnTypes, type AnyDb } from './helpers.ts';

/** Run records, checkpoints, the single-writer lock and the quarantine for records that failed validation. */
export async function up(db: AnyDb): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('sync_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('command', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('started_at', t.ts, (c) => c.notNull())
    .addColumn('finished_at', t.ts)
    .addColumn('duration_ms', 'integer')
    .addColumn('calls_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('streams_json', t.json)
    .addColumn('calls_json', t.json)
    .addColumn('errors_json', t.json)
    .addColumn('rate_budget_json', t.json)
    .execute();
  await db.schema.createIndex('sync_runs_started_at').on('sync_runs').column('started_at').execute();

  // One typed, versioned checkpoint document per stream and partition (a list id, a field id, ...).
  await db.schema
    .createTable('sync_state')
    .addColumn('stream', 'text', (c) => c.notNull())
    .addColumn('partition', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('checkpoint_json', t.json, (c) => c.notNull())
    .addColumn('last_success_at', t.ts)
    .addColumn('last_sweep_at', t.ts)
    .addColumn('updated_at', t.ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('sync_state_pk', ['stream', 'partition'])
    .execute();

  // On SQLite the single-writer lock is this row; PostgreSQL uses an advisory lock instead.
  await db.schema
    .createTable('sync_lock')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('acquired_at', t.ts, (c) => c.notNull())
    .addColumn('heartbeat_at', t.ts, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('quarantine')
    .addColumn('stream', 'text', (c) => c.notNull())
    .addColumn('record_key', 'text', (c) => c.notNull())
    .addColumn('payload', t.json, (c) => c.notNull())
    .addColumn('error', 'text', (c) => c.notNull())
    .addColumn('run_id', 'text')
    .addColumn('first_seen_at', t.ts, (c) => c.notNull())
    .addColumn('last_seen_at', t.ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('quarantine_pk', ['stream', 'record_key'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['quarantine', 'sync_lock', 'sync_state', 'sync_runs']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
