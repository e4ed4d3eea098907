/**
 * Which streams write each warehouse table: each table's "Written by" line in docs/schema.md (each stream's
 * description names its endpoint). Keyed by the registry, so a new table needs its writers here to
 * compile; test/unit/schema-doc.test.ts ("table writers") checks every name is a stream, every stream
 * writes some table, and each sweep's soft-delete table lists that sweep. Stream names are plain strings,
 * so it lives with the table registry: the `table_freshness` view (load/views/freshness-view.ts) reads it too.
 */
import type { WarehouseTableName } from '../warehouse-tables.ts';

const CHANGE_LOG = ['field_value_changes', 'field_value_changes_by_field', 'field_value_changes_v1'] as const;
const INTERACTIONS = ['emails', 'meetings', 'calls', 'chat_messages'] as const;
/** Streams that read `/v2` field values of records. */
const ENTITY_VALUES = ['companies', 'persons', 'list_entries', 'companies_changed', 'persons_changed', 'list_entries_changed'] as const;

export const TABLE_WRITERS: Readonly<Record<WarehouseTableName, readonly string[]>> = {
  // A merge sets the duplicate's merged_into_id (and re-keys references: src/load/write/merge.ts).
  // The older single reads set a record's name (transform/entities.ts, v1OrganizationRead / v1PersonRead).
  companies: ['companies', 'companies_changed', 'companies_unseen', 'company_merges', 'company_persons_full'],
  persons: ['persons', 'persons_changed', 'persons_unseen', 'person_merges', 'person_companies_full'],
  opportunities: ['opportunities', 'list_entries', 'list_entries_changed'],
  lists: ['lists', 'lists_v1'],
  list_entries: ['list_entries', 'list_entries_changed'],
  fields: ['fields', 'fields_v1'],
  field_scopes: ['fields'],
  // The colour name comes from `/v2` values that name the option (transform/option-colours.ts).
  dropdown_options: ['fields', 'fields_v1', ...ENTITY_VALUES, 'field_value_changes', 'field_value_changes_by_field'],
  // The change log applies what it can to the cell it names (after its first read).
  field_values: [...ENTITY_VALUES, ...CHANGE_LOG],
  opportunity_persons: [
    'list_entries',
    'list_entries_changed',
    'opportunity_associations',
    'opportunity_associations_full',
    'person_companies_full',
    'persons_unseen',
  ],
  opportunity_companies: [
    'list_entries',
    'list_entries_changed',
    'opportunity_associations',
    'opportunity_associations_full',
    'company_persons_full',
    'companies_unseen',
  ],
  company_persons: [
    'companies',
    'persons',
    'companies_changed',
    'persons_changed',
    'company_persons_full',
    'person_companies_full',
    'persons_unseen',
    'companies_unseen',
  ],
  field_value_changes: [...CHANGE_LOG],
  notes: ['notes', 'notes_updates'],
  note_attachments: ['notes', 'notes_updates'],
  reminders: ['reminders', 'reminders_updates'],
  interactions: [...INTERACTIONS],
  interaction_participants: [...INTERACTIONS],
  transcripts: ['transcripts'],
  transcript_fragments: ['transcript_fragments'],
  files: ['files', 'files_per_entity'],
  users: ['users'],
  teams: ['teams'],
  team_members: ['team_members'],
  saved_views: ['saved_views'],
  webhooks: ['webhooks'],
  merges: ['company_merges', 'person_merges'],
  duplicate_suggestions: ['company_duplicate_suggestions', 'person_duplicate_suggestions'],
  relationship_strengths: ['relationship_strengths'],
};
