/**
 * Entity mutations shared by the HTTP write routes, merges and tests. Every function keeps the store's
 * indexes and both sides of each association in step, so deletions disappear from every read.
 */
import { noteEntityKeys } from './store-support.ts';
import type { SimStore } from './store.ts';
import type { EntityType, SimCompany, SimInteraction, SimListEntry, SimOpportunity, SimPerson } from './store-types.ts';

function without(arr: number[], id: number): number[] {
  return arr.filter((x) => x !== id);
}
function addUnique(arr: number[], id: number): void {
  if (!arr.includes(id)) {
    arr.push(id);
    arr.sort((a, b) => a - b);
  }
}

export function createCompany(store: SimStore, p: { name: string; domain?: string | null; personIds?: number[] }): SimCompany {
  const c: SimCompany = {
    id: store.allocId('company'),
    name: p.name,
    domain: p.domain ?? null,
    domains: p.domain ? [p.domain] : [],
    isGlobal: false,
    personIds: [],
    opportunityIds: [],
    createdAt: store.now(),
  };
  store.addCompany(c);
  setCompanyPersons(store, c, p.personIds ?? []);
  return c;
}

export function createPerson(store: SimStore, p: { firstName: string; lastName?: string | null; emails?: string[]; companyIds?: number[] }): SimPerson {
  const emails = p.emails ?? [];
  const person: SimPerson = {
    id: store.allocId('person'),
    firstName: p.firstName,
    lastName: p.lastName ?? null,
    primaryEmailAddress: emails[0] ?? null,
    emailAddresses: emails,
    type: 'external',
    companyIds: [],
    currentCompanyIds: [],
    opportunityIds: [],
    createdAt: store.now(),
  };
  store.addPerson(person);
  setPersonCompanies(store, person, p.companyIds ?? []);
  return person;
}

/** Creates the opportunity and its (single) list entry on its list. */
export function createOpportunity(
  store: SimStore,
  p: { name: string; listId: number; personIds?: number[]; companyIds?: number[]; creatorId?: number | null },
): { opportunity: SimOpportunity; entry: SimListEntry } {
  const now = store.now();
  const o: SimOpportunity = { id: store.allocId('opportunity'), name: p.name, listId: p.listId, personIds: [], companyIds: [], createdAt: now };
  store.addOpportunity(o);
  setOpportunityAssociations(store, o, p.personIds ?? [], p.companyIds ?? []);
  const entry = addListEntry(store, p.listId, 'opportunity', o.id, p.creatorId ?? null);
  return { opportunity: o, entry };
}

export function addListEntry(store: SimStore, listId: number, entityType: EntityType, entityId: number, creatorId: number | null): SimListEntry {
  const e: SimListEntry = { id: store.allocId('listEntry'), listId, entityType, entityId, createdAt: store.now(), creatorId };
  store.addListEntry(e);
  return e;
}

export function setCompanyPersons(store: SimStore, c: SimCompany, personIds: number[]): void {
  for (const pid of c.personIds) {
    const p = store.persons.get(pid);
    if (p) {
      p.companyIds = without(p.companyIds, c.id);
      p.currentCompanyIds = without(p.currentCompanyIds, c.id);
    }
  }
  c.personIds = [];
  for (const pid of personIds) {
    const p = store.persons.get(pid);
    if (!p) continue;
    addUnique(c.personIds, pid);
    addUnique(p.companyIds, c.id);
  }
}

export function setPersonCompanies(store: SimStore, p: SimPerson, companyIds: number[]): void {
  for (const cid of p.companyIds) {
    const c = store.companies.get(cid);
    if (c) c.personIds = without(c.personIds, p.id);
  }
  p.companyIds = [];
  for (const cid of companyIds) {
    const c = store.companies.get(cid);
    if (!c) continue;
    addUnique(p.companyIds, cid);
    addUnique(c.personIds, p.id);
  }
  p.currentCompanyIds = p.currentCompanyIds.filter((id) => p.companyIds.includes(id));
  if (p.currentCompanyIds.length === 0 && p.companyIds.length > 0) p.currentCompanyIds = [p.companyIds[0] as number];
}

/** Replace an opportunity's person and/or company sets wholesale (v1 PUT semantics). */
export function setOpportunityAssociations(store: SimStore, o: SimOpportunity, personIds?: number[], companyIds?: number[]): void {
  if (personIds) {
    for (const pid of o.personIds) {
      const p = store.persons.get(pid);
      if (p) p.opportunityIds = without(p.opportunityIds, o.id);
    }
    o.personIds = [];
    for (const pid of personIds) {
      const p = store.persons.get(pid);
      if (!p) continue;
      addUnique(o.personIds, pid);
      addUnique(p.opportunityIds, o.id);
    }
  }
  if (companyIds) {
    for (const cid of o.companyIds) {
      const c = store.companies.get(cid);
      if (c) c.opportunityIds = without(c.opportunityIds, o.id);
    }
    o.companyIds = [];
    for (const cid of companyIds) {
      const c = store.companies.get(cid);
      if (!c) continue;
      addUnique(o.companyIds, cid);
      addUnique(c.opportunityIds, o.id);
    }
  }
}

