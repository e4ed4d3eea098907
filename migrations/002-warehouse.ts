import type { CreateTableBuilder } from 'kysely';
import { columnTypes, type AnyDb, type ColumnTypes } from './helpers.ts';

/*
 * The warehouse: one table per API collection, keyed by the service's own ids, plus child tables whose
 * rows are replaced whole per owner. Columns are nullable unless the API always carries them: a record
 * missing a name must still land (its `_raw` keeps everything). Frozen once released: later changes go
 * in a new migration, never here.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type TB = CreateTableBuilder<string, any>;

/** `_raw` (record as received), `_synced_at` (run clock), `_deleted_at` (soft delete) on entity tables. */
function entity(tb: TB, t: ColumnTypes): TB {
  return tb
    .addColumn('_raw', t.json)
    .addColumn('_synced_at', t.ts, (c) => c.notNull())
    .addColumn('_deleted_at', t.ts);
}

/** Child tables (replaced whole per owner) only record when they were written. */
function child(tb: TB, t: ColumnTypes): TB {
  return tb.addColumn('_synced_at', t.ts, (c) => c.notNull());
}

// SQLite lets a non-INTEGER PRIMARY KEY column hold NULL; say NOT NULL so both dialects agree.
function pk(tb: TB, table: string, cols: string[]): TB {
  return tb.addPrimaryKeyConstraint(`${table}_pk`, cols as never);
}

