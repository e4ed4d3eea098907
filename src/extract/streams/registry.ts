import type { StreamDef } from '../stream.ts';
import { activityStreams } from './activity-index.ts';
import { companiesStream, companyPersonsFullStream } from './companies.ts';
import { fieldValueChangesStream, fieldValueChangesV1Stream } from './field-value-changes.ts';
import { companiesChangedStream, listEntriesChangedStream, personsChangedStream } from './targeted.ts';
import { fieldsStream, fieldsV1Stream } from './fields.ts';
import { listEntriesStream, savedViewsStream } from './list-entries.ts';
import { listsStream, listsV1Stream } from './lists.ts';
import { opportunitiesStream, opportunityAssociationsFullStream, opportunityAssociationsStream } from './opportunities.ts';
import { personCompaniesFullStream, personsStream } from './persons.ts';

/** Every stream relsync knows. Adding a collection adds a file and a line here. */
export const ALL_STREAMS: readonly StreamDef[] = [
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
  fieldValueChangesV1Stream,
  companiesChangedStream,
  personsChangedStream,
  listEntriesChangedStream,
  savedViewsStream,
  ...activityStreams,
];

export function streamNames(): string[] {
  return ALL_STREAMS.map((s) => s.name);
}
