/**
 * What each warehouse table and column means, as data: docs/schema.md is rendered from it (npm run
 * docs:schema). Keyed by the registry's own names, so a table added to warehouse.ts without a meaning, or
 * a meaning naming a column that does not exist, fails to compile.
 */
import type { WarehouseDecls } from './warehouse.ts';

type Cols<T extends keyof WarehouseDecls> = keyof WarehouseDecls[T]['columns'] & string;
export interface TableDoc<C extends string> {
  readonly meaning: string;
  readonly columns: Partial<Record<C, string>>;
}
export type WarehouseDocs = { readonly [T in keyof WarehouseDecls]: TableDoc<Cols<T>> };

/** The meta columns' meanings, shared by every table that has them. */
export const META_DOCS: Readonly<Record<'_raw' | '_synced_at' | '_deleted_at' | '_deleted_seen_at', string>> = {
  _raw: 'the record as last read (JSON text), members relsync does not map included',
  _synced_at: 'when a sync last wrote this row (the run clock, UTC)',
  _deleted_at:
    'null while the record exists upstream; when it was deleted: the merge time the service gives for a record merged away, else when a completed sweep no longer returned it',
  _deleted_seen_at: 'null while the record exists upstream; when relsync found it deleted or merged away (the run clock of that sync; migration 020)',
};

const ENTITY = 'company | person | opportunity';

/** Meanings of columns that mean the same in every table that has them (a table's own entry wins). */
export const COMMON_DOCS: Readonly<Record<string, string>> = {
  id: "the service's id",
  name: 'name',
  title: 'title',
  first_name: 'first name',
  last_name: 'last name',
  email_address: 'email address',
  url: 'the URL called',
  content: 'text content',
  language: 'language',
  speaker: 'who spoke',
  due_date: 'when due',
  created_at: 'when created upstream',
  updated_at: 'when last updated upstream',
  completed_at: 'when completed',
  ended_at: 'end time',
  all_day: 'an all-day event',
  creator_id: 'person who created it',
  owner_id: 'person who owns it',
  completer_id: 'person who completed it',
  error_message: 'why a merge failed',
  status: 'state as the service names it',
  text: 'option text',
  first_id: 'the lower id of the pair',
  second_id: 'the higher id of the pair',
  content_type: 'MIME type',
  entity_type: ENTITY,
  entity_id: 'the company, person or opportunity (by `entity_type`)',
};

