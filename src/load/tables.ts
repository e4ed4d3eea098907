/**
 * Declarative registry of the warehouse tables: keys, kind and column types. The loader is generic
 * over this registry (no per-table code). `defineTable` demands every column of the Kysely table type,
 * so the registry cannot drift from schema-warehouse.ts; a test checks it against the migrated database.
 */
import type { WarehouseTableName, WarehouseTables } from './schema-warehouse.ts';

/** How a column is stored; `bool` needs 0/1 on SQLite, `ts` is normalised to ISO-8601 UTC. */
export type ColumnKind = 'id' | 'int' | 'real' | 'text' | 'ts' | 'json' | 'bool';

/**
 * `entity`: a record of the service (has `_raw`, `_synced_at`, `_deleted_at`; upserted; soft-deleted).
 * `child`: rows derived from a parent record and replaced whole per owner (only `_synced_at`).
 */
export type TableKind = 'entity' | 'child';

export interface TableSpec {
  readonly name: WarehouseTableName;
  readonly kind: TableKind;
  readonly pk: readonly string[];
  /** Every column, including `_raw` / `_synced_at` / `_deleted_at`. */
  readonly columns: Readonly<Record<string, ColumnKind>>;
  readonly booleans: readonly string[];
  readonly timestamps: readonly string[];
}

type Meta = '_raw' | '_synced_at' | '_deleted_at';
type DataColumns<N extends WarehouseTableName> = Exclude<keyof WarehouseTables[N] & string, Meta>;

function defineTable<N extends WarehouseTableName>(
  name: N,
  kind: TableKind,
  pk: readonly DataColumns<N>[],
  data: { readonly [K in DataColumns<N>]: ColumnKind },
): TableSpec {
  const columns: Record<string, ColumnKind> = { ...(data as Record<string, ColumnKind>) };
  if (kind === 'entity') {
    columns._raw = 'json';
    columns._deleted_at = 'ts';
  }
  columns._synced_at = 'ts';
  const of = (k: ColumnKind) => Object.keys(columns).filter((c) => columns[c] === k);
  return { name, kind, pk, columns, booleans: of('bool'), timestamps: of('ts') };
}