export async function up(db: AnyDb): Promise<void> {
  const t = columnTypes(db);
  const create = (name: string) => db.schema.createTable(name) as TB;

  await entity(
    create('companies')
      .addColumn('id', t.id, (c) => c.primaryKey().notNull())
      .addColumn('name', t.text)
      .addColumn('domain', t.text)
      .addColumn('domains_json', t.json)
      .addColumn('is_global', t.bool)
      .addColumn('merged_into_id', t.id),
    t,
  ).execute();

  await entity(
    create('persons')
      .addColumn('id', t.id, (c) => c.primaryKey().notNull())
      .addColumn('first_name', t.text)
      .addColumn('last_name', t.text)
      .addColumn('primary_email', t.text)
      .addColumn('emails_json', t.json)
      .addColumn('type', t.text)
      .addColumn('merged_into_id', t.id),
    t,
  ).execute();

  await entity(
    create('opportunities')
      .addColumn('id', t.id, (c) => c.primaryKey().notNull())
      .addColumn('name', t.text)
      .addColumn('list_id', t.id)
      .addColumn('list_entry_id', t.id)
      .addColumn('created_at', t.ts)
      .addColumn('creator_id', t.id),
    t,
  ).execute();

  await entity(
    create('lists')
      .addColumn('id', t.id, (c) => c.primaryKey().notNull())
      .addColumn('name', t.text)
      .addColumn('type', t.text)
      .addColumn('is_public', t.bool)
      .addColumn('owner_id', t.id)
      .addColumn('creator_id', t.id)
      .addColumn('created_at', t.ts)
      .addColumn('size', t.int),
    t,
  ).execute();

  await entity(
    create('list_entries')
      .addColumn('id', t.id, (c) => c.primaryKey().notNull())
      .addColumn('list_id', t.id, (c) => c.notNull())
      .addColumn('entity_type', t.text, (c) => c.notNull())
      .addColumn('entity_id', t.id, (c) => c.notNull())
      .addColumn('created_at', t.ts)
      .addColumn('creator_id', t.id),
    t,
  ).execute();

  await entity(
    create('fields')
      .addColumn('id', t.text, (c) => c.primaryKey().notNull())
      .addColumn('v1_id', t.id)
      .addColumn('name', t.text)
      .addColumn('type', t.text)
      .addColumn('value_type', t.text)
      .addColumn('entity_type', t.text)
      .addColumn('list_id', t.id)
      .addColumn('enrichment_source', t.text)
      .addColumn('allows_multiple', t.bool)
      .addColumn('track_changes', t.bool),
    t,
  ).execute();

  await pk(
    child(
      create('dropdown_options')
        .addColumn('field_id', t.text, (c) => c.notNull())
        .addColumn('id', t.id, (c) => c.notNull())
        .addColumn('text', t.text)
        .addColumn('rank', t.int)
        .addColumn('color', t.text),
      t,
    ),
    'dropdown_options',
    ['field_id', 'id'],
  ).execute();

  await pk(
    child(
      create('field_values')
        .addColumn('field_id', t.text, (c) => c.notNull())
        .addColumn('entity_type', t.text, (c) => c.notNull())
        .addColumn('entity_id', t.id, (c) => c.notNull())
        .addColumn('list_entry_id', t.id, (c) => c.notNull())
        .addColumn('value_index', t.int, (c) => c.notNull())
        .addColumn('value_type', t.text, (c) => c.notNull())
        .addColumn('value_json', t.json)
        .addColumn('value_text', t.text)
        .addColumn('value_number', t.real)
        .addColumn('value_date', t.ts)
        .addColumn('ref_id', t.id)
        .addColumn('list_id', t.id)
        .addColumn('updated_at', t.ts),
      t,
    ),
    'field_values',
    ['field_id', 'entity_type', 'entity_id', 'list_entry_id', 'value_index'],
  ).execute();

  // Association sets: replaced whole per owner, so no soft delete and no raw record.
  for (const [table, a, b] of [
    ['opportunity_persons', 'opportunity_id', 'person_id'],
    ['opportunity_companies', 'opportunity_id', 'company_id'],
    ['company_persons', 'company_id', 'person_id'],
  ] as const) {
    await pk(
      child(
        create(table)
          .addColumn(a, t.id, (c) => c.notNull())
          .addColumn(b, t.id, (c) => c.notNull()),
        t,
      ),
      table,
      [a, b],
    ).execute();
  }

  await entity(
    create('field_value_changes')
      .addColumn('id', t.id, (c) => c.primaryKey().notNull())
      .addColumn('field_id', t.text, (c) => c.notNull())
      .addColumn('entity_type', t.text)
      .addColumn('entity_id', t.id, (c) => c.notNull())
      .addColumn('list_entry_id', t.id)
      .addColumn('list_id', t.id)
      .addColumn('action_type', t.text, (c) => c.notNull())
      .addColumn('changed_at', t.ts, (c) => c.notNull())
      .addColumn('changer_id', t.id)
      .addColumn('value_type', t.text)
      .addColumn('value_json', t.json),
    t,
  ).execute();

  await entity(
    create('notes')
      .addColumn('id', t.id, (c) => c.primaryKey().notNull())
      .addColumn('type', t.text)
      .addColumn('parent_id', t.id)
      .addColumn('content_html', t.text)
      .addColumn('content_text', t.text)
      .addColumn('creator_id', t.id)
      .addColumn('interaction_id', t.id)
      .addColumn('interaction_type', t.text)
      .addColumn('transcript_id', t.id)
      .addColumn('created_at', t.ts)
      .addColumn('updated_at', t.ts),
    t,
  ).execute();

  await pk(
    child(
      create('note_attachments')
        .addColumn('note_id', t.id, (c) => c.notNull())
        .addColumn('entity_type', t.text, (c) => c.notNull())
        .addColumn('entity_id', t.id, (c) => c.notNull()),
      t,
    ),
    'note_attachments',
    ['note_id', 'entity_type', 'entity_id'],
  ).execute();

  await entity(
    create('reminders')
      .addColumn('id', t.id, (c) => c.primaryKey().notNull())
      .addColumn('type', t.text)
      .addColumn('content', t.text)
      .addColumn('due_date', t.ts)
      .addColumn('reset_type', t.text)
      .addColumn('reminder_days', t.int)
      .addColumn('status', t.text)
      .addColumn('owner_id', t.id)
      .addColumn('creator_id', t.id)
      .addColumn('completer_id', t.id)
      .addColumn('person_id', t.id)
      .addColumn('company_id', t.id)
      .addColumn('opportunity_id', t.id)
      .addColumn('created_at', t.ts)
      .addColumn('completed_at', t.ts),
    t,
  ).execute();

  // Interaction ids are unique only per kind, hence the composite key.
  await pk(
    entity(
      create('interactions')
        .addColumn('kind', t.text, (c) => c.notNull())
        .addColumn('id', t.id, (c) => c.notNull())
        .addColumn('subject', t.text)
        .addColumn('started_at', t.ts)
        .addColumn('ended_at', t.ts)
        .addColumn('all_day', t.bool)
        .addColumn('direction', t.text)
        .addColumn('logging_type', t.text)
        .addColumn('creator_id', t.id)
        .addColumn('created_at', t.ts)
        .addColumn('updated_at', t.ts),
      t,
    ),
    'interactions',
    ['kind', 'id'],
  ).execute();

  await pk(
    child(
      create('interaction_participants')
        .addColumn('kind', t.text, (c) => c.notNull())
        .addColumn('interaction_id', t.id, (c) => c.notNull())
        .addColumn('role', t.text, (c) => c.notNull())
        .addColumn('position', t.int, (c) => c.notNull())
        .addColumn('person_id', t.id)
        .addColumn('email_address', t.text),
      t,
    ),
    'interaction_participants',
    ['kind', 'interaction_id', 'role', 'position'],
  ).execute();

  await entity(
    create('transcripts')
      .addColumn('id', t.id, (c) => c.primaryKey().notNull())
      .addColumn('title', t.text)
      .addColumn('meeting_id', t.id)
      .addColumn('note_id', t.id)
      .addColumn('language', t.text)
      .addColumn('created_at', t.ts),
    t,
  ).execute();

  await pk(
    child(
      create('transcript_fragments')
        .addColumn('transcript_id', t.id, (c) => c.notNull())
        .addColumn('idx', t.int, (c) => c.notNull())
        .addColumn('speaker', t.text)
        .addColumn('content', t.text)
        .addColumn('start_ms', t.int)
        .addColumn('end_ms', t.int),
      t,
    ),
    'transcript_fragments',
    ['transcript_id', 'idx'],
  ).execute();

  await entity(
    create('files')
      .addColumn('id', t.id, (c) => c.primaryKey().notNull())
      .addColumn('name', t.text)
      .addColumn('size', t.id)
      .addColumn('content_type', t.text)
      .addColumn('person_id', t.id)
      .addColumn('company_id', t.id)
      .addColumn('opportunity_id', t.id)
      .addColumn('uploader_id', t.id)
      .addColumn('created_at', t.ts),
    t,
  ).execute();

  await entity(
    create('users')
      .addColumn('id', t.id, (c) => c.primaryKey().notNull())
      .addColumn('first_name', t.text)
      .addColumn('last_name', t.text)
      .addColumn('email_address', t.text)
      .addColumn('type', t.text),
    t,
  ).execute();

  await entity(
    create('teams')
      .addColumn('id', t.id, (c) => c.primaryKey().notNull())
      .addColumn('name', t.text),
    t,
  ).execute();

  await pk(
    child(
      create('team_members')
        .addColumn('team_id', t.id, (c) => c.notNull())
        .addColumn('user_id', t.id, (c) => c.notNull()),
      t,
    ),
    'team_members',
    ['team_id', 'user_id'],
  ).execute();

  await entity(
    create('saved_views')
      .addColumn('id', t.id, (c) => c.primaryKey().notNull())
      .addColumn('list_id', t.id)
      .addColumn('name', t.text)
      .addColumn('type', t.text)
      .addColumn('created_at', t.ts),
    t,
  ).execute();

  await entity(
    create('webhooks')
      .addColumn('id', t.id, (c) => c.primaryKey().notNull())
      .addColumn('url', t.text)
      .addColumn('subscriptions_json', t.json)
      .addColumn('status', t.text)
      .addColumn('creator_id', t.id)
      .addColumn('created_at', t.ts)
      .addColumn('updated_at', t.ts),
    t,
  ).execute();

  await pk(
    entity(
      create('merges')
        .addColumn('entity_type', t.text, (c) => c.notNull())
        .addColumn('id', t.id, (c) => c.notNull())
        .addColumn('primary_id', t.id)
        .addColumn('duplicate_id', t.id)
        .addColumn('status', t.text)
        .addColumn('error_message', t.text)
        .addColumn('task_id', t.text)
        .addColumn('created_at', t.ts)
        .addColumn('completed_at', t.ts),
      t,
    ),
    'merges',
    ['entity_type', 'id'],
  ).execute();

  await pk(
    entity(
      create('relationship_strengths')
        .addColumn('internal_id', t.id, (c) => c.notNull())
        .addColumn('external_id', t.id, (c) => c.notNull())
        .addColumn('strength', t.real),
      t,
    ),
    'relationship_strengths',
    ['internal_id', 'external_id'],
  ).execute();

  for (const [table, column] of INDEXES) {
    await db.schema.createIndex(`${table}_${column}_idx`).on(table).column(column).execute();
  }
}