export const WAREHOUSE_DOCS: WarehouseDocs = {
  companies: {
    meaning: 'Companies (organizations).',
    columns: {
      id: 'company id',
      domain: 'primary domain',
      domains_json: 'every domain (JSON array)',
      is_global: 'a company of the global database, not created by the organisation',
      merged_into_id: 'the survivor this company was merged into',
      _first_seen_at: 'when relsync first stored it (the run clock; null if stored before migration 026): no interface says when a record was created',
    },
  },
  persons: {
    meaning: "Persons (contacts and the organisation's own users).",
    columns: {
      id: 'person id',
      primary_email: 'primary email address',
      emails_json: 'every email address (JSON array)',
      type: 'internal | external | collaborator',
      merged_into_id: 'the survivor this person was merged into',
      _first_seen_at: 'when relsync first stored it (the run clock; null if stored before migration 026): no interface says when a record was created',
    },
  },
  opportunities: {
    meaning: 'Opportunities (deals); each lives on exactly one list.',
    columns: {
      id: 'opportunity id',
      list_id: 'the list the opportunity belongs to',
      list_entry_id: 'its entry on that list',
      creator_id: 'person who created it',
    },
  },
  lists: {
    meaning: 'Lists of companies, persons or opportunities.',
    columns: {
      type: `the kind of entity listed: ${ENTITY}`,
      is_public: 'visible to the whole organisation',
      owner_id: 'owning person',
      creator_id: 'creating person',
      size: 'number of entries, from the older `GET /lists` listing; null where the service gives the size only on the single-list read (the seed contract, docs/contract.md §S4)',
    },
  },
  list_entries: {
    meaning: "An entity's membership of a list; list field values hang off the entry.",
    columns: { entity_type: ENTITY, entity_id: 'the listed company, person or opportunity', creator_id: 'person who added the entry' },
  },
  fields: {
    meaning: 'Field definitions: global, list, enriched and relationship-intelligence fields.',
    columns: {
      id: 'v2 field id: `field-123`, `affinity-data-location`, `first-email`, `companies`, ...',
      v1_id: 'numeric v1 id of a custom field',
      type: 'global | list | enriched | relationship-intelligence (a system id: derived from its definitions in `field_scopes`)',
      value_type: 'v2 value type name: text, number, datetime, ranked-dropdown, person-multi, ...',
      entity_type: 'the entity type the field describes (a system id defined on several: null, see `entity_types`)',
      entity_types: 'every entity type the field is defined on, alphabetical, joined by `,` (`company`, `company,person`; from `field_scopes`, migration 024)',
      list_id: 'the list of a list field',
      enrichment_source: 'provider of an enriched field',
      allows_multiple: 'a cell may hold several values',
      track_changes: "the change log records this field's changes",
    },
  },
  field_scopes: {
    meaning: 'Every (entity type, list) that defines a field id, with what that scope says of it (migration 005).',
    columns: {
      list_id: '0 = defined on the entity type itself, not by one list',
      type: 'global | list | enriched | relationship-intelligence, as this scope defines it',
      definition_json: "the definition as this scope's endpoint returned it",
    },
  },
  dropdown_options: {
    meaning: 'Options of dropdown and ranked-dropdown fields.',
    columns: {
      id: 'option id (`dropdownOptionId` in values)',
      rank: 'order of a ranked-dropdown option',
      color: 'colour name ("gray") as the last `/v2` value naming the option gave it; null until one is read (or after `color_code` changed)',
      color_code: 'colour as the v1 integer of `GET /fields` (no document maps it to a name) (migration 011)',
    },
  },
  field_values: {
    meaning:
      'One row per value of a field on an entity or a list entry; a multi-valued cell has one row per element, an empty cell none. ' +
      'Never the association fields `companies` / `persons`: their one home is the association tables (migration 010 deleted earlier copies).',
    columns: {
      entity_type: ENTITY,
      list_entry_id: '0 = a value on the entity itself (global / enriched / relationship-intelligence fields)',
      value_index: '0.. within a multi-valued cell',
      value_type: "the value's v2 type",
      value_json: 'the value alone (one element of a multi-valued cell), JSON text; the same JSON as field_value_changes.value_json for the same value',
      value_text: 'text, dropdown option text, company name, location as "city, state, country"',
      value_number: 'number, formula result, rank of a ranked-dropdown option',
      value_date: "datetime values; an interaction value's time",
      ref_id: 'person / company / dropdown option / interaction id the value references',
      list_id: 'the list of a list-entry value',
    },
  },
  opportunity_persons: { meaning: "Persons associated with an opportunity: the whole set, the `persons` association field's only home.", columns: {} },
  opportunity_companies: { meaning: "Companies associated with an opportunity: the whole set, the `companies` association field's only home.", columns: {} },
  company_persons: {
    meaning: 'Persons associated with a company: the whole set, the only home of the `persons` / `companies` association fields.',
    columns: {},
  },
  field_value_changes: {
    meaning: "Append-only history of tracked fields' changes, the association fields' included (history, not current state).",
    columns: {
      entity_type: ENTITY,
      list_entry_id: 'the entry, for a list field',
      list_id: 'the list, for a list field',
      action_type: 'add | update | delete',
      changed_at: 'when the change happened',
      changer_id: 'person who made it',
      value_type: "the value's v2 type",
      value_json: 'new value (the removed value for `delete`), JSON text, in the shape of field_values.value_json',
      value_text: 'typed like field_values.value_text (null for a reference to a record deleted since)',
      value_number: 'typed like field_values.value_number',
      value_date: 'typed like field_values.value_date',
      ref_id: 'typed like field_values.ref_id',
    },
  },
  notes: {
    meaning: 'Notes and their replies.',
    columns: {
      type: 'entities | interaction | ai-notetaker | user-reply | ai-notetaker-reply',
      parent_id: 'the note replied to',
      content_html: 'HTML content',
      content_text: 'plain-text content',
      interaction_id: 'the interaction of an interaction note',
      interaction_type: 'meeting | call | email | chat-message',
      transcript_id: 'the AI-notetaker transcript (`/v2/notes` `transcriptId`); null when none or unknown (replies, API versions before 2026-09-17)',
    },
  },
  note_attachments: {
    meaning: 'Entities a note is attached to or mentions.',
    columns: {
      entity_type: 'person | company | opportunity',
      attached: 'the note is attached to the entity (null: stored before migration 009, until the note is next read)',
      mentioned: 'the note @-mentions the person (null: as for attached)',
    },
  },
  reminders: {
    meaning: 'Reminders, one-time and recurring.',
    columns: {
      type: 'one-time | recurring',
      reset_type: 'interaction | email | meeting (recurring reminders)',
      reminder_days: 'days between recurrences',
      status: 'completed | active | overdue',
      person_id: 'the person the reminder is about',
      company_id: 'the company the reminder is about',
      opportunity_id: 'the opportunity the reminder is about',
    },
  },
  interactions: {
    meaning: 'Emails, meetings, calls and chat messages; ids are unique only per kind, hence the composite key.',
    columns: {
      kind: 'email | meeting | call | chat-message',
      subject: 'email subject / meeting title',
      started_at: 'sent (email) or start time',
      direction: 'sent | received',
      logging_type: 'automated | manual',
    },
  },
  interaction_participants: {
    meaning: 'Who took part in an interaction, by role.',
    columns: {
      kind: 'email | meeting | call | chat-message',
      role: 'from | to | cc | attendee | organizer | participant',
      position: '0.. within the role',
      person_id: 'the known person with this address',
      email_address: 'address as the interaction names it',
    },
  },
  transcripts: {
    meaning: 'Meeting transcripts.',
    columns: {
      meeting_id: 'the meeting transcribed',
      note_id: 'the live note whose `transcript_id` names it (the lowest id when several do), derived at the end of each run',
      fragments_count:
        'how many fragments the listing says it has (null when the listing gives no count); a count other than the rows held has its fragments read again',
    },
  },
  transcript_fragments: {
    meaning: "A transcript's fragments, in order.",
    columns: { idx: 'order within the transcript', start_ms: "offset of the start from the transcript's start", end_ms: 'offset of the end' },
  },
  files: {
    meaning: 'Files attached to persons, companies and opportunities (contents are not downloaded).',
    columns: { size: 'bytes', uploader_id: 'person who uploaded it' },
  },
  users: { meaning: "Users of the organisation; a user's id is its internal person id.", columns: { type: 'user type as the service names it' } },
  teams: { meaning: 'Teams of users.', columns: {} },
  team_members: { meaning: 'Users in a team.', columns: {} },
  saved_views: { meaning: 'Saved views of lists.', columns: { type: 'sheet | board | dashboard' } },
  webhooks: { meaning: 'Webhook subscriptions.', columns: { subscriptions_json: 'event names (JSON array; [] = all)', status: 'active | disabled' } },
  merges: {
    meaning: 'Merges of duplicate companies and persons.',
    columns: { entity_type: 'company | person', primary_id: 'the survivor', duplicate_id: 'the record merged away', task_id: 'batch merge task uuid' },
  },
  duplicate_suggestions: {
    meaning: 'Pairs the service suggests merging (migration 008); ids ascending, so a pair is one row whichever way it is named.',
    columns: { entity_type: 'company | person', confidence: 'as the service says it' },
  },
  relationship_strengths: {
    meaning: 'Strength of the relationship between an internal and an external person.',
    columns: { internal_id: 'internal person', external_id: 'external person', strength: '0 to 1' },
  },
};
