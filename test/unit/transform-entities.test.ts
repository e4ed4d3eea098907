import { describe, expect, it } from 'vitest';
import { v1OrganizationSchema, v1PersonSchema, v2CompanySchema, v2PersonSchema } from '../../src/extract/schemas/index.ts';
import { v1OrganizationRead, v1PersonRead, v2CompanyRows, v2PersonRows } from '../../src/transform/index.ts';

const pd = (id: number) => ({ id, firstName: `P${id}`, lastName: null, primaryEmailAddress: null, type: 'external' });
const cd = (id: number) => ({ id, name: `C${id}`, domain: null });
const range = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i);

const rawCompany = {
  id: 1,
  name: 'Acme',
  domain: 'acme.co',
  domains: ['acme.co', 'acme.com'],
  isGlobal: false,
  surprise: 'kept',
  fields: [
    {
      id: 'affinity-data-location',
      name: 'Location',
      type: 'enriched',
      enrichmentSource: 'affinity-data',
      value: { type: 'location', data: { streetAddress: null, city: 'San Francisco', state: 'California', country: 'United States', continent: null } },
    },
    { id: 'persons', name: 'People', type: 'relationship-intelligence', enrichmentSource: null, value: { type: 'person-multi', data: [pd(7), pd(8), pd(7)] } },
  ],
};

describe('v2 companies and persons', () => {
  it('company row, entity-level field values (no association field) and company_persons replaced per company', () => {
    const b = v2CompanyRows(v2CompanySchema.parse(rawCompany), rawCompany);
    expect(b.upserts.companies).toEqual([
      {
        id: 1,
        name: 'Acme',
        domain: 'acme.co',
        domains_json: '["acme.co","acme.com"]',
        is_global: false,
        _raw: JSON.stringify(rawCompany),
      },
    ]);
    const fv = b.replace.find((s) => s.table === 'field_values')!;
    expect(fv.owners).toEqual([{ entity_type: 'company', entity_id: 1, list_entry_id: 0 }]);
    // The `persons` association field lives in company_persons alone, never in field_values.
    expect(fv.rows.map((r) => [r.field_id, r.value_index, r.ref_id])).toEqual([['affinity-data-location', 0, null]]);
    const cp = b.replace.find((s) => s.table === 'company_persons')!;
    expect(cp).toEqual({
      table: 'company_persons',
      scope: ['company_id'],
      owners: [{ company_id: 1 }],
      rows: [
        { company_id: 1, person_id: 7 },
        { company_id: 1, person_id: 8 },
      ],
    });
    expect(b.upserts.company_persons).toBeUndefined();
  });

  it('no fields member, or fields: [] without a selection → no field_values set and no association change', () => {
    const b = v2CompanyRows(v2CompanySchema.parse({ id: 2, name: 'B', domain: null, domains: [], isGlobal: true }));
    expect(b.replace).toEqual([]);
    expect(b.upserts.companies?.[0]).toMatchObject({ id: 2, is_global: true, domain: null });
    expect(v2CompanyRows(v2CompanySchema.parse({ id: 2, name: 'B', fields: [] })).replace).toEqual([]);
    const requested = v2CompanyRows(v2CompanySchema.parse({ id: 2, name: 'B', fields: [] }), undefined, { fieldsRequested: true });
    expect(requested.replace.map((s) => [s.table, s.rows.length])).toEqual([['field_values', 0]]);
  });

  it('a cleared association field empties the set', () => {
    const raw = { ...rawCompany, fields: [{ ...rawCompany.fields[1]!, value: { type: 'person-multi', data: null } }] };
    const cp = v2CompanyRows(v2CompanySchema.parse(raw)).replace.find((s) => s.table === 'company_persons')!;
    expect(cp.owners).toEqual([{ company_id: 1 }]);
    expect(cp.rows).toEqual([]);
  });

  it('a truncated association (100 items) is upserted, not replaced', () => {
    const raw = {
      id: 3,
      firstName: 'A',
      lastName: 'B',
      primaryEmailAddress: 'a@b.c',
      emailAddresses: ['a@b.c'],
      type: 'internal',
      fields: [
        {
          id: 'companies',
          name: 'Organizations',
          type: 'relationship-intelligence',
          enrichmentSource: null,
          value: { type: 'company-multi', data: range(100).map(cd) },
        },
      ],
    };
    const person = v2PersonSchema.parse(raw);
    const b = v2PersonRows(person);
    expect(b.replace.some((s) => s.table === 'company_persons')).toBe(false);
    expect(b.upserts.company_persons).toHaveLength(100);
    expect(b.upserts.company_persons?.[0]).toEqual({ person_id: 3, company_id: 1 });
    expect(b.upserts.persons?.[0]).toMatchObject({
      id: 3,
      first_name: 'A',
      last_name: 'B',
      primary_email: 'a@b.c',
      emails_json: '["a@b.c"]',
      type: 'internal',
    });
  });

  it('totalCount beyond the items also counts as truncated', () => {
    const p = v2PersonSchema.parse({
      id: 4,
      firstName: 'X',
      fields: [
        {
          id: 'companies',
          name: 'O',
          type: 'relationship-intelligence',
          enrichmentSource: null,
          value: { type: 'company-multi', data: [cd(1)], totalCount: 2 },
        },
      ],
    });
    const b = v2PersonRows(p);
    expect(b.replace.some((s) => s.table === 'company_persons')).toBe(false);
    expect(b.upserts.company_persons).toEqual([{ person_id: 4, company_id: 1 }]);
  });
});

