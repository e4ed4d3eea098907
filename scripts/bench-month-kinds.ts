/**
 * The kinds of change the month bench makes, how often, and what one records: shared by the writers
 * (bench-month-changes.ts, bench-month-records.ts) and the judge (bench-month-shown.ts).
 */

export type CompanyKind = 'link_add' | 'link_remove' | 'rename' | 'delete' | 'list' | 'list_remove' | 'field';
export type RecordKind =
  | 'person_rename'
  | 'person_delete'
  | 'company_new'
  | 'person_new'
  | 'person_from_email'
  | 'entry_field'
  | 'entry_field_untracked'
  | 'deal_rename'
  | 'deal_person'
  | 'deal_company'
  | 'merge';
export type ChangeKind = CompanyKind | RecordKind;
export const CHANGE_KINDS: readonly CompanyKind[] = ['link_add', 'link_remove', 'rename', 'delete', 'list', 'list_remove', 'field'];
export const RECORD_KINDS: readonly RecordKind[] = [
  'person_rename',
  'person_delete',
  'company_new',
  'person_new',
  'person_from_email',
  'entry_field',
  'entry_field_untracked',
  'deal_rename',
  'deal_person',
  'deal_company',
  'merge',
];
export const ALL_KINDS: readonly ChangeKind[] = [...CHANGE_KINDS, ...RECORD_KINDS];
/** Changes of a person (its `person`), never of the company the bench drew: a company's delete hides none. */
export const PERSON_KINDS: ReadonlySet<ChangeKind> = new Set(['person_rename', 'person_delete', 'person_new', 'person_from_email']);

/**
 * Changes a day per 1,000 companies (a team's week: a few new contacts, job moves, renames, a cleanup).
 * Lists lose entries as fast as they gain them (deals passed on, a pipeline cleaned), as a real tenant's do.
 * That does not keep the hot tier flat: an entry added puts a company that was mostly cold on a list, while
 * an entry removed is mostly one of a company hot for other reasons too (linked to a deal, on another list).
 */
export const DAILY_PER_1000: Record<ChangeKind, number> = {
  link_add: 2,
  link_remove: 2,
  rename: 0.5,
  delete: 0.2,
  list: 1,
  list_remove: 1,
  field: 5,
  person_rename: 0.5,
  person_delete: 0.2,
  company_new: 1,
  person_new: 1,
  person_from_email: 3,
  entry_field: 3,
  entry_field_untracked: 2,
  deal_rename: 0.3,
  deal_person: 0.5,
  deal_company: 0.5,
  merge: 0.3,
};

export interface Change {
  kind: ChangeKind;
  /** The company changed (0 for a change of a person or a deal alone); a merge's duplicate. */
  company: number;
  /** Person of a link or a person change, list entry id, deal, merge's survivor, new name, field id + value. */
  person?: number;
  entry?: number;
  opportunity?: number;
  survivor?: number;
  name?: string;
  field?: string;
  value?: number | string;
  at: number;
  /** The tier relsync's planner gave the company (a person change: the person) that day; deals and entries count hot. */
  tier: 'hot' | 'cold';
  /** Relevant by the simulator's own truth (truthRelevant), whatever relsync's tiers say. */
  relevant?: boolean;
  /** A relevant link whose company is not relevant: relevant by its person alone. */
  personEnd?: boolean;
  /** With `--webhooks`: whether its event reached the receiver (undefined: the write fires none). */
  delivered?: boolean;
}
