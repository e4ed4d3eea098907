/**
 * The simulator's truth of which records matter (issue 34), from its own data, never from a warehouse: the
 * month bench groups every change by it and holds relsync's hot classification to it (recall).
 */
import type { SimStore } from '../src/simulator/index.ts';
import { PERSON_KINDS, type Change } from './bench-month-changes.ts';

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

/** The relevant companies (truthReasons' keys). */
export function truthRelevant(store: SimStore, now: number, windowMs: number): Set<number> {
  return new Set(truthReasons(store, now, windowMs).keys());
}

/** The relevant companies `hot` leaves out, counted by each of their truth reasons (the recall's misses). */
export function missedBy(relevant: Iterable<number>, hot: ReadonlySet<number>, why: ReadonlyMap<number, ReadonlySet<TruthReason>>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const id of relevant) if (!hot.has(id)) for (const r of why.get(id) ?? []) out[r] = (out[r] ?? 0) + 1;
  return out;
}

/**
 * The relevant persons, by the same reasons on the person side: on a list, on a deal, named by a note within the
 * window, in an interaction within the window (a person the service created from an email today is one).
 */
export function truthPersons(store: SimStore, now: number, windowMs: number): Set<number> {
  const since = now - windowMs;
  const out = talkedSince(store, since);
  for (const e of store.listEntries.values()) if (e.entityType === 'person') out.add(e.entityId);
  for (const o of store.opportunities.values()) for (const p of o.personIds) out.add(p);
  for (const n of store.notes.values()) if (Date.parse(n.createdAt) >= since) for (const p of n.personIds) out.add(p);
  for (const id of out) if (!store.persons.has(id)) out.delete(id);
  return out;
}

/** The truth's relevant companies and persons at one instant. */
export interface Truth {
  companies: ReadonlySet<number>;
  persons: ReadonlySet<number>;
}

/**
 * Whether a change is of a relevant record by the truth before the change's hour or after it (a record created
 * or put on a list in the hour is relevant after, one deleted or merged away before): a person change by the
 * person's relevance, a merge by either company's, a deal's or a list entry's change always (a deal is on its
 * list, an entry is one), any other by its company's.
 */
export function relevantChange(c: Change, before: Truth, after: Truth): boolean {
  const any = (f: (t: Truth) => boolean) => f(before) || f(after);
  if (c.kind === 'list' || c.kind === 'list_remove' || c.kind.startsWith('deal_') || c.kind.startsWith('entry_field')) return true;
  if (PERSON_KINDS.has(c.kind)) return any((t) => t.persons.has(c.person ?? -1));
  if (c.kind === 'merge') return any((t) => t.companies.has(c.company) || t.companies.has(c.survivor ?? -1));
  return any((t) => t.companies.has(c.company));
}
