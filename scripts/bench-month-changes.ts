/**
 * The month bench's changes (bench-month.ts): company↔person links added and removed, renames, deletes,
 * list membership and field values, written through the simulator's own write path (the store functions
 * its API routes call) at a daily rate per 1,000 companies, and the check of whether a warehouse shows each.
 */
import { sql } from 'kysely';
import type { Db } from '../src/load/db.ts';
import { anySignal, hotSignals } from '../src/planner/tiers.ts';
import { deleteCompany, renameCompany, type SimStore } from '../src/simulator/index.ts';
import { addListEntry, deleteListEntry, setCompanyPersons } from '../src/simulator/store/store-mutations.ts';
import type { SimListEntry } from '../src/simulator/store/store-types.ts';

export type ChangeKind = 'link_add' | 'link_remove' | 'rename' | 'delete' | 'list' | 'list_remove' | 'field';
export const CHANGE_KINDS: readonly ChangeKind[] = ['link_add', 'link_remove', 'rename', 'delete', 'list', 'list_remove', 'field'];

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
};

export interface Change {
  kind: ChangeKind;
  company: number;
  /** Person of a link, list entry id, new name, field id + number. */
  person?: number;
  entry?: number;
  name?: string;
  field?: string;
  value?: number;
  at: number;
  /** The tier relsync's planner gave the company that day (its own classification, judged below). */
  tier: 'hot' | 'cold';
  /** Relevant by the simulator's own truth (truthRelevant), whatever relsync's tiers say. */
  relevant?: boolean;
}

/**
 * Whether `later` makes `earlier` (same company, not shown yet) impossible to see: a delete hides every
 * earlier change of its company, a rename the earlier rename, a field write the earlier value of that
 * field, and a link change the earlier change of the same pair. Such a change has no staleness: the benches
 * drop it from what they wait for and count it apart.
 */
export function supersedes(later: Change, earlier: Change): boolean {
  if (later.company !== earlier.company) return false;
  const link = (c: Change) => c.kind === 'link_add' || c.kind === 'link_remove';
  if (later.kind === 'delete') return true;
  if (later.kind === 'rename') return earlier.kind === 'rename';
  if (later.kind === 'field') return earlier.kind === 'field' && earlier.field === later.field;
  if (later.kind === 'list_remove') return earlier.kind === 'list' && earlier.entry === later.entry;
  return link(later) && link(earlier) && earlier.person === later.person;
}

/** `pending` without the changes `c` supersedes, and how many those were. */
export function withoutSuperseded<T extends Change>(pending: T[], c: Change): { pending: T[]; dropped: number } {
  const kept = pending.filter((p) => !supersedes(c, p));
  return { pending: kept, dropped: pending.length - kept.length };
}

/** The live companies the warehouse counts hot now (the planner's own signals): a change's tier is theirs. */
export async function hotCompanies(db: Db, now: number, windowMs: number): Promise<number[]> {
  const hot = anySignal(sql.ref('t.id'), await hotSignals(db.kysely, 'company', new Date(now), windowMs));
  const r = await sql<{ id: number | string }>`select t.id from companies t where t._deleted_at is null and ${hot}`.execute(db.kysely);
  return r.rows.map((x) => Number(x.id));
}

/** Why the truth counts a company relevant (truthReasons). */
export type TruthReason = 'listed' | 'deal' | 'note' | 'interaction';

/**
 * The companies that matter by the simulator's own data, never by the warehouse (issue 34), with the reasons:
 * on a list, on a deal, named by a note within the window, or one of its persons in an interaction within the
 * window. The month bench groups changes by this truth and holds relsync's hot classification to it (recall).
 */
export function truthReasons(store: SimStore, now: number, windowMs: number): Map<number, Set<TruthReason>> {
  const since = now - windowMs;
  const out = new Map<number, Set<TruthReason>>();
  const add = (id: number, r: TruthReason) => {
    if (!store.companies.has(id)) return;
    const set = out.get(id) ?? new Set<TruthReason>();
    set.add(r);
    out.set(id, set);
  };
  for (const e of store.listEntries.values()) if (e.entityType === 'company') add(e.entityId, 'listed');
  for (const o of store.opportunities.values()) for (const c of o.companyIds) add(c, 'deal');
  for (const n of store.notes.values()) if (Date.parse(n.createdAt) >= since) for (const c of n.companyIds) add(c, 'note');
  for (const p of talkedSince(store, since)) for (const c of store.persons.get(p)?.companyIds ?? []) add(c, 'interaction');
  return out;
}

