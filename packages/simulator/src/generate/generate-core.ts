/** Generates users, persons, companies, opportunities, lists and list entries (with their associations). */
import { Rng } from '../prng.ts';
import { ID_BASE, type SimStore } from '../store/store.ts';
import type { ListType, ScaleCounts, SimCompany, SimPerson } from '../store/store-types.ts';
import { COMPANY_WORDS_A, COMPANY_WORDS_B, FIRST_NAMES, LAST_NAMES, STAGES, TLDS, genTime, iso, slug, GEN_START_MS } from './generate-names.ts';

export const TENANT_DOMAIN = 'simulated.vc';

export function generateCore(store: SimStore, rng: Rng, counts: ScaleCounts): void {
  const userCount = Math.max(5, Math.min(40, Math.round(counts.persons / 200)));
  const companies = generateCompanies(store, rng, counts.companies);
  const persons = generatePersons(store, rng, counts.persons, userCount, companies);
  associatePersons(rng, companies, persons, userCount, counts);
  generateLists(store, rng, counts.lists, userCount);
  generateOpportunities(store, rng, counts, userCount);
  generateListEntries(store, rng, counts, userCount);
  store.generatedMax.company = ID_BASE.company + counts.companies;
  store.generatedMax.person = ID_BASE.person + counts.persons;
  store.generatedMax.opportunity = ID_BASE.opportunity + counts.opportunities;
  let maxEntry: number = ID_BASE.listEntry;
  for (const ids of store.entriesByList.values()) maxEntry = Math.max(maxEntry, ids.at(ids.length - 1) ?? 0);
  store.generatedMax.listEntry = maxEntry;
}

/** Spreads the relevant companies over the id range (prime, so coprime to every built-in scale's count). */
const RELEVANT_STRIDE = 7_919;

/**
 * A random company someone looks at (ScaleCounts.relevantCompanies): with every company relevant this is
 * one uniform draw, exactly as before the tenant shape existed, so tiny and small data stay byte-identical.
 */
export function relevantCompany(rng: Rng, counts: ScaleCounts): number {
  const all = counts.companies;
  const r = counts.relevantCompanies ?? all;
  if (r >= all) return ID_BASE.company + rng.int(1, all);
  return relevantAt(rng.int(1, r) - 1, all);
}

function relevantAt(k: number, all: number): number {
  const stride = all % RELEVANT_STRIDE === 0 ? 1 : RELEVANT_STRIDE;
  return ID_BASE.company + ((k * stride) % all) + 1;
}

/** Every relevant company's id (relevantCompany draws from exactly these). */
export function relevantCompanyIds(counts: ScaleCounts): Set<number> {
  const r = Math.min(counts.companies, counts.relevantCompanies ?? counts.companies);
  const out = new Set<number>();
  for (let k = 0; k < r; k++) out.add(relevantAt(k, counts.companies));
  return out;
}

/** A random internal user id (users are the first persons). */
export function userId(rng: Rng, userCount: number): number {
  return ID_BASE.person + rng.int(1, userCount);
}

function generateCompanies(store: SimStore, rng: Rng, n: number): SimCompany[] {
  const out: SimCompany[] = [];
  const combos = COMPANY_WORDS_A.length * COMPANY_WORDS_B.length;
  for (let i = 0; i < n; i++) {
    const a = COMPANY_WORDS_A[i % COMPANY_WORDS_A.length] as string;
    const b = COMPANY_WORDS_B[Math.floor(i / COMPANY_WORDS_A.length) % COMPANY_WORDS_B.length] as string;
    const round = Math.floor(i / combos);
    const name = round === 0 ? `${a} ${b}` : `${a} ${b} ${round + 1}`;
    const tld = rng.pick(TLDS);
    const domain = rng.chance(0.04) ? null : `${slug(name)}.${tld}`;
    const domains = domain ? (rng.chance(0.2) ? [domain, `${slug(name)}-hq.com`] : [domain]) : [];
    const c: SimCompany = {
      id: ID_BASE.company + i + 1,
      name,
      domain,
      domains,
      isGlobal: rng.chance(0.1),
      personIds: [],
      opportunityIds: [],
      createdAt: iso(genTime(rng)),
    };
    store.addCompany(c);
    out.push(c);
  }
  return out;
}

