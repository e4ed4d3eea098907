/**
 * Warehouse tables (migration 002), kept apart from the infra tables so the two evolve independently.
 * Column meanings and sources: docs/warehouse.md. Conventions:
 * - ids are numbers (int64 ≤ 2^53-1), field ids are text (`field-123`, `affinity-data-location`);
 * - timestamps are ISO-8601 UTC strings (`Ts`), JSON columns are text (`JsonText`);
 * - booleans are `DbBool` (boolean on PostgreSQL, 0/1 on SQLite; the loader converts);
 * - enums are v2 string names (`company`, `person`, `opportunity`, `add|update|delete`, ...);
 * - `list_entry_id = 0` in composite keys means "not on a list entry".
 */
import type { DbBool, JsonText, Ts } from './schema-infra.ts';

/** Every entity table: the record as received, when this run wrote it, when it vanished upstream. */
export interface EntityColumns {
  _raw: JsonText | null;
  _synced_at: Ts;
  _deleted_at: Ts | null;
}

/** Child tables (replaced whole per owner) only carry the write time. */
export interface ChildColumns {
  _synced_at: Ts;
}

export type EntityType = 'company' | 'person' | 'opportunity';

export interface CompaniesTable extends EntityColumns {
  id: number;
  name: string | null;
  domain: string | null;
  domains_json: JsonText | null;
  is_global: DbBool | null;
  merged_into_id: number | null;
}

export interface PersonsTable extends EntityColumns {
  id: number;
  first_name: string | null;
  last_name: string | null;
  primary_email: string | null;
  emails_json: JsonText | null;
  /** internal | external | collaborator */
  type: string | null;
  merged_into_id: number | null;
}

export interface OpportunitiesTable extends EntityColumns {
  id: number;
  name: string | null;
  list_id: number | null;
  list_entry_id: number | null;
  created_at: Ts | null;
  creator_id: number | null;
}

export interface ListsTable extends EntityColumns {
  id: number;
  name: string | null;
  /** company | person | opportunity */
  type: string | null;
  is_public: DbBool | null;
  owner_id: number | null;
  creator_id: number | null;
  created_at: Ts | null;
  size: number | null;
}

export interface ListEntriesTable extends EntityColumns {
  id: number;
  list_id: number;
  /** company | person | opportunity */
  entity_type: string;
  entity_id: number;
  created_at: Ts | null;
  creator_id: number | null;
}

export interface FieldsTable extends EntityColumns {
  /** v2 field id: `field-123`, `affinity-data-location`, `first-email`, `companies`, ... */
  id: string;
  v1_id: number | null;
  name: string | null;
  /** global | list | enriched | relationship-intelligence */
  type: string | null;
  /** v2 value type name: text, number, datetime, ranked-dropdown, person-multi, ... */
  value_type: string | null;
  entity_type: string | null;
  list_id: number | null;
  enrichment_source: string | null;
  allows_multiple: DbBool | null;
  track_changes: DbBool | null;
}

/** Migration 005: every (entity type, list) that defines a field id, with what that scope says of it. */
export interface FieldScopesTable extends ChildColumns {
  field_id: string;
  entity_type: string;
  /** 0 = defined on the entity type itself, not by one list. */
  list_id: number;
  /** global | list | enriched | relationship-intelligence, as this scope defines it */
  type: string | null;
  /** The definition as this scope's endpoint returned it. */
  definition_json: JsonText | null;
}

export interface DropdownOptionsTable extends ChildColumns {
  field_id: string;
  id: number;
  text: string | null;
  rank: number | null;
  color: string | null;
}

export interface FieldValuesTable extends ChildColumns {
  field_id: string;
  entity_type: string;
  entity_id: number;
  /** 0 = a value on the entity itself (global / enriched / relationship-intelligence fields). */
  list_entry_id: number;
  /** 0.. within a multi-valued cell; one row per value. */
  value_index: number;
  value_type: string;
  value_json: JsonText | null;
  value_text: string | null;
  value_number: number | null;
  value_date: Ts | null;
  /** Person / company / dropdown option id the value references. */
  ref_id: number | null;
  list_id: number | null;
  updated_at: Ts | null;
}

export interface OpportunityPersonsTable extends ChildColumns {
  opportunity_id: number;
  person_id: number;
}

export interface OpportunityCompaniesTable extends ChildColumns {
  opportunity_id: number;
  company_id: number;
}

export interface CompanyPersonsTable extends ChildColumns {
  company_id: number;
  person_id: number;
}

export interface FieldValueChangesTable extends EntityColumns {
  id: number;
  field_id: string;
  entity_type: string | null;
  entity_id: number;
  list_entry_id: number | null;
  list_id: number | null;
  /** add | update | delete */
  action_type: string;
  changed_at: Ts;
  changer_id: number | null;
  value_type: string | null;
  value_json: JsonText | null;
}

