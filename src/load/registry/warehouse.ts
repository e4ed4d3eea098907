/**
 * THE warehouse registry: every warehouse table of the migrations, written once. The Kysely types
 * (schema-warehouse.ts), the loader's specs (tables.ts), the RowBatch types (batch.ts) and the lists of
 * `status` and `demo` derive from it; test/integration/schema-registry.test.ts checks it against the
 * migrated database on both dialects (tables, columns, type family, nullability, primary key).
 * Column meanings and sources: docs/warehouse.md. Conventions:
 * - ids are numbers (int64 ≤ 2^53-1), field ids are text (`field-123`, `affinity-data-location`);
 * - timestamps are ISO-8601 UTC strings, JSON columns are text;
 * - booleans are boolean on PostgreSQL and 0/1 on SQLite (the loader converts);
 * - enums are v2 string names (`company`, `person`, `opportunity`, `add|update|delete`, ...);
 * - `list_entry_id = 0` in composite keys means "not on a list entry";
 * - a column is nullable (`?`) unless the API always carries it: a record missing a name must still land.
 * Migrations are frozen: changing a table here needs a new migration; the schema test fails until both agree.
 */
import { child, entity } from './columns.ts';

export const WAREHOUSE = {
  companies: entity(['id'], {
    id: 'id',
    name: 'text?',
    domain: 'text?',
    domains_json: 'json?',
    is_global: 'bool?',
    merged_into_id: 'id?',
  }),
  persons: entity(['id'], {
    id: 'id',
    first_name: 'text?',
    last_name: 'text?',
    primary_email: 'text?',
    emails_json: 'json?',
    /** internal | external | collaborator */
    type: 'text?',
    merged_into_id: 'id?',
  }),
  opportunities: entity(['id'], {
    id: 'id',
    name: 'text?',
    list_id: 'id?',
    list_entry_id: 'id?',
    created_at: 'ts?',
    creator_id: 'id?',
  }),
  lists: entity(['id'], {
    id: 'id',
    name: 'text?',
    /** company | person | opportunity */
    type: 'text?',
    is_public: 'bool?',
    owner_id: 'id?',
    creator_id: 'id?',
    created_at: 'ts?',
    size: 'int?',
  }),
  list_entries: entity(['id'], {
    id: 'id',
    list_id: 'id',
    /** company | person | opportunity */
    entity_type: 'text',
    entity_id: 'id',
    created_at: 'ts?',
    creator_id: 'id?',
  }),
  fields: entity(['id'], {
    /** v2 field id: `field-123`, `affinity-data-location`, `first-email`, `companies`, ... */
    id: 'text',
    v1_id: 'id?',
    name: 'text?',
    /** global | list | enriched | relationship-intelligence */
    type: 'text?',
    /** v2 value type name: text, number, datetime, ranked-dropdown, person-multi, ... */
    value_type: 'text?',
    entity_type: 'text?',
    list_id: 'id?',
    enrichment_source: 'text?',
    allows_multiple: 'bool?',
    track_changes: 'bool?',
  }),
  /** Migration 005: every (entity type, list) that defines a field id, with what that scope says of it. */
  field_scopes: child(['field_id', 'entity_type', 'list_id'], {
    field_id: 'text',
    entity_type: 'text',
    /** 0 = defined on the entity type itself, not by one list. */
    list_id: 'id',
    /** global | list | enriched | relationship-intelligence, as this scope defines it */
    type: 'text?',
    /** The definition as this scope's endpoint returned it. */
    definition_json: 'json?',
  }),
  dropdown_options: child(['field_id', 'id'], {
    field_id: 'text',
    id: 'id',
    text: 'text?',
    rank: 'int?',
    color: 'text?',
  }),
  field_values: child(['field_id', 'entity_type', 'entity_id', 'list_entry_id', 'value_index'], {
    field_id: 'text',
    entity_type: 'text',
    entity_id: 'id',
    /** 0 = a value on the entity itself (global / enriched / relationship-intelligence fields). */
    list_entry_id: 'id',
    /** 0.. within a multi-valued cell; one row per value. */
    value_index: 'int',
    value_type: 'text',
    value_json: 'json?',
    value_text: 'text?',
    value_number: 'real?',
    value_date: 'ts?',
    /** Person / company / dropdown option id the value references. */
    ref_id: 'id?',
    list_id: 'id?',
    updated_at: 'ts?',
  }),
  opportunity_persons: child(['opportunity_id', 'person_id'], { opportunity_id: 'id', person_id: 'id' }),
  opportunity_companies: child(['opportunity_id', 'company_id'], { opportunity_id: 'id', company_id: 'id' }),
  company_persons: child(['company_id', 'person_id'], { company_id: 'id', person_id: 'id' }),
  field_value_changes: entity(['id'], {
    id: 'id',
    field_id: 'text',
    entity_type: 'text?',
    entity_id: 'id',
    list_entry_id: 'id?',
    list_id: 'id?',
    /** add | update | delete */
    action_type: 'text',
    changed_at: 'ts',
    changer_id: 'id?',
    value_type: 'text?',
    value_json: 'json?',
  }),
  notes: entity(['id'], {
    id: 'id',
    type: 'text?',
    parent_id: 'id?',
    content_html: 'text?',
    content_text: 'text?',
    creator_id: 'id?',
    interaction_id: 'id?',
    interaction_type: 'text?',
    transcript_id: 'id?',
    created_at: 'ts?',
    updated_at: 'ts?',
  }),
  note_attachments: child(['note_id', 'entity_type', 'entity_id'], {
    note_id: 'id',
    /** person | company | opportunity */
    entity_type: 'text',
    entity_id: 'id',
  }),
  reminders: entity(['id'], {
    id: 'id',
    /** one-time | recurring */
    type: 'text?',
    content: 'text?',
    due_date: 'ts?',
    reset_type: 'text?',
    reminder_days: 'int?',
    status: 'text?',
    owner_id: 'id?',
    creator_id: 'id?',
    completer_id: 'id?',
    person_id: 'id?',
    company_id: 'id?',
    opportunity_id: 'id?',
    created_at: 'ts?',
    completed_at: 'ts?',
  }),
  /** Interaction ids are unique only per kind, hence the composite key. */
  interactions: entity(['kind', 'id'], {
    /** email | meeting | call | chat-message */
    kind: 'text',
    id: 'id',
    subject: 'text?',
    started_at: 'ts?',
    ended_at: 'ts?',
    all_day: 'bool?',
    direction: 'text?',
    logging_type: 'text?',
    creator_id: 'id?',
    created_at: 'ts?',
    updated_at: 'ts?',
  }),
  interaction_participants: child(['kind', 'interaction_id', 'role', 'position'], {
    kind: 'text',
    interaction_id: 'id',
    /** from | to | cc | attendee | organizer | participant */
    role: 'text',
    position: 'int',
    person_id: 'id?',
    email_address: 'text?',
  }),
  transcripts: entity(['id'], {
    id: 'id',
    title: 'text?',
    meeting_id: 'id?',
    note_id: 'id?',
    language: 'text?',
    created_at: 'ts?',
  }),
  transcript_fragments: child(['transcript_id', 'idx'], {
    transcript_id: 'id',
    idx: 'int',
    speaker: 'text?',
    content: 'text?',
    start_ms: 'int?',
    end_ms: 'int?',
  }),
  files: entity(['id'], {
    id: 'id',
    name: 'text?',
    /** Bytes (stored as bigint, like the ids). */
    size: 'id?',
    content_type: 'text?',
    person_id: 'id?',
    company_id: 'id?',
    opportunity_id: 'id?',
    uploader_id: 'id?',
    created_at: 'ts?',
  }),
  users: entity(['id'], {
    id: 'id',
    first_name: 'text?',
    last_name: 'text?',
    email_address: 'text?',
    type: 'text?',
  }),
  teams: entity(['id'], { id: 'id', name: 'text?' }),
  team_members: child(['team_id', 'user_id'], { team_id: 'id', user_id: 'id' }),
  saved_views: entity(['id'], {
    id: 'id',
    list_id: 'id?',
    name: 'text?',
    /** sheet | board | dashboard */
    type: 'text?',
    created_at: 'ts?',
  }),
  webhooks: entity(['id'], {
    id: 'id',
    url: 'text?',
    subscriptions_json: 'json?',
    status: 'text?',
    creator_id: 'id?',
    created_at: 'ts?',
    updated_at: 'ts?',
  }),
  merges: entity(['entity_type', 'id'], {
    /** company | person */
    entity_type: 'text',
    id: 'id',
    primary_id: 'id?',
    duplicate_id: 'id?',
    status: 'text?',
    error_message: 'text?',
    task_id: 'text?',
    created_at: 'ts?',
    completed_at: 'ts?',
  }),
  /** Migration 008: pairs the service suggests merging; ids ascending, so a pair is one row whichever way it is named. */
  duplicate_suggestions: entity(['entity_type', 'first_id', 'second_id'], {
    /** company | person */
    entity_type: 'text',
    first_id: 'id',
    second_id: 'id',
    confidence: 'text?',
  }),
  relationship_strengths: entity(['internal_id', 'external_id'], {
    internal_id: 'id',
    external_id: 'id',
    strength: 'real?',
  }),
};

export type WarehouseDecls = typeof WAREHOUSE;