/** The persons in an interaction since `since` (sender or participant). */
function talkedSince(store: SimStore, since: number): Set<number> {
  const talked = new Set<number>();
  for (const i of store.interactions.values()) {
    if (Date.parse(i.date) < since) continue;
    for (const p of [...i.personIds, ...(i.fromPersonId === null ? [] : [i.fromPersonId])]) talked.add(p);
  }
  return talked;
}

export function truthRelevant(store: SimStore, now: number, windowMs: number): Set<number> {
  return new Set(truthReasons(store, now, windowMs).keys());
}

/** The relevant companies `hot` leaves out, counted by each of their truth reasons (the recall's misses). */
export function missedBy(relevant: Iterable<number>, hot: ReadonlySet<number>, why: ReadonlyMap<number, ReadonlySet<TruthReason>>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const id of relevant) if (!hot.has(id)) for (const r of why.get(id) ?? []) out[r] = (out[r] ?? 0) + 1;
  return out;
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
  return {
    apply(kind, id, at, tier) {
      const c = store.companies.get(id);
      if (!c) return null;
      n += 1;
      switch (kind) {
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
          store.updateFieldValue(numberField.key, id, null, { type: 'number', data: value });
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

/**
 * The changes of `pending` the warehouse shows now. A removal counts only once relsync has read what it
 * removed from: a link once the company's or the person's set was read whole after the change (a set never
 * read shows no link, which is no evidence of seeing its removal).
 */
export async function shown(db: Db, pending: readonly Change[]): Promise<Set<Change>> {
  const out = new Set<Change>();
  if (pending.length === 0) return out;
  const companies = [...new Set(pending.map((c) => c.company))];
  const k = db.kysely;
  const rows = new Map<number, { name: string | null; deleted: boolean }>();
  const links = new Set<string>();
  const entries = new Set<number>();
  const values = new Set<string>();
  // When each company's set (or a person's) was last read whole: a removal is seen only by a read after it.
  const readAt = new Map<string, number>();
  for (let i = 0; i < companies.length; i += 500) {
    const ids = companies.slice(i, i + 500);
    for (const r of await k.selectFrom('companies').select(['id', 'name', '_deleted_at']).where('id', 'in', ids).execute())
      rows.set(Number(r.id), { name: r.name, deleted: r._deleted_at !== null });
    for (const r of await k.selectFrom('company_persons').select(['company_id', 'person_id']).where('company_id', 'in', ids).execute())
      links.add(`${Number(r.company_id)}:${Number(r.person_id)}`);
    for (const r of await k.selectFrom('list_entries').select('id').where('entity_id', 'in', ids).where('_deleted_at', 'is', null).execute())
      entries.add(Number(r.id));
    for (const r of await k.selectFrom('sync_read_whole').select(['id', 'read_at']).where('kind', '=', 'company_links').where('id', 'in', ids).execute())
      readAt.set(`company:${Number(r.id)}`, new Date(r.read_at as string).getTime());
    const fv = await sql<{
      field_id: string;
      entity_id: number | string;
      value_number: number | null;
    }>`select field_id, entity_id, value_number from field_values where entity_type = 'company' and entity_id in (${sql.join(ids)})`.execute(k);
    for (const r of fv.rows) values.add(`${r.field_id}:${Number(r.entity_id)}:${r.value_number}`);
  }
  const persons = [...new Set(pending.filter((c) => c.kind === 'link_remove').map((c) => c.person ?? -1))];
  for (let i = 0; i < persons.length; i += 500) {
    const ids = persons.slice(i, i + 500);
    for (const r of await k.selectFrom('sync_read_whole').select(['id', 'read_at']).where('kind', '=', 'person_links').where('id', 'in', ids).execute())
      readAt.set(`person:${Number(r.id)}`, new Date(r.read_at as string).getTime());
  }
  // A removal's set read whole after it (either side), or the company's own deletion, shows it.
  const readAfter = (c: Change) =>
    rows.get(c.company)?.deleted === true || (readAt.get(`company:${c.company}`) ?? -1) >= c.at || (readAt.get(`person:${c.person}`) ?? -1) >= c.at;
  for (const c of pending) {
    const row = rows.get(c.company);
    const ok =
      c.kind === 'link_add'
        ? links.has(`${c.company}:${c.person}`)
        : c.kind === 'link_remove'
          ? !links.has(`${c.company}:${c.person}`) && readAfter(c)
          : c.kind === 'rename'
            ? row?.name === c.name
            : c.kind === 'delete'
              ? row?.deleted === true
              : c.kind === 'list'
                ? entries.has(c.entry ?? -1)
                : c.kind === 'list_remove'
                  ? !entries.has(c.entry ?? -1)
                  : values.has(`${c.field}:${c.company}:${c.value}`);
    if (ok) out.add(c);
  }
  return out;
}