function generatePersons(store: SimStore, rng: Rng, n: number, userCount: number, companies: SimCompany[]): SimPerson[] {
  const out: SimPerson[] = [];
  for (let i = 0; i < n; i++) {
    const id = ID_BASE.person + i + 1;
    const internal = i < userCount;
    const firstName = rng.pick(FIRST_NAMES);
    const lastName = rng.chance(0.03) && !internal ? null : rng.pick(LAST_NAMES);
    const local = `${slug(firstName)}.${slug(lastName ?? 'x')}${i + 1}`;
    let emails: string[];
    if (internal) emails = [`${local}@${TENANT_DOMAIN}`];
    else if (rng.chance(0.05)) emails = [];
    else {
      const c = companies.length > 0 ? rng.pick(companies) : undefined;
      emails = [`${local}@${c?.domain ?? 'gmail.com'}`];
      if (rng.chance(0.25)) emails.push(`${local}@gmail.com`);
    }
    const p: SimPerson = {
      id,
      firstName,
      lastName,
      primaryEmailAddress: emails[0] ?? null,
      emailAddresses: emails,
      type: internal ? 'internal' : 'external',
      companyIds: [],
      currentCompanyIds: [],
      opportunityIds: [],
      createdAt: iso(genTime(rng, GEN_START_MS)),
    };
    store.addPerson(p);
    if (internal) store.users.set(id, { id, firstName, lastName, emailAddress: emails[0] as string });
    out.push(p);
  }
  return out;
}

function link(c: SimCompany, p: SimPerson): void {
  if (p.companyIds.includes(c.id)) return;
  p.companyIds.push(c.id);
  c.personIds.push(p.id);
}

function associatePersons(rng: Rng, companies: SimCompany[], persons: SimPerson[], userCount: number, counts: ScaleCounts): void {
  if (companies.length === 0) return;
  const external = persons.slice(userCount);
  for (const p of external) {
    const r = rng.next();
    const k = r < 0.15 ? 0 : r < 0.85 ? 1 : 2;
    for (let j = 0; j < k; j++) link(rng.pick(companies), p);
  }
  // Two companies with more than 100 persons, so association truncation at 100 is exercised.
  if (counts.companies >= 100 && external.length >= 300) {
    for (const [ci, size] of [
      [0, 150],
      [1, 120],
    ] as const) {
      const c = companies[ci] as SimCompany;
      for (const p of rng.sample(external, size)) link(c, p);
    }
  }
  for (const c of companies) c.personIds.sort((a, b) => a - b);
  for (const p of persons) p.currentCompanyIds = p.companyIds.slice(0, 1);
}

const LIST_NAMES: Record<ListType, string[]> = {
  opportunity: ['Deal Pipeline', 'Fundraising', 'Partnerships', 'Hiring Pipeline', 'Sales Pipeline'],
  company: ['Target Accounts', 'Portfolio Companies', 'Market Map', 'Competitors', 'Customers'],
  person: ['Founders', 'Advisors', 'Candidates', 'Investors', 'Event Contacts'],
};

export function listTypesFor(n: number): ListType[] {
  const opp = Math.max(1, Math.round(n / 4));
  const company = Math.max(n > 1 ? 1 : 0, Math.ceil((n - opp) / 2));
  const out: ListType[] = [];
  for (let i = 0; i < n; i++) out.push(i < opp ? 'opportunity' : i < opp + company ? 'company' : 'person');
  return out;
}

function generateLists(store: SimStore, rng: Rng, n: number, userCount: number): void {
  const seen: Record<ListType, number> = { opportunity: 0, company: 0, person: 0 };
  listTypesFor(n).forEach((type, i) => {
    const k = seen[type]++;
    const names = LIST_NAMES[type];
    const base = names[k % names.length] as string;
    const owner = userId(rng, userCount);
    store.addList({
      id: ID_BASE.list + i + 1,
      name: k < names.length ? base : `${base} ${Math.floor(k / names.length) + 1}`,
      type,
      isPublic: rng.chance(0.75),
      ownerId: owner,
      creatorId: rng.chance(0.7) ? owner : userId(rng, userCount),
      createdAt: iso(genTime(rng, GEN_START_MS, GEN_START_MS + 180 * 86_400_000)),
    });
  });
}