export const WAREHOUSE_TABLES: { readonly [N in WarehouseTableName]: TableSpec } = {
  companies: defineTable('companies', 'entity', ['id'], {
    id: 'id', name: 'text', domain: 'text', domains_json: 'json', is_global: 'bool', merged_into_id: 'id',
  }),
  persons: defineTable('persons', 'entity', ['id'], {
    id: 'id', first_name: 'text', last_name: 'text', primary_email: 'text', emails_json: 'json', type: 'text',
    merged_into_id: 'id',
  }),
  opportunities: defineTable('opportunities', 'entity', ['id'], {
    id: 'id', name: 'text', list_id: 'id', list_entry_id: 'id', created_at: 'ts', creator_id: 'id',
  }),
  lists: defineTable('lists', 'entity', ['id'], {
    id: 'id', name: 'text', type: 'text', is_public: 'bool', owner_id: 'id', creator_id: 'id', created_at: 'ts',
    size: 'int',
  }),
  list_entries: defineTable('list_entries', 'entity', ['id'], {
    id: 'id', list_id: 'id', entity_type: 'text', entity_id: 'id', created_at: 'ts', creator_id: 'id',
  }),
  fields: defineTable('fields', 'entity', ['id'], {
    id: 'text', v1_id: 'id', name: 'text', type: 'text', value_type: 'text', entity_type: 'text', list_id: 'id',
    enrichment_source: 'text', allows_multiple: 'bool', track_changes: 'bool',
  }),
  field_scopes: defineTable('field_scopes', 'child', ['field_id', 'entity_type', 'list_id'], {
    field_id: 'text', entity_type: 'text', list_id: 'id', type: 'text', definition_json: 'json',
  }),
  dropdown_options: defineTable('dropdown_options', 'child', ['field_id', 'id'], {
    field_id: 'text', id: 'id', text: 'text', rank: 'int', color: 'text',
  }),
  field_values: defineTable('field_values', 'child', ['field_id', 'entity_type', 'entity_id', 'list_entry_id', 'value_index'], {
    field_id: 'text', entity_type: 'text', entity_id: 'id', list_entry_id: 'id', value_index: 'int',
    value_type: 'text', value_json: 'json', value_text: 'text', value_number: 'real', value_date: 'ts',
    ref_id: 'id', list_id: 'id', updated_at: 'ts',
  }),
  opportunity_persons: defineTable('opportunity_persons', 'child', ['opportunity_id', 'person_id'], {
    opportunity_id: 'id', person_id: 'id',
  }),
  opportunity_companies: defineTable('opportunity_companies', 'child', ['opportunity_id', 'company_id'], {
    opportunity_id: 'id', company_id: 'id',
  }),
  company_persons: defineTable('company_persons', 'child', ['company_id', 'person_id'], {
    company_id: 'id', person_id: 'id',
  }),
  field_value_changes: defineTable('field_value_changes', 'entity', ['id'], {
    id: 'id', field_id: 'text', entity_type: 'text', entity_id: 'id', list_entry_id: 'id', list_id: 'id',
    action_type: 'text', changed_at: 'ts', changer_id: 'id', value_type: 'text', value_json: 'json',
  }),
  notes: defineTable('notes', 'entity', ['id'], {
    id: 'id', type: 'text', parent_id: 'id', content_html: 'text', content_text: 'text', creator_id: 'id',
    interaction_id: 'id', interaction_type: 'text', transcript_id: 'id', created_at: 'ts', updated_at: 'ts',
  }),
  note_attachments: defineTable('note_attachments', 'child', ['note_id', 'entity_type', 'entity_id'], {
    note_id: 'id', entity_type: 'text', entity_id: 'id',
  }),
  reminders: defineTable('reminders', 'entity', ['id'], {
    id: 'id', type: 'text', content: 'text', due_date: 'ts', reset_type: 'text', reminder_days: 'int',
    status: 'text', owner_id: 'id', creator_id: 'id', completer_id: 'id', person_id: 'id', company_id: 'id',
    opportunity_id: 'id', created_at: 'ts', completed_at: 'ts',
  }),
  interactions: defineTable('interactions', 'entity', ['kind', 'id'], {
    kind: 'text', id: 'id', subject: 'text', started_at: 'ts', ended_at: 'ts', all_day: 'bool',
    direction: 'text', logging_type: 'text', creator_id: 'id', created_at: 'ts', updated_at: 'ts',
  }),
  interaction_participants: defineTable('interaction_participants', 'child', ['kind', 'interaction_id', 'role', 'position'], {
    kind: 'text', interaction_id: 'id', role: 'text', position: 'int', person_id: 'id', email_address: 'text',
  }),
  transcripts: defineTable('transcripts', 'entity', ['id'], {
    id: 'id', title: 'text', meeting_id: 'id', note_id: 'id', language: 'text', created_at: 'ts',
  }),
  transcript_fragments: defineTable('transcript_fragments', 'child', ['transcript_id', 'idx'], {
    transcript_id: 'id', idx: 'int', speaker: 'text', content: 'text', start_ms: 'int', end_ms: 'int',
  }),
  files: defineTable('files', 'entity', ['id'], {
    id: 'id', name: 'text', size: 'id', content_type: 'text', person_id: 'id', company_id: 'id',
    opportunity_id: 'id', uploader_id: 'id', created_at: 'ts',
  }),
  users: defineTable('users', 'entity', ['id'], {
    id: 'id', first_name: 'text', last_name: 'text', email_address: 'text', type: 'text',
  }),
  teams: defineTable('teams', 'entity', ['id'], { id: 'id', name: 'text' }),
  team_members: defineTable('team_members', 'child', ['team_id', 'user_id'], { team_id: 'id', user_id: 'id' }),
  saved_views: defineTable('saved_views', 'entity', ['id'], {
    id: 'id', list_id: 'id', name: 'text', type: 'text', created_at: 'ts',
  }),
  webhooks: defineTable('webhooks', 'entity', ['id'], {
    id: 'id', url: 'text', subscriptions_json: 'json', status: 'text', creator_id: 'id', created_at: 'ts',
    updated_at: 'ts',
  }),
  merges: defineTable('merges', 'entity', ['entity_type', 'id'], {
    entity_type: 'text', id: 'id', primary_id: 'id', duplicate_id: 'id', status: 'text', error_message: 'text',
    task_id: 'text', created_at: 'ts', completed_at: 'ts',
  }),
  relationship_strengths: defineTable('relationship_strengths', 'entity', ['internal_id', 'external_id'], {
    internal_id: 'id', external_id: 'id', strength: 'real',
  }),
};

export function isWarehouseTable(name: string): name is WarehouseTableName {
  return Object.prototype.hasOwnProperty.call(WAREHOUSE_TABLES, name);
}

/** The spec of a table named in a RowBatch; an unknown name is a programming error in a transform. */
export function tableSpec(name: string): TableSpec {
  if (!isWarehouseTable(name)) throw new Error(`relsync: "${name}" is not a warehouse table (see src/load/tables.ts)`);
  return WAREHOUSE_TABLES[name];
}