/** Indexes for the joins analysts write (and for the loader's merge re-keying and replace scopes). */
const INDEXES: ReadonlyArray<readonly [string, string]> = [
  ['companies', 'domain'],
  ['persons', 'primary_email'],
  ['field_values', 'entity_id'],
  ['field_values', 'list_entry_id'],
  ['field_values', 'field_id'],
  ['field_values', 'ref_id'],
  ['list_entries', 'list_id'],
  ['list_entries', 'entity_id'],
  ['opportunities', 'list_id'],
  ['field_value_changes', 'changed_at'],
  ['field_value_changes', 'entity_id'],
  ['field_value_changes', 'field_id'],
  ['company_persons', 'person_id'],
  ['opportunity_persons', 'person_id'],
  ['opportunity_companies', 'company_id'],
  ['note_attachments', 'entity_id'],
  ['reminders', 'due_date'],
  ['interactions', 'started_at'],
  ['interaction_participants', 'person_id'],
];

const TABLES = [
  'relationship_strengths',
  'merges',
  'webhooks',
  'saved_views',
  'team_members',
  'teams',
  'users',
  'files',
  'transcript_fragments',
  'transcripts',
  'interaction_participants',
  'interactions',
  'reminders',
  'note_attachments',
  'notes',
  'field_value_changes',
  'company_persons',
  'opportunity_companies',
  'opportunity_persons',
  'field_values',
  'dropdown_options',
  'fields',
  'list_entries',
  'lists',
  'opportunities',
  'persons',
  'companies',
];

export async function down(db: AnyDb): Promise<void> {
  for (const table of TABLES) await db.schema.dropTable(table).ifExists().execute();
}
