/**
 * The simulator's truth of which records matter (issue 34), from its own data, never from a warehouse: the
 * month bench groups every change by it and holds relsync's hot classification to it (recall).
 */
import type { SimStore } from '@relsync/simulator';
import { PERSON_KINDS, type Change } from './bench-month-changes.ts';

/** Why the truth counts a record relevant (truthReasons). */
export type TruthReason = 'listed' | 'deal' | 'note' | 'interaction';

/**
 * The companies (persons) that matter by the simulator's own data, never by the warehouse (issue 34), with the
 * reasons: on a list, on a deal, named by a note within the window, or in an interaction within the window (a
 * company: one of its persons; a person the service created from an email today is one).
 */
export function truthReasons(store: SimStore, side: 'company' | 'person', now: number, windowMs: number): Map<number, Set<TruthReason>> {
  const since = now - windowMs;
  const records = side === 'company' ? store.companies : store.persons;
  const out = new Map<number, Set<TruthReason>>();
  const add = (id: number, r: TruthReason) => {
    if (!records.has(id)) return;
    const set = out.get(id) ?? new Set<TruthReason>();
    set.add(r);
    out.set(id, set);
  };
  for (const e of store.listEntries.values()) if (e.entityType === side) add(e.entityId, 'listed');
  for (const o of store.opportunities.values()) for (const id of side === 'company' ? o.companyIds : o.personIds) add(id, 'deal');
  for (const n of store.notes.values()) if (Date.parse(n.createdAt) >= since) for (const id of side === 'company' ? n.companyIds : n.personIds) add(id, 'note');
  for (const p of talkedSince(store, since)) for (const id of side === 'company' ? (store.persons.get(p)?.companyIds ?? []) : [p]) add(id, 'interaction');
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

/** The relevant records `hot` leaves out, counted by each of their truth reasons (the recall's misses). */
export function missedBy(relevant: Iterable<number>, hot: ReadonlySet<number>, why: ReadonlyMap<number, ReadonlySet<TruthReason>>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const id of relevant) if (!hot.has(id)) for (const r of why.get(id) ?? []) out[r] = (out[r] ?? 0) + 1;
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
 * person's relevance, a link by either end's (a relevant person's companies matter as a relevant company's
 * persons do), a merge by either company's, a deal's or a list entry's change always (a deal is on its list, an
 * entry is one), any other by its company's.
 */
export function relevantChange(c: Change, before: Truth, after: Truth): boolean {
  const any = (f: (t: Truth) => boolean) => f(before) || f(after);
  if (c.kind === 'list' || c.kind === 'list_remove' || c.kind.startsWith('deal_') || c.kind.startsWith('entry_field')) return true;
  if (PERSON_KINDS.has(c.kind)) return any((t) => t.persons.has(c.person ?? -1));
  if (isLink(c)) return any((t) => t.companies.has(c.company) || t.persons.has(c.person ?? -1));
  if (c.kind === 'merge') return any((t) => t.companies.has(c.company) || t.companies.has(c.survivor ?? -1));
  return any((t) => t.companies.has(c.company));
}

const isLink = (c: Change) => c.kind === 'link_add' || c.kind === 'link_remove';

/** A link relevant by its person alone: its company is not relevant (the report shows these apart). */
export function personEndOnly(c: Change, before: Truth, after: Truth): boolean {
  return isLink(c) && !before.companies.has(c.company) && !after.companies.has(c.company) && relevantChange(c, before, after);
}