export function renameCompany(store: SimStore, id: number, name: string): boolean {
  const c = store.companies.get(id);
  if (!c) return false;
  c.name = name;
  return true;
}

export function renamePerson(store: SimStore, id: number, firstName: string, lastName: string | null): boolean {
  const p = store.persons.get(id);
  if (!p) return false;
  p.firstName = firstName;
  p.lastName = lastName;
  return true;
}

export function renameOpportunity(store: SimStore, id: number, name: string): boolean {
  const o = store.opportunities.get(id);
  if (!o) return false;
  o.name = name;
  return true;
}

/**
 * An email from an address the tenant has never seen, to a team member: the service creates the sender as a
 * person (at the company whose domain the address has, if any) and logs the email automatically, as most of a
 * tenant's persons came to be (generate-core.ts gives generated persons their company's domain).
 */
export function emailFromNewAddress(
  store: SimStore,
  p: { address: string; firstName: string; lastName: string | null; toPersonId: number },
): { person: SimPerson; interaction: SimInteraction } {
  const domain = p.address.split('@')[1] ?? '';
  const company = [...store.companies.values()].find((c) => c.domains.includes(domain));
  const person = createPerson(store, { firstName: p.firstName, lastName: p.lastName, emails: [p.address], companyIds: company ? [company.id] : [] });
  // The email's instant is the person's creation (store.now() moves on by a millisecond each call).
  const now = person.createdAt;
  const interaction: SimInteraction = {
    id: store.allocId('interaction'),
    kind: 'email',
    title: `Hello from ${p.firstName}`,
    date: now,
    endTime: null,
    allDay: false,
    direction: 'received',
    loggingType: 'automated',
    creatorId: null,
    fromPersonId: person.id,
    personIds: [p.toPersonId],
    ccPersonIds: [],
    externalEmails: [],
    createdAt: now,
    updatedAt: null,
  };
  store.addInteraction(interaction);
  return { person, interaction };
}

/** Detach an entity from notes, reminders and files (used by delete; merge re-points instead). */
function detachActivity(store: SimStore, type: EntityType, id: number): void {
  for (const nid of store.notesByEntity.get(id)?.slice() ?? []) {
    const n = store.notes.get(nid);
    if (!n) continue;
    const before = noteEntityKeys(n);
    if (type === 'person') n.personIds = without(n.personIds, id);
    if (type === 'company') n.companyIds = without(n.companyIds, id);
    if (type === 'opportunity') n.opportunityIds = without(n.opportunityIds, id);
    store.reindexNote(n, before);
  }
  for (const r of store.reminders.values()) {
    if (type === 'person' && r.personId === id) r.personId = null;
    if (type === 'company' && r.companyId === id) r.companyId = null;
    if (type === 'opportunity' && r.opportunityId === id) r.opportunityId = null;
  }
}

function removeEntries(store: SimStore, type: EntityType, id: number): void {
  for (const e of store.entriesOf(type, id)) store.removeListEntry(e.id);
}

export function deleteCompany(store: SimStore, id: number): boolean {
  const c = store.companies.get(id);
  if (!c) return false;
  setCompanyPersons(store, c, []);
  for (const oid of c.opportunityIds) {
    const o = store.opportunities.get(oid);
    if (o) o.companyIds = without(o.companyIds, id);
  }
  removeEntries(store, 'company', id);
  detachActivity(store, 'company', id);
  store.companies.delete(id);
  store.idx.companies.remove(id);
  return true;
}

export function deletePerson(store: SimStore, id: number): boolean {
  const p = store.persons.get(id);
  if (!p) return false;
  setPersonCompanies(store, p, []);
  for (const oid of p.opportunityIds) {
    const o = store.opportunities.get(oid);
    if (o) o.personIds = without(o.personIds, id);
  }
  removeEntries(store, 'person', id);
  detachActivity(store, 'person', id);
  store.persons.delete(id);
  store.idx.persons.remove(id);
  return true;
}

export function deleteOpportunity(store: SimStore, id: number): boolean {
  const o = store.opportunities.get(id);
  if (!o) return false;
  setOpportunityAssociations(store, o, [], []);
  removeEntries(store, 'opportunity', id);
  detachActivity(store, 'opportunity', id);
  store.opportunities.delete(id);
  store.idx.opportunities.remove(id);
  return true;
}

/** Deleting an opportunity's list entry deletes the opportunity (service rule). */
export function deleteListEntry(store: SimStore, entryId: number): boolean {
  const e = store.listEntries.get(entryId);
  if (!e) return false;
  if (e.entityType === 'opportunity') return deleteOpportunity(store, e.entityId);
  return store.removeListEntry(entryId) !== undefined;
}