function generateOpportunities(store: SimStore, rng: Rng, counts: ScaleCounts, userCount: number): void {
  const oppLists = [...store.lists.values()].filter((l) => l.type === 'opportunity').map((l) => l.id);
  const externalCount = counts.persons - userCount;
  for (let i = 0; i < counts.opportunities; i++) {
    const id = ID_BASE.opportunity + i + 1;
    const companyIds: number[] = [];
    const personIds: number[] = [];
    const nc = counts.companies > 0 ? rng.int(0, 2) : 0;
    for (let j = 0; j < nc; j++) {
      const c = relevantCompany(rng, counts);
      if (!companyIds.includes(c)) companyIds.push(c);
    }
    const np = externalCount > 0 ? rng.int(0, 4) : 0;
    for (let j = 0; j < np; j++) {
      const p = ID_BASE.person + userCount + rng.int(1, externalCount);
      if (!personIds.includes(p)) personIds.push(p);
    }
    // A couple of opportunities with more than 100 persons (truncation in search results and /v2 fields).
    if (i < 2 && counts.opportunities >= 100 && externalCount >= 300) {
      const target = i === 0 ? 130 : 105;
      while (personIds.length < target) {
        const p = ID_BASE.person + userCount + rng.int(1, externalCount);
        if (!personIds.includes(p)) personIds.push(p);
      }
    }
    personIds.sort((a, b) => a - b);
    companyIds.sort((a, b) => a - b);
    const firstCompany = companyIds[0] === undefined ? undefined : store.companies.get(companyIds[0]);
    const name = `${firstCompany?.name ?? rng.pick(COMPANY_WORDS_A)} - ${rng.pick(STAGES)} ${i + 1}`;
    store.addOpportunity({
      id,
      name,
      listId: oppLists[i % oppLists.length] as number,
      personIds,
      companyIds,
      createdAt: iso(genTime(rng)),
    });
    for (const p of personIds) store.persons.get(p)?.opportunityIds.push(id);
    for (const c of companyIds) store.companies.get(c)?.opportunityIds.push(id);
  }
}

function generateListEntries(store: SimStore, rng: Rng, counts: ScaleCounts, userCount: number): void {
  let next = ID_BASE.listEntry;
  const lists = [...store.lists.values()].sort((a, b) => a.id - b.id);
  for (const list of lists) {
    const creator = () => (rng.chance(0.05) ? null : userId(rng, userCount));
    if (list.type === 'opportunity') {
      for (const o of store.opportunities.values()) {
        if (o.listId !== list.id) continue;
        store.addListEntry({ id: ++next, listId: list.id, entityType: 'opportunity', entityId: o.id, createdAt: o.createdAt, creatorId: creator() });
      }
      continue;
    }
    const company = list.type === 'company';
    const pool = company ? Math.min(counts.companies, counts.relevantCompanies ?? counts.companies) : counts.persons;
    if (pool === 0) continue;
    const frac = company ? 0.2 : 0.1;
    const size = Math.min(pool, Math.max(10, Math.round(pool * frac)));
    const chosen = new Set<number>();
    while (chosen.size < size) chosen.add(company ? relevantCompany(rng, counts) : ID_BASE.person + rng.int(1, pool));
    const ids = [...chosen].sort((a, b) => a - b);
    // The same entity may sit on a list more than once.
    const dupes = rng.sample(ids, Math.max(1, Math.floor(ids.length / 100)));
    const listCreated = Date.parse(list.createdAt);
    for (const entityId of ids.concat(dupes)) {
      store.addListEntry({
        id: ++next,
        listId: list.id,
        entityType: list.type,
        entityId,
        createdAt: iso(genTime(rng, listCreated)),
        creatorId: creator(),
      });
    }
  }
}
