import { describe, expect, it } from 'vitest';
import { supersedes, type Change } from '../../scripts/bench-month-changes.ts';
import { foldReads, isShown, type WarehouseView } from '../../scripts/bench-month-shown.ts';
import { personEndOnly, relevantChange, type Truth } from '../../scripts/bench-month-truth.ts';

const AT = 1_000;
const ch = (c: Partial<Change> & Pick<Change, 'kind'>): Change => ({ company: 7, at: AT, tier: 'cold', ...c });

function view(p: Partial<WarehouseView> = {}): WarehouseView {
  return {
    companies: new Map([[7, { name: 'Acme', live: true, mergedInto: null }]]),
    persons: new Map([[5, { name: 'Ada Lovelace', live: true }]]),
    opportunities: new Map([[9, { name: 'Deal' }]]),
    links: new Set(),
    dealMembers: new Set(),
    entries: new Set(),
    values: new Set(),
    readAt: new Map(),
    ...p,
  };
}

describe('isShown: when the warehouse tables show a change', () => {
  const cases: Array<[string, Change, WarehouseView, boolean]> = [
    ['link added: the row', ch({ kind: 'link_add', person: 5 }), view({ links: new Set(['7:5']) }), true],
    ['link added: no row', ch({ kind: 'link_add', person: 5 }), view(), false],
    ['link removed, set never requested', ch({ kind: 'link_remove', person: 5 }), view(), false],
    ['link removed, set requested before the change', ch({ kind: 'link_remove', person: 5 }), view({ readAt: new Map([['company:7', AT - 1]]) }), false],
    ['link removed, company set requested after', ch({ kind: 'link_remove', person: 5 }), view({ readAt: new Map([['company:7', AT]]) }), true],
    ['link removed, person set requested after', ch({ kind: 'link_remove', person: 5 }), view({ readAt: new Map([['person:5', AT + 1]]) }), true],
    [
      'link removed, read after but the row stays',
      ch({ kind: 'link_remove', person: 5 }),
      view({ links: new Set(['7:5']), readAt: new Map([['company:7', AT]]) }),
      false,
    ],
    [
      'link removed, company deleted',
      ch({ kind: 'link_remove', person: 5 }),
      view({ companies: new Map([[7, { name: 'Acme', live: false, mergedInto: null }]]) }),
      true,
    ],
    ['company renamed', ch({ kind: 'rename', name: 'Acme' }), view(), true],
    ['company renamed, old name', ch({ kind: 'rename', name: 'Acme 2' }), view(), false],
    ['company deleted, row live', ch({ kind: 'delete' }), view(), false],
    ['company merged away', ch({ kind: 'merge', survivor: 8 }), view({ companies: new Map([[7, { name: 'Acme', live: false, mergedInto: 8 }]]) }), true],
    ['new company, no row', ch({ kind: 'company_new', company: 70, name: 'N' }), view(), false],
    ['person renamed', ch({ kind: 'person_rename', company: 0, person: 5, name: 'Ada Lovelace' }), view(), true],
    ['person renamed, old name', ch({ kind: 'person_rename', company: 0, person: 5, name: 'Ada King' }), view(), false],
    ['person deleted, live row', ch({ kind: 'person_delete', company: 0, person: 5 }), view(), false],
    ['person deleted', ch({ kind: 'person_delete', company: 0, person: 5 }), view({ persons: new Map([[5, { name: 'x', live: false }]]) }), true],
    ['person deleted, never stored', ch({ kind: 'person_delete', company: 0, person: 6 }), view(), false],
    ['person from an email: the row', ch({ kind: 'person_from_email', company: 0, person: 5 }), view(), true],
    ['new person, no row', ch({ kind: 'person_new', company: 0, person: 6 }), view(), false],
    ['list entry added', ch({ kind: 'list', entry: 3 }), view({ entries: new Set([3]) }), true],
    ['list entry removed, still live', ch({ kind: 'list_remove', entry: 3 }), view({ entries: new Set([3]) }), false],
    ['company field value', ch({ kind: 'field', field: 'field-1', value: 12 }), view({ values: new Set(['field-1:7:0:12']) }), true],
    [
      'entry field value, on the entry',
      ch({ kind: 'entry_field', entry: 3, field: 'field-2', value: 12 }),
      view({ values: new Set(['field-2:7:3:12']) }),
      true,
    ],
    [
      'untracked entry field, the company-level row is not it',
      ch({ kind: 'entry_field_untracked', entry: 3, field: 'field-2', value: 'v' }),
      view({ values: new Set(['field-2:7:0:v']) }),
      false,
    ],
    ['deal renamed', ch({ kind: 'deal_rename', company: 0, opportunity: 9, name: 'Deal' }), view(), true],
    ['deal gets a person', ch({ kind: 'deal_person', company: 0, person: 5, opportunity: 9 }), view({ dealMembers: new Set(['9:p5']) }), true],
    ['deal gets a company, no row', ch({ kind: 'deal_company', opportunity: 9 }), view({ dealMembers: new Set(['9:p7']) }), false],
  ];
  it.each(cases)('%s', (_name, c, v, want) => {
    expect(isShown(c, v)).toBe(want);
  });
});

