/**
 * The month bench's changes beyond a company's own (bench-month-changes.ts RECORD_KINDS): persons renamed and
 * deleted, new companies and persons (typed in, or created by the service from an email), list-entry field
 * values (a field that tracks changes and one that does not), deals renamed and given a person or a company,
 * and company merges. Each is written through the simulator's store mutations, as its API routes write.
 */
import {
  createCompany,
  createPerson,
  deletePerson,
  emailFromNewAddress,
  renameOpportunity,
  renamePerson,
  setOpportunityAssociations,
  updateFieldValue,
  mergeEntities,
  type SimStore,
  type SimField,
} from '@relsync/simulator';
import type { Change, RecordKind } from './bench-month-kinds.ts';

const pick = <T>(xs: readonly T[], rand: () => number): T | undefined => xs[Math.floor(rand() * xs.length)];

/** A list-entry field of a company list, number or text, tracking changes or not. */
function entryField(store: SimStore, tracked: boolean): SimField | undefined {
  const lists = new Set([...store.lists.values()].filter((l) => l.type === 'company').map((l) => l.id));
  return [...store.fields.values()].find(
    (f) =>
      f.listId !== null &&
      lists.has(f.listId) &&
      f.trackChanges === tracked &&
      !f.association &&
      !f.allowsMultiple &&
      (f.valueType === 'number' || f.valueType === 'text'),
  );
}

export interface RecordWriter {
  apply(kind: RecordKind, company: number, at: number, tier: 'hot' | 'cold'): Change | null;
}

/**
 * `company` is the company the bench drew (by its focus): a person change takes one of its persons (any person
 * when it has none), a deal change one of its deals (any deal), a merge folds it into another company.
 */
export function recordWriter(store: SimStore, rand: () => number): RecordWriter {
  const users = [...store.users.keys()];
  const fields = { entry_field: entryField(store, true), entry_field_untracked: entryField(store, false) };
  let n = 0;
  const personOf = (company: number) => pick(store.companies.get(company)?.personIds ?? [], rand) ?? pick([...store.persons.keys()], rand);
  const dealOf = (company: number) => pick(store.companies.get(company)?.opportunityIds ?? [], rand) ?? pick([...store.opportunities.keys()], rand);
  return {
    apply(kind, company, at, tier) {
      n += 1;
      switch (kind) {
        case 'person_rename': {
          const p = store.persons.get(personOf(company) ?? -1);
          if (!p || p.type === 'internal') return null;
          const name = `${p.firstName} (renamed ${n})`;
          renamePerson(store, p.id, name, p.lastName);
          return { kind, company: 0, person: p.id, name: `${name} ${p.lastName ?? ''}`.trim(), at, tier };
        }
        case 'person_delete': {
          const p = store.persons.get(personOf(company) ?? -1);
          if (!p || p.type === 'internal' || !deletePerson(store, p.id)) return null;
          return { kind, company: 0, person: p.id, at, tier };
        }
        case 'company_new': {
          const c = createCompany(store, { name: `New company ${n}`, domain: `new-${n}.example.com` });
          return { kind, company: c.id, name: c.name, at, tier: 'cold' };
        }
        case 'person_new': {
          const p = createPerson(store, { firstName: 'New', lastName: `Person ${n}`, emails: [`new.person${n}@example.net`], companyIds: [company] });
          return { kind, company: 0, person: p.id, at, tier: 'cold' };
        }
        case 'person_from_email': {
          const to = pick(users, rand);
          const domain = store.companies.get(company)?.domain ?? 'gmail.com';
          if (to === undefined) return null;
          const { person } = emailFromNewAddress(store, { address: `sender${n}@${domain}`, firstName: 'Sender', lastName: `${n}`, toPersonId: to });
          return { kind, company: 0, person: person.id, at, tier: 'cold' };
        }
        case 'entry_field':
        case 'entry_field_untracked': {
          const f = fields[kind];
          const e = f
            ? pick(
                [...store.listEntries.values()].filter((x) => x.listId === f.listId),
                rand,
              )
            : undefined;
          if (!f || !e) return null;
          const value = f.valueType === 'number' ? 2_000_000 + n : `bench value ${n}`;
          updateFieldValue(store, f.key, e.entityId, e.id, { type: f.valueType, data: value });
          return { kind, company: e.entityId, entry: e.id, field: f.id, value, at, tier: 'hot' };
        }
        case 'deal_rename': {
          const o = store.opportunities.get(dealOf(company) ?? -1);
          if (!o) return null;
          const name = `${o.name} (renamed ${n})`;
          renameOpportunity(store, o.id, name);
          return { kind, company: 0, opportunity: o.id, name, at, tier: 'hot' };
        }
        case 'deal_person':
        case 'deal_company': {
          const o = store.opportunities.get(pick([...store.opportunities.keys()], rand) ?? -1);
          const member = kind === 'deal_person' ? personOf(company) : company;
          if (!o || member === undefined) return null;
          if (kind === 'deal_person' && !o.personIds.includes(member)) setOpportunityAssociations(store, o, [...o.personIds, member]);
          else if (kind === 'deal_company' && !o.companyIds.includes(member)) setOpportunityAssociations(store, o, undefined, [...o.companyIds, member]);
          else return null;
          return kind === 'deal_person'
            ? { kind, company: 0, person: member, opportunity: o.id, at, tier: 'hot' }
            : { kind, company: member, opportunity: o.id, at, tier: 'hot' };
        }
        case 'merge': {
          const survivor = pick([...store.companies.keys()], rand);
          if (survivor === undefined || survivor === company || !store.companies.has(company)) return null;
          mergeEntities(store, 'company', survivor, company);
          return { kind, company, survivor, at, tier };
        }
      }
    },
  };
}
