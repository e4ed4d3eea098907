/**
 * The short `/v2` shapes of a person, company or opportunity that other records embed (a note's mentions, an
 * interaction's attendees, a field value naming a record): apart from render-v2.ts and render-v2-activity.ts,
 * which both embed them and one of which embeds the other's notes.
 */
import type { Ctx } from '../http/http-types.ts';
import type { SimStore } from '../store/store.ts';
import type { SimOpportunity } from '../store/store-types.ts';

export function personData(store: SimStore, id: number): Record<string, unknown> | null {
  const p = store.persons.get(store.resolveMerged('person', id));
  if (!p) return null;
  return { id: p.id, firstName: p.firstName, lastName: p.lastName, primaryEmailAddress: p.primaryEmailAddress, type: p.type };
}

export function companyData(store: SimStore, id: number): Record<string, unknown> | null {
  const c = store.companies.get(store.resolveMerged('company', id));
  if (!c) return null;
  return { id: c.id, name: c.name, domain: c.domain };
}

export function attendee(store: SimStore, personId: number | null, email?: string): Record<string, unknown> {
  const p = personId === null ? undefined : store.persons.get(personId);
  return { emailAddress: p?.primaryEmailAddress ?? email ?? null, person: personId === null ? null : personData(store, personId) };
}

export function renderOpportunity(ctx: Ctx, o: SimOpportunity): Record<string, unknown> {
  const base: Record<string, unknown> = { id: o.id, name: o.name, listId: o.listId };
  if (ctx.version >= '2026-09-17') {
    base.listName = ctx.store.lists.get(o.listId)?.name ?? null;
    base.isRedacted = false;
    base.isRestricted = false;
  }
  return base;
}