describe('supersedes: a later change that hides an earlier one', () => {
  const cases: Array<[string, Change, Change, boolean]> = [
    ['company delete hides its rename', ch({ kind: 'delete' }), ch({ kind: 'rename' }), true],
    ['merge hides the duplicate link', ch({ kind: 'merge', survivor: 8 }), ch({ kind: 'link_add', person: 5 }), true],
    ['company delete, another company', ch({ kind: 'delete', company: 8 }), ch({ kind: 'rename' }), false],
    ['company delete never hides a person change', ch({ kind: 'delete' }), ch({ kind: 'person_rename', company: 0, person: 5 }), false],
    ['person delete hides its rename', ch({ kind: 'person_delete', company: 0, person: 5 }), ch({ kind: 'person_rename', company: 0, person: 5 }), true],
    ['person delete hides a link of it', ch({ kind: 'person_delete', company: 0, person: 5 }), ch({ kind: 'link_add', person: 5 }), true],
    ['person delete, another person', ch({ kind: 'person_delete', company: 0, person: 6 }), ch({ kind: 'link_add', person: 5 }), false],
    [
      'deal rename hides the earlier one',
      ch({ kind: 'deal_rename', company: 0, opportunity: 9 }),
      ch({ kind: 'deal_rename', company: 0, opportunity: 9 }),
      true,
    ],
    ['deal rename, another deal', ch({ kind: 'deal_rename', company: 0, opportunity: 9 }), ch({ kind: 'deal_rename', company: 0, opportunity: 1 }), false],
    ['entry removed hides its field write', ch({ kind: 'list_remove', entry: 3 }), ch({ kind: 'entry_field', entry: 3, field: 'f' }), true],
    ['entry field write hides the same field', ch({ kind: 'entry_field', entry: 3, field: 'f' }), ch({ kind: 'entry_field', entry: 3, field: 'f' }), true],
    ['entry field write, another field', ch({ kind: 'entry_field', entry: 3, field: 'g' }), ch({ kind: 'entry_field', entry: 3, field: 'f' }), false],
    ['link change hides the same pair', ch({ kind: 'link_remove', person: 5 }), ch({ kind: 'link_add', person: 5 }), true],
    ['new person: never hides', ch({ kind: 'person_new', company: 0, person: 5 }), ch({ kind: 'person_rename', company: 0, person: 5 }), false],
  ];
  it.each(cases)('%s', (_name, later, earlier, want) => {
    expect(supersedes(later, earlier)).toBe(want);
  });
});

describe("relevantChange: the truth's tier of a change", () => {
  const none: Truth = { companies: new Set(), persons: new Set() };
  const cases: Array<[string, Change, Truth, Truth, boolean]> = [
    ['company change, company relevant before', ch({ kind: 'rename' }), { companies: new Set([7]), persons: new Set() }, none, true],
    ['company change, not relevant', ch({ kind: 'rename' }), none, none, false],
    ['new company relevant after', ch({ kind: 'company_new' }), none, { companies: new Set([7]), persons: new Set() }, true],
    ['person change by the person, not its company', ch({ kind: 'person_rename', person: 5 }), { companies: new Set([7]), persons: new Set() }, none, false],
    [
      'person made from an email, talked after',
      ch({ kind: 'person_from_email', company: 0, person: 5 }),
      none,
      { companies: new Set(), persons: new Set([5]) },
      true,
    ],
    ['link: the person relevant, its company not', ch({ kind: 'link_add', person: 5 }), none, { companies: new Set(), persons: new Set([5]) }, true],
    ['link: neither end relevant', ch({ kind: 'link_remove', person: 5 }), { companies: new Set([8]), persons: new Set([6]) }, none, false],
    ['merge, the survivor relevant', ch({ kind: 'merge', survivor: 8 }), { companies: new Set([8]), persons: new Set() }, none, true],
    ['deal change: on its list', ch({ kind: 'deal_rename', company: 0 }), none, none, true],
    ['list entry field: an entry', ch({ kind: 'entry_field_untracked' }), none, none, true],
  ];
  it.each(cases)('%s', (_name, c, before, after, want) => {
    expect(relevantChange(c, before, after)).toBe(want);
  });
});

describe('foldReads: the link sets the simulator answered whole', () => {
  it('keeps the latest successful single read of each set, nothing else', () => {
    const readAt = new Map<string, number>();
    foldReads(readAt, [
      { at: 5, route: 'GET /organizations/{id}', params: { id: '7' }, status: 200 },
      { at: 3, route: 'GET /organizations/{id}', params: { id: '7' }, status: 200 },
      { at: 6, route: 'GET /organizations/{id}', params: { id: '8' }, status: 404 },
      { at: 6, route: 'GET /persons/{id}', params: { id: '5' }, status: 200 },
      { at: 9, route: 'GET /v2/companies', params: {}, status: 200 },
    ]);
    expect([...readAt]).toEqual([
      ['company:7', 5],
      ['person:5', 6],
    ]);
  });
});

describe('personEndOnly: a link relevant by its person alone', () => {
  const persons: Truth = { companies: new Set(), persons: new Set([5]) };
  const both: Truth = { companies: new Set([7]), persons: new Set([5]) };
  it.each([
    ['the person relevant, the company not', ch({ kind: 'link_add', person: 5 }), persons, true],
    ['both ends relevant: the company end counts', ch({ kind: 'link_remove', person: 5 }), both, false],
    ['not a link', ch({ kind: 'person_rename', person: 5 }), persons, false],
  ] as Array<[string, Change, Truth, boolean]>)('%s', (_name, c, truth, want) => {
    expect(personEndOnly(c, truth, truth)).toBe(want);
  });
});
