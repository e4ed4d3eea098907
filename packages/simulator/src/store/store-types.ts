/**
 * The simulator's canonical data model (camelCase, close to `/v2`). Both interfaces render from it; tests
 * compare the warehouse to it. Timestamps are ISO-8601 UTC strings (`2024-03-01T10:00:00.000Z`).
 *
 * Identifier spaces (disjoint so a mixed-up id in a consumer shows up as a miss, not a wrong row):
 *   persons 100_000_001+, companies 200_000_001+, opportunities 300_000_001+, list entries 400_000_001+,
 *   lists 1_001+, custom fields `field-<n>` with n 2_001+, dropdown options 50_001+, notes 5_000_001+,
 *   reminders 6_000_001+, interactions 7_000_001+ (one counter for all kinds), transcripts 8_000_001+,
 *   files 9_000_001+, saved views 3_001+, webhooks 101+, teams 11+, merges 1+, field value changes 1+.
 * Users are the internal persons (a user's id IS its person id).
 *
 * Field values are keyed by field + row, where the row is the entity id for non-list fields and the list
 * entry id for list fields. Values are `{type, data}` in the `/v2` WRITE form: references hold ids only
 * (`{type:'person', data:{id}}`, `{type:'dropdown', data:{dropdownOptionId}}`); renderers expand them.
 * Generated values are derived lazily from the seed (see `FieldValueSource`), writes overlay them.
 */

export type EntityType = 'company' | 'person' | 'opportunity';
export type ListType = EntityType;
export type FieldType = 'enriched' | 'global' | 'list' | 'relationship-intelligence';
export type EnrichmentSource = 'affinity-data' | 'dealroom' | null;

export const VALUE_TYPES = [
  'text',
  'filterable-text',
  'filterable-text-multi',
  'number',
  'number-multi',
  'datetime',
  'location',
  'location-multi',
  'dropdown',
  'dropdown-multi',
  'ranked-dropdown',
  'person',
  'person-multi',
  'company',
  'company-multi',
  'formula-number',
  'interaction',
  'note',
  'reminder',
  'list-multi',
] as const;
export type ValueType = (typeof VALUE_TYPES)[number];

/** Value types only rendered from API version 2026-09-17 on. */
export const LATE_VALUE_TYPES: ReadonlySet<ValueType> = new Set(['note', 'reminder', 'list-multi']);

export interface FieldValue {
  type: ValueType;
  data: unknown;
}

export interface SimLocation {
  streetAddress: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  continent: string | null;
}

export interface SimUser {
  id: number;
  firstName: string;
  lastName: string | null;
  emailAddress: string;
}

export interface SimTeam {
  id: number;
  name: string;
  memberIds: number[];
  accessibleListIds: number[];
}

export interface SimCompany {
  id: number;
  name: string;
  domain: string | null;
  domains: string[];
  isGlobal: boolean;
  personIds: number[];
  opportunityIds: number[];
  createdAt: string;
}

export interface SimPerson {
  id: number;
  firstName: string;
  lastName: string | null;
  primaryEmailAddress: string | null;
  emailAddresses: string[];
  type: 'internal' | 'external';
  companyIds: number[];
  /** Subset of companyIds the person currently works at. */
  currentCompanyIds: number[];
  opportunityIds: number[];
  createdAt: string;
}

export interface SimOpportunity {
  id: number;
  name: string;
  listId: number;
  personIds: number[];
  companyIds: number[];
  createdAt: string;
}

export interface SimList {
  id: number;
  name: string;
  type: ListType;
  isPublic: boolean;
  ownerId: number;
  creatorId: number;
  createdAt: string;
}

export interface SimListEntry {
  id: number;
  listId: number;
  entityType: EntityType;
  entityId: number;
  createdAt: string;
  creatorId: number | null;
}

export interface SimField {
  /** Unique key in `store.fields`: the wire id for `field-<n>`, `<entityType>/<id>` for shared system ids. */
  key: string;
  /** Wire id on `/v2`: `field-123`, `affinity-data-location`, `last-email`, `persons`, ... */
  id: string;
  /** Numeric id on the older interface (`field-123` -> 123); null for fields v1 does not expose. */
  v1Id: number | null;
  name: string;
  type: FieldType;
  entityType: EntityType;
  listId: number | null;
  valueType: ValueType;
  allowsMultiple: boolean;
  trackChanges: boolean;
  enrichmentSource: EnrichmentSource;
  /**
   * Association fields (`persons`, `companies`): list fields of opportunity lists (both) and person lists
   * (`companies`), derived from the entity's id arrays, never stored; hidden under the seed contract.
   */
  association: boolean;
  /** Small stable integer used in derived ids (v1 field value ids) and per-cell hashing. */
  ordinal: number;
  createdAt: string | null;
}