describe('v1 single reads and searches → associations', () => {
  it('organization person_ids and opportunity_ids replace per company', () => {
    const org = v1OrganizationSchema.parse({
      id: 64779194,
      name: 'Affinity',
      domain: 'affinity.co',
      domains: [],
      global: false,
      person_ids: [38706, 38707, 38706],
      opportunity_ids: [117],
      list_entries: [],
    });
    const b = v1OrganizationRead(org);
    expect(b.replace).toEqual([
      {
        table: 'company_persons',
        scope: ['company_id'],
        owners: [{ company_id: 64779194 }],
        rows: [
          { company_id: 64779194, person_id: 38706 },
          { company_id: 64779194, person_id: 38707 },
        ],
      },
      { table: 'opportunity_companies', scope: ['company_id'], owners: [{ company_id: 64779194 }], rows: [{ company_id: 64779194, opportunity_id: 117 }] },
    ]);
    expect(b.upserts).toEqual({});
    // The name and domains set on the row already held, so a rename shows with the tier's read.
    expect(b.updates).toEqual({ companies: [{ id: 64779194, name: 'Affinity', domain: 'affinity.co', domains_json: '[]', is_global: false }] });
  });

  it.each([
    ['organization, only id and name', v1OrganizationRead(v1OrganizationSchema.parse({ id: 1, name: 'A' })).updates, { companies: [{ id: 1, name: 'A' }] }],
    [
      'organization, null domain',
      v1OrganizationRead(v1OrganizationSchema.parse({ id: 1, name: 'A', domain: null })).updates,
      { companies: [{ id: 1, name: 'A', domain: null }] },
    ],
    ['person, only id', v1PersonRead(v1PersonSchema.parse({ id: 5 })).updates, { persons: [{ id: 5 }] }],
    [
      'person, names and addresses',
      v1PersonRead(v1PersonSchema.parse({ id: 5, first_name: 'Jo', last_name: null, emails: ['j@x.io'] })).updates,
      { persons: [{ id: 5, first_name: 'Jo', last_name: null, emails_json: '["j@x.io"]' }] },
    ],
  ])('a single read sets only the members it carries (%s)', (_, got, want) => {
    expect(got).toEqual(want);
  });

  it('search items without arrays change nothing (absent ≠ empty); [] clears', () => {
    expect(v1OrganizationRead(v1OrganizationSchema.parse({ id: 1, name: 'A' })).replace).toEqual([]);
    const cleared = v1OrganizationRead(v1OrganizationSchema.parse({ id: 1, name: 'A', person_ids: [] }));
    expect(cleared.replace).toEqual([{ table: 'company_persons', scope: ['company_id'], owners: [{ company_id: 1 }], rows: [] }]);
  });

  it('person organization_ids → company_persons per person, opportunity_ids → opportunity_persons', () => {
    const p = v1PersonSchema.parse({
      id: 38706,
      type: 0,
      first_name: 'John',
      last_name: 'Doe',
      primary_email: 'john@affinity.co',
      emails: ['john@affinity.co'],
      organization_ids: [1687449],
      opportunity_ids: [4, 11],
    });
    const b = v1PersonRead(p);
    expect(b.replace.map((s) => [s.table, s.scope, s.rows.length])).toEqual([
      ['company_persons', ['person_id'], 1],
      ['opportunity_persons', ['person_id'], 2],
    ]);
    expect(b.replace[0]!.rows).toEqual([{ person_id: 38706, company_id: 1687449 }]);
  });
});
