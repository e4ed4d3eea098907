/**
 * The month bench's changes (bench-month.ts): company↔person links added and removed, renames, deletes,
 * list membership and field values (CHANGE_KINDS), and the changes of persons, new
 * records, list-entry fields, deals and merges (RECORD_KINDS, bench-month-records.ts), written through the
 * simulator's own write path (the store functions its API routes call) at a daily rate per 1,000 companies.
 * Whether a warehouse shows each: bench-month-shown.ts.
 */
import { sql } from 'kysely';
import type { Db } from '../src/load/db.ts';
import { anySignal, hotSignals } from '../src/planner/tiers.ts';
import {
  deleteCompany,
  renameCompany,
  addListEntry,
  deleteListEntry,
  setCompanyPersons,
  updateFieldValue,
  type SimStore,
  type SimListEntry,
} from '@relsync/simulator';
import type { TierSide } from '../src/planner/tiers.ts';
import { recordWriter } from './bench-month-records.ts';

export { shown } from './bench-month-shown.ts';

import { ALL_KINDS, RECORD_KINDS, type Change, type ChangeKind, type CompanyKind, type RecordKind } from './bench-month-kinds.ts';

export * from './bench-month-kinds.ts';

const HOUR_MS = 3_600_000;

/**
 * Whether `later` makes `earlier` (not shown yet) impossible to see: a delete or merge-away hides every earlier
 * change of its company, a person's delete every earlier change naming the person, a rename the earlier
 * rename, a field write the earlier value of that field (on that entry), a list entry's removal its addition
 * and its field writes, and a link change the earlier change of the same pair. Such a change has no
 * staleness: the benches drop it from what they wait for and count it apart.
 */
export function supersedes(later: Change, earlier: Change): boolean {
  if (later.kind === 'person_delete') return earlier.person === later.person;
  if (later.kind === 'person_rename') return earlier.kind === 'person_rename' && earlier.person === later.person;
  if (later.kind === 'deal_rename') return earlier.kind === 'deal_rename' && earlier.opportunity === later.opportunity;
  if (later.kind === 'list_remove') return earlier.entry === later.entry && earlier.kind !== 'list_remove';
  const entryField = (c: Change) => c.kind === 'entry_field' || c.kind === 'entry_field_untracked';
  if (entryField(later)) return entryField(earlier) && earlier.entry === later.entry && earlier.field === later.field;
  if (later.company === 0 || later.company !== earlier.company) return false;
  const link = (c: Change) => c.kind === 'link_add' || c.kind === 'link_remove';
  if (later.kind === 'delete' || later.kind === 'merge') return true;
  if (later.kind === 'rename') return earlier.kind === 'rename';
  if (later.kind === 'field') return earlier.kind === 'field' && earlier.field === later.field;
  return link(later) && link(earlier) && earlier.person === later.person;
}

/** `pending` without the changes `c` supersedes, and how many those were. */
export function withoutSuperseded<T extends Change>(pending: T[], c: Change): { pending: T[]; dropped: number } {
  const kept = pending.filter((p) => !supersedes(c, p));
  return { pending: kept, dropped: pending.length - kept.length };
}

/** The live records of `side` the warehouse counts hot now (the planner's own signals): a change's tier is theirs. */
export async function hotRecords(db: Db, side: TierSide, now: number, windowMs: number): Promise<number[]> {
  const hot = anySignal(sql.ref('t.id'), await hotSignals(db.kysely, side, new Date(now), windowMs));
  const r = await sql<{
    id: number | string;
  }>`select t.id from ${sql.table(side === 'company' ? 'companies' : 'persons')} t where t._deleted_at is null and ${hot}`.execute(db.kysely);
  return r.rows.map((x) => Number(x.id));
}

export interface ChangeWriter {
  apply(kind: ChangeKind, company: number, at: number, tier: 'hot' | 'cold'): Change | null;
}

export function changeWriter(store: SimStore, rand: () => number): ChangeWriter {
  const persons = [...store.persons.keys()];
  const companyList = [...store.lists.values()].find((l) => l.type === 'company');
  const numberField = [...store.fields.values()].find(
    (f) => f.entityType === 'company' && f.listId === null && f.trackChanges && !f.association && f.valueType === 'number',
  );
  let n = 0;
  const records = recordWriter(store, rand);
  return {
    apply(kind, id, at, tier) {
      if (RECORD_KINDS.includes(kind as RecordKind)) return records.apply(kind as RecordKind, id, at, tier);
      const c = store.companies.get(id);
      if (!c) return null;
      n += 1;
      switch (kind as CompanyKind) {
        case 'link_add': {
          const p = persons[Math.floor(rand() * persons.length)]!;
          if (c.personIds.includes(p) || !store.persons.has(p)) return null;
          setCompanyPersons(store, c, [...c.personIds, p]);
          return { kind, company: id, person: p, at, tier };
        }
        case 'link_remove': {
          const p = c.personIds[Math.floor(rand() * c.personIds.length)];
          if (p === undefined) return null;
          setCompanyPersons(
            store,
            c,
            c.personIds.filter((x) => x !== p),
          );
          return { kind, company: id, person: p, at, tier };
        }
        case 'rename': {
          const name = `${c.name} (renamed ${n})`;
          renameCompany(store, id, name);
          return { kind, company: id, name, at, tier };
        }
        case 'delete':
          return deleteCompany(store, id) ? { kind, company: id, at, tier } : null;
        case 'list': {
          if (!companyList) return null;
          const e = addListEntry(store, companyList.id, 'company', id, null);
          return { kind, company: id, entry: e.id, at, tier };
        }
        case 'list_remove': {
          // The company drawn is rarely on a list: the entry removed is one of the company list's, at random.
          if (!companyList) return null;
          const e = randomEntry(store, companyList.id, rand);
          if (!e || !deleteListEntry(store, e.id)) return null;
          // Listed means hot (the planner's first signal), whatever the day's snapshot of the hot set said.
          return { kind, company: e.entityId, entry: e.id, at, tier: 'hot' };
        }
        case 'field': {
          if (!numberField) return null;
          const value = 1_000_000 + n;
          updateFieldValue(store, numberField.key, id, null, { type: 'number', data: value });
          return { kind, company: id, field: numberField.id, value, at, tier };
        }
      }
    },
  };
}

function randomEntry(store: SimStore, listId: number, rand: () => number): SimListEntry | undefined {
  const entries = [...store.listEntries.values()].filter((e) => e.listId === listId);
  return entries[Math.floor(rand() * entries.length)];
}

/** The hour's changes by kind (`owed` carries the fractions over), each at a random instant of the hour from `start`, in time order. */
export function hourChanges(
  owed: Record<ChangeKind, number>,
  perHour: (k: ChangeKind) => number,
  rand: () => number,
  start: number,
): Array<[ChangeKind, number]> {
  const due: Array<[ChangeKind, number]> = [];
  for (const kind of ALL_KINDS) for (owed[kind] += perHour(kind); owed[kind] >= 1; owed[kind] -= 1) due.push([kind, start + Math.floor(rand() * HOUR_MS)]);
  return due.sort((a, b) => a[1] - b[1]);
}