export interface SimDropdownOption {
  id: number;
  text: string;
  rank: number;
  /** Index into DROPDOWN_COLORS (v1 renders the index, v2 the name). */
  color: number;
}

export const DROPDOWN_COLORS = ['gray', 'red', 'orange', 'yellow', 'green', 'blue', 'purple', 'pink'] as const;

export type ChangeAction = 'add' | 'update' | 'delete';

export interface SimFieldValueChange {
  id: number;
  fieldKey: string;
  entityType: EntityType;
  entityId: number;
  listEntryId: number | null;
  actionType: ChangeAction;
  changedAt: string;
  changerId: number | null;
  /** New value (old value on delete); for `-multi` fields ONE element per change row, typed as the field. */
  value: FieldValue;
}

export type NoteType = 'entities' | 'interaction' | 'ai-notetaker' | 'user-reply' | 'ai-notetaker-reply';

export interface SimNote {
  id: number;
  type: NoteType;
  parentId: number | null;
  contentHtml: string;
  creatorId: number;
  personIds: number[];
  companyIds: number[];
  opportunityIds: number[];
  mentionedPersonIds: number[];
  interaction: { id: number; type: InteractionKind } | null;
  transcriptId: number | null;
  createdAt: string;
  updatedAt: string | null;
}

export interface SimReminder {
  id: number;
  type: 'one-time' | 'recurring';
  content: string;
  dueDate: string;
  createdAt: string;
  updatedAt: string | null;
  creatorId: number;
  ownerId: number;
  completerId: number | null;
  completedAt: string | null;
  resetType: 'interaction' | 'email' | 'meeting' | null;
  reminderDays: number | null;
  status: 'completed' | 'active' | 'overdue';
  personId: number | null;
  companyId: number | null;
  opportunityId: number | null;
}

export type InteractionKind = 'email' | 'meeting' | 'call' | 'chat-message';

export interface SimInteraction {
  id: number;
  kind: InteractionKind;
  /** Email subject / meeting title; null for calls and chats. */
  title: string | null;
  /** sentAt for emails and chats, startTime for meetings and calls. */
  date: string;
  endTime: string | null;
  allDay: boolean;
  direction: 'sent' | 'received';
  loggingType: 'automated' | 'manual';
  creatorId: number | null;
  /** Emails: sender. Meetings: organizer. */
  fromPersonId: number | null;
  /** Emails: to. Others: attendees / participants. */
  personIds: number[];
  ccPersonIds: number[];
  /** Attendees known only by address. */
  externalEmails: string[];
  createdAt: string;
  updatedAt: string | null;
}

export interface SimTranscriptFragment {
  speakerPersonId: number | null;
  speakerName: string;
  content: string;
  startMs: number;
  endMs: number;
}

export interface SimTranscript {
  id: number;
  meetingId: number;
  title: string;
  language: string;
  createdAt: string;
  fragments: SimTranscriptFragment[];
}

export interface SimFile {
  id: number;
  name: string;
  size: number;
  contentType: string;
  personId: number | null;
  companyId: number | null;
  opportunityId: number | null;
  uploaderId: number;
  createdAt: string;
}

export interface SimSavedView {
  id: number;
  listId: number;
  name: string;
  type: 'sheet' | 'board' | 'dashboard';
  createdAt: string;
  /** Column field keys shown by the view. */
  fieldKeys: string[];
  /** The view's filter: only entries created at or after this instant (null = all rows). */
  createdSince: string | null;
}

export interface SimWebhook {
  id: number;
  url: string;
  subscriptions: string[];
  status: 'active' | 'disabled';
  creatorId: number;
  createdAt: string;
  updatedAt: string | null;
}

export interface SimMerge {
  id: number;
  kind: 'company' | 'person';
  primaryId: number;
  duplicateId: number;
  taskId: string;
  status: 'in-progress' | 'success' | 'failed';
  startedAt: string;
  completedAt: string | null;
  errorMessage: string | null;
}

export interface SimTenant {
  id: number;
  name: string;
  subdomain: string;
}

export interface ScaleCounts {
  companies: number;
  persons: number;
  lists: number;
  opportunities: number;
  /**
   * Companies anyone looks at: lists, deals, company notes and recent interactions draw from these alone
   * (spread over the id range). Absent: every company (tiny and small, whose data tests pin).
   */
  relevantCompanies?: number;
}

/** One concrete field value, as enumerated by `store.iterFieldValues()` / `store.fieldValuesOfEntity()`. */
export interface FieldValueRecord {
  fieldKey: string;
  fieldId: string;
  entityType: EntityType;
  entityId: number;
  listEntryId: number | null;
  value: FieldValue;
}
