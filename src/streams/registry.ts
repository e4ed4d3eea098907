import { callsStream } from './calls.ts';
import { chatMessagesStream } from './chat-messages.ts';
import { companiesChangedStream } from './companies-changed.ts';
import { companiesStream } from './companies.ts';
import { companyDuplicateSuggestionsStream } from './company-duplicate-suggestions.ts';
import { companyMergesStream } from './company-merges.ts';
import { companyPersonsFullStream } from './company-persons-full.ts';
import type { AnyStream } from './define.ts';
import { emailsStream } from './emails.ts';
import { fieldValueChangesByFieldStream } from './field-value-changes-by-field.ts';
import { fieldValueChangesV1Stream } from './field-value-changes-v1.ts';
import { fieldValueChangesStream } from './field-value-changes.ts';
import { fieldsV1Stream } from './fields-v1.ts';
import { fieldsStream } from './fields.ts';
import { filesPerEntityStream } from './files-per-entity.ts';
import { filesStream } from './files.ts';
import { listEntriesChangedStream } from './list-entries-changed.ts';
import { listEntriesStream } from './list-entries.ts';
import { listsV1Stream } from './lists-v1.ts';
import { listsStream } from './lists.ts';
import { meetingsStream } from './meetings.ts';
import { notesUpdatesStream } from './notes-updates.ts';
import { notesStream } from './notes.ts';
import { opportunitiesStream } from './opportunities.ts';
import { opportunityAssociationsFullStream } from './opportunity-associations-full.ts';
import { opportunityAssociationsStream } from './opportunity-associations.ts';
import { personCompaniesFullStream } from './person-companies-full.ts';
import { personsUnseenStream } from './persons-unseen.ts';
import { companiesUnseenStream } from './companies-unseen.ts';
import { personDuplicateSuggestionsStream } from './person-duplicate-suggestions.ts';
import { personMergesStream } from './person-merges.ts';
import { personsChangedStream } from './persons-changed.ts';
import { personsStream } from './persons.ts';
import { relationshipStrengthsStream } from './relationship-strengths.ts';
import { remindersUpdatesStream } from './reminders-updates.ts';
import { remindersStream } from './reminders.ts';
import { savedViewsStream } from './saved-views.ts';
import { teamMembersStream } from './team-members.ts';
import { teamsStream } from './teams.ts';
import { transcriptFragmentsStream } from './transcript-fragments.ts';
import { transcriptsStream } from './transcripts.ts';
import { usersStream } from './users.ts';
import { webhooksStream } from './webhooks.ts';

/** Every stream relsync knows. Adding a collection adds a file and a line here (docs/CONVENTIONS.md). */
export const ALL_STREAMS: readonly AnyStream[] = [
  listsStream,
  listsV1Stream,
  fieldsStream,
  fieldsV1Stream,
  companiesStream,
  personsStream,
  opportunitiesStream,
  listEntriesStream,
  opportunityAssociationsStream,
  opportunityAssociationsFullStream,
  companyPersonsFullStream,
  personCompaniesFullStream,
  fieldValueChangesStream,
  fieldValueChangesByFieldStream,
  fieldValueChangesV1Stream,
  companiesChangedStream,
  companiesUnseenStream,
  personsChangedStream,
  personsUnseenStream,
  listEntriesChangedStream,
  savedViewsStream,
  notesStream,
  remindersStream,
  notesUpdatesStream,
  remindersUpdatesStream,
  emailsStream,
  meetingsStream,
  callsStream,
  chatMessagesStream,
  transcriptsStream,
  transcriptFragmentsStream,
  filesStream,
  filesPerEntityStream,
  usersStream,
  teamsStream,
  teamMembersStream,
  webhooksStream,
  companyMergesStream,
  personMergesStream,
  relationshipStrengthsStream,
  companyDuplicateSuggestionsStream,
  personDuplicateSuggestionsStream,
];

export function streamNames(): string[] {
  return ALL_STREAMS.map((s) => s.name);
}
