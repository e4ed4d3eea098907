/**
 * Company and person merges. A merge completes at once: the duplicate disappears, its list entries, field
 * values, associations and activity move to the primary, and `mergedInto` records old id -> survivor.
 */
import { Rng, hash32 } from '../prng.ts';
import { noteEntityKeys, pushTo, removeFrom } from './store-support.ts';
import type { SimStore } from './store.ts';
import type { SimMerge } from './store-types.ts';
import { getCell } from './store-values.ts';
import { setCompanyPersons, setOpportunityAssociations, setPersonCompanies } from './store-mutations.ts';

export class MergeError extends Error {}

export function mergeEntities(store: SimStore, kind: 'company' | 'person', primaryId: number, duplicateId: number, at?: string): SimMerge {
  const map = kind === 'company' ? store.companies : store.persons;
  if (primaryId === duplicateId) throw new MergeError('primary and duplicate must differ');
  if (!map.has(primaryId)) throw new MergeError(`${kind} ${primaryId} not found`);
  if (!map.has(duplicateId)) throw new MergeError(`${kind} ${duplicateId} not found`);
  const when = at ?? store.now();
  moveEntries(store, kind, primaryId, duplicateId);
  moveValues(store, kind, primaryId, duplicateId, when);
  if (kind === 'company') mergeCompanyAssociations(store, primaryId, duplicateId);
  else mergePersonAssociations(store, primaryId, duplicateId);
  moveActivity(store, kind, primaryId, duplicateId);
  if (kind === 'company') {
    store.companies.delete(duplicateId);
    store.idx.companies.remove(duplicateId);
  } else {
    store.persons.delete(duplicateId);
    store.idx.persons.remove(duplicateId);
  }
  store.mergedInto[kind].set(duplicateId, primaryId);
  const id = store.allocId('merge');
  const m: SimMerge = {
    id,
    kind,
    primaryId,
    duplicateId,
    taskId: new Rng(hash32(store.seed, 991, id)).uuid(),
    status: 'success',
    startedAt: when,
    completedAt: when,
    errorMessage: null,
  };
  store.addMerge(m);
  return m;
}

function moveEntries(store: SimStore, kind: 'company' | 'person', primaryId: number, duplicateId: number): void {
  for (const e of store.entriesOf(kind, duplicateId)) {
    removeFrom(store.entriesByEntity, duplicateId, e.id);
    e.entityId = primaryId;
    pushTo(store.entriesByEntity, primaryId, e.id, true);
  }
}

/** Values the primary lacks are taken from the duplicate (list-field values moved with the entries). */
function moveValues(store: SimStore, kind: 'company' | 'person', primaryId: number, duplicateId: number, at: string): void {
  for (const f of store.fieldsByEntity.get(kind) ?? []) {
    if (f.association || f.type === 'relationship-intelligence') continue;
    const dup = getCell(store, f, duplicateId);
    if (!dup || getCell(store, f, primaryId)) continue;
    store.overrides.set(`${f.key}|${primaryId}`, { value: dup, createdAt: at, updatedAt: at });
  }
}

function mergeCompanyAssociations(store: SimStore, primaryId: number, duplicateId: number): void {
  const p = store.companies.get(primaryId);
  const d = store.companies.get(duplicateId);
  if (!p || !d) return;
  const persons = [...new Set([...p.personIds, ...d.personIds])];
  setCompanyPersons(store, d, []);
  setCompanyPersons(store, p, persons);
  for (const oid of d.opportunityIds.slice()) {
    const o = store.opportunities.get(oid);
    if (o) setOpportunityAssociations(store, o, undefined, [...o.companyIds.filter((c) => c !== duplicateId), primaryId]);
  }
}

function mergePersonAssociations(store: SimStore, primaryId: number, duplicateId: number): void {
  const p = store.persons.get(primaryId);
  const d = store.persons.get(duplicateId);
  if (!p || !d) return;
  const companies = [...new Set([...p.companyIds, ...d.companyIds])];
  const emails = [...new Set([...p.emailAddresses, ...d.emailAddresses])];
  setPersonCompanies(store, d, []);
  setPersonCompanies(store, p, companies);
  p.emailAddresses = emails;
  if (!p.primaryEmailAddress) p.primaryEmailAddress = emails[0] ?? null;
  for (const oid of d.opportunityIds.slice()) {
    const o = store.opportunities.get(oid);
    if (o) setOpportunityAssociations(store, o, [...o.personIds.filter((x) => x !== duplicateId), primaryId]);
  }
}

function moveActivity(store: SimStore, kind: 'company' | 'person', primaryId: number, duplicateId: number): void {
  const swap = (arr: number[]) => [...new Set(arr.map((x) => (x === duplicateId ? primaryId : x)))].sort((a, b) => a - b);
  for (const nid of store.notesByEntity.get(duplicateId)?.slice() ?? []) {
    const n = store.notes.get(nid);
    if (!n) continue;
    const before = noteEntityKeys(n);
    if (kind === 'company') n.companyIds = swap(n.companyIds);
    else n.personIds = swap(n.personIds);
    store.reindexNote(n, before);
  }
  for (const r of store.reminders.values()) {
    if (kind === 'company' && r.companyId === duplicateId) r.companyId = primaryId;
    if (kind === 'person' && r.personId === duplicateId) r.personId = primaryId;
  }
  for (const f of store.files.values()) {
    if (kind === 'company' && f.companyId === duplicateId) f.companyId = primaryId;
    if (kind === 'person' && f.personId === duplicateId) f.personId = primaryId;
  }
  if (kind === 'person') {
    // An @-mention names the person too: the older interface would otherwise still answer the merged-away
    // id, where /v2 renders the mention through the merge (render-v2.ts personData).
    for (const n of store.notes.values()) if (n.mentionedPersonIds.includes(duplicateId)) n.mentionedPersonIds = swap(n.mentionedPersonIds);
    for (const it of store.interactions.values()) {
      if (it.personIds.includes(duplicateId)) it.personIds = swap(it.personIds);
      if (it.ccPersonIds.includes(duplicateId)) it.ccPersonIds = swap(it.ccPersonIds);
      if (it.fromPersonId === duplicateId) it.fromPersonId = primaryId;
    }
  }
}