export interface NotesTable extends EntityColumns {
  id: number;
  type: string | null;
  parent_id: number | null;
  content_html: string | null;
  content_text: string | null;
  creator_id: number | null;
  interaction_id: number | null;
  interaction_type: string | null;
  transcript_id: number | null;
  created_at: Ts | null;
  updated_at: Ts | null;
}

export interface NoteAttachmentsTable extends ChildColumns {
  note_id: number;
  /** person | company | opportunity */
  entity_type: string;
  entity_id: number;
}

export interface RemindersTable extends EntityColumns {
  id: number;
  /** one-time | recurring */
  type: string | null;
  content: string | null;
  due_date: Ts | null;
  reset_type: string | null;
  reminder_days: number | null;
  status: string | null;
  owner_id: number | null;
  creator_id: number | null;
  completer_id: number | null;
  person_id: number | null;
  company_id: number | null;
  opportunity_id: number | null;
  created_at: Ts | null;
  completed_at: Ts | null;
}

export interface InteractionsTable extends EntityColumns {
  /** email | meeting | call | chat-message */
  kind: string;
  id: number;
  subject: string | null;
  started_at: Ts | null;
  ended_at: Ts | null;
  all_day: DbBool | null;
  direction: string | null;
  logging_type: string | null;
  creator_id: number | null;
  created_at: Ts | null;
  updated_at: Ts | null;
}

export interface InteractionParticipantsTable extends ChildColumns {
  kind: string;
  interaction_id: number;
  /** from | to | cc | attendee | organizer | participant */
  role: string;
  position: number;
  person_id: number | null;
  email_address: string | null;
}

export interface TranscriptsTable extends EntityColumns {
  id: number;
  title: string | null;
  meeting_id: number | null;
  note_id: number | null;
  language: string | null;
  created_at: Ts | null;
}

export interface TranscriptFragmentsTable extends ChildColumns {
  transcript_id: number;
  idx: number;
  speaker: string | null;
  content: string | null;
  start_ms: number | null;
  end_ms: number | null;
}

export interface FilesTable extends EntityColumns {
  id: number;
  name: string | null;
  size: number | null;
  content_type: string | null;
  person_id: number | null;
  company_id: number | null;
  opportunity_id: number | null;
  uploader_id: number | null;
  created_at: Ts | null;
}

export interface UsersTable extends EntityColumns {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email_address: string | null;
  type: string | null;
}

export interface TeamsTable extends EntityColumns {
  id: number;
  name: string | null;
}

export interface TeamMembersTable extends ChildColumns {
  team_id: number;
  user_id: number;
}

export interface SavedViewsTable extends EntityColumns {
  id: number;
  list_id: number | null;
  name: string | null;
  /** sheet | board | dashboard */
  type: string | null;
  created_at: Ts | null;
}

export interface WebhooksTable extends EntityColumns {
  id: number;
  url: string | null;
  subscriptions_json: JsonText | null;
  status: string | null;
  creator_id: number | null;
  created_at: Ts | null;
  updated_at: Ts | null;
}

export interface MergesTable extends EntityColumns {
  /** company | person */
  entity_type: string;
  id: number;
  primary_id: number | null;
  duplicate_id: number | null;
  status: string | null;
  error_message: string | null;
  task_id: string | null;
  created_at: Ts | null;
  completed_at: Ts | null;
}

export interface RelationshipStrengthsTable extends EntityColumns {
  internal_id: number;
  external_id: number;
  strength: number | null;
}

export interface WarehouseTables {
  companies: CompaniesTable;
  persons: PersonsTable;
  opportunities: OpportunitiesTable;
  lists: ListsTable;
  list_entries: ListEntriesTable;
  fields: FieldsTable;
  field_scopes: FieldScopesTable;
  dropdown_options: DropdownOptionsTable;
  field_values: FieldValuesTable;
  opportunity_persons: OpportunityPersonsTable;
  opportunity_companies: OpportunityCompaniesTable;
  company_persons: CompanyPersonsTable;
  field_value_changes: FieldValueChangesTable;
  notes: NotesTable;
  note_attachments: NoteAttachmentsTable;
  reminders: RemindersTable;
  interactions: InteractionsTable;
  interaction_participants: InteractionParticipantsTable;
  transcripts: TranscriptsTable;
  transcript_fragments: TranscriptFragmentsTable;
  files: FilesTable;
  users: UsersTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  saved_views: SavedViewsTable;
  webhooks: WebhooksTable;
  merges: MergesTable;
  relationship_strengths: RelationshipStrengthsTable;
}

export type WarehouseTableName = keyof WarehouseTables;
