import { describe, expect, it } from 'vitest';
import { generateStore } from '../../src/generate/generate.ts';
import { emailFromNewAddress, renameOpportunity } from '../../src/store/store-mutations.ts';

describe('simulator mutations the month bench writes through', () => {
  it('renames a deal, and reports a deal it does not hold', () => {
    const store = generateStore(1, 'tiny');
    const [id] = store.opportunities.keys();
    expect(renameOpportunity(store, id!, 'Renamed deal')).toBe(true);
    expect(store.opportunities.get(id!)?.name).toBe('Renamed deal');
    expect(renameOpportunity(store, -1, 'x')).toBe(false);
  });

  it('makes the sender of an email from a new address a person at the company of its domain, with the email logged', () => {
    const store = generateStore(1, 'tiny');
    store.clock = () => Date.UTC(2025, 6, 1);
    const company = [...store.companies.values()].find((c) => c.domains.length > 0)!;
    const [user] = store.users.keys();
    const before = store.persons.size;
    const { person, interaction } = emailFromNewAddress(store, { address: `ann@${company.domains[0]}`, firstName: 'Ann', lastName: 'Lee', toPersonId: user! });
    expect(store.persons.size).toBe(before + 1);
    expect(person).toMatchObject({ type: 'external', primaryEmailAddress: `ann@${company.domains[0]}`, companyIds: [company.id] });
    expect(company.personIds).toContain(person.id);
    expect(Date.parse(person.createdAt)).toBeGreaterThanOrEqual(Date.UTC(2025, 6, 1));
    expect(store.interactions.get(interaction.id)).toMatchObject({
      kind: 'email',
      loggingType: 'automated',
      fromPersonId: person.id,
      personIds: [user],
      date: person.createdAt,
    });
  });

  it('makes a person with no company when no company has the domain', () => {
    const store = generateStore(1, 'tiny');
    const [user] = store.users.keys();
    const { person } = emailFromNewAddress(store, { address: 'bo@nowhere.invalid', firstName: 'Bo', lastName: null, toPersonId: user! });
    expect(person.companyIds).toEqual([]);
  });
});
