/**
 * Association members: a present member replaces the set and settles the record's `*_links` mark; an
 * ABSENT member writes nothing and leaves a mark (absent is never empty); a member at the cap is only
 * added to and still asks for the single read.
 */
import { describe, expect, it } from 'vitest';
import { v1OpportunitySchema, v2CompanySchema, v2ListEntryWithEntitySchema, v2PersonSchema } from '../../src/extract/schemas/index.ts';
import type { PageRows } from '../../src/streams/define.ts';
import { companiesStream } from '../../src/streams/companies.ts';
import { listEntriesStream } from '../../src/streams/list-entries.ts';
import { opportunityAssociationsStream } from '../../src/streams/opportunity-associations.ts';
import { personsStream } from '../../src/streams/persons.ts';

const page = { partition: { key: '', params: {} }, ids: [], initialRead: false };
const range = (n: number, from: number) => Array.from({ length: n }, (_, i) => from + i);
const tables = (out: PageRows) => [...Object.keys(out.rows.upserts), ...out.rows.replace.map((r) => r.table)];

describe('older opportunity search items', () => {
  const run = (item: unknown) => opportunityAssociationsStream.transform([v1OpportunitySchema.parse(item)], [item], page);

  it('with both arrays: replaces both sets and settles the mark', () => {
    const out = run({ id: 300000001, person_ids: [1, 2], organization_ids: [] });
    expect(out.rows.replace.map((r) => [r.table, r.rows.length])).toEqual([
      ['opportunity_persons', 2],
      ['opportunity_companies', 0],
    ]);
    expect(out.marks).toEqual([{ kind: 'opportunity_links', id: 300000001, settled: true }]);
  });

  it('without the members (the seed): writes no set at all and marks the opportunity for a single read', () => {
    const out = run({ id: 300000002, name: 'Deal' });
    expect(tables(out)).toEqual([]);
    expect(out.marks).toEqual([{ kind: 'opportunity_links', id: 300000002 }]);
  });

  it('with one member absent: writes the present one, still marks', () => {
    const out = run({ id: 300000003, person_ids: [5] });
    expect(tables(out)).toEqual(['opportunity_persons']);
    expect(out.marks).toEqual([{ kind: 'opportunity_links', id: 300000003 }]);
  });

  it('with an array at the cap: only adds (never replaces) and marks', () => {
    const out = run({ id: 300000004, person_ids: range(100, 1), organization_ids: [] });
    expect(out.rows.upserts.opportunity_persons).toHaveLength(100);
    expect(out.rows.replace.map((r) => r.table)).toEqual(['opportunity_companies']);
    expect(out.marks).toEqual([{ kind: 'opportunity_links', id: 300000004 }]);
  });
});

describe('/v2 companies and persons', () => {
  it('a company without a `persons` field leaves company_persons alone and marks it', () => {
    const c = { id: 200000001, name: 'Acme', fields: [] };
    const out = companiesStream.transform([v2CompanySchema.parse(c)], [c], page);
    expect(tables(out)).not.toContain('company_persons');
    expect(out.marks).toEqual([{ kind: 'company_links', id: 200000001 }]);
  });

  it('a company whose `persons` field is present (even empty) replaces its set and settles', () => {
    const c = { id: 200000002, name: 'Acme', fields: [{ id: 'persons', type: 'global', value: { type: 'person-multi', data: null } }] };
    const out = companiesStream.transform([v2CompanySchema.parse(c)], [c], page);
    expect(out.rows.replace.find((r) => r.table === 'company_persons')?.rows).toEqual([]);
    expect(out.marks).toEqual([{ kind: 'company_links', id: 200000002, settled: true }]);
  });

  it('a person without `companies` is marked on its own kind', () => {
    const p = { id: 100000001, firstName: 'Ada', lastName: 'L', primaryEmailAddress: null, emailAddresses: [], type: 'external', fields: [] };
    const out = personsStream.transform([v2PersonSchema.parse(p)], [p], page);
    expect(out.marks).toEqual([{ kind: 'person_links', id: 100000001 }]);
  });
});

describe('opportunity list entries', () => {
  const entry = (fields: unknown[]) => ({
    id: 400000001,
    listId: 1001,
    createdAt: '2024-01-01T00:00:00Z',
    type: 'opportunity',
    entity: { id: 300000009, name: 'Deal', listId: 1001, fields },
  });
  const run = (e: unknown) =>
    listEntriesStream.transform([v2ListEntryWithEntitySchema.parse(e)], [e], {
      ...page,
      partition: { key: '1001', params: { listId: 1001, listType: 'opportunity' } },
    });
  const persons = (ids: number[]) => ({
    id: 'persons',
    type: 'list',
    value: { type: 'person-multi', data: ids.map((id) => ({ id, firstName: 'A', lastName: 'B', primaryEmailAddress: null, type: 'external' })) },
  });
  const companies = (ids: number[]) => ({
    id: 'companies',
    type: 'list',
    value: { type: 'company-multi', data: ids.map((id) => ({ id, name: 'C', domain: null })) },
  });

  it("with both association fields whole: settles the search's mark", () => {
    expect(run(entry([persons([1]), companies([2])])).marks).toEqual([{ kind: 'opportunity_links', id: 300000009, settled: true }]);
  });

  it('without them (the seed): never settles, never marks (the search decides what it lacked)', () => {
    expect(run(entry([])).marks).toEqual([]);
  });

  it('with one cut at 100: marks the opportunity for its single read, whatever the other field says', () => {
    expect(run(entry([persons(range(100, 1)), companies([2])])).marks).toEqual([{ kind: 'opportunity_links', id: 300000009 }]);
    expect(run(entry([persons([1]), companies(range(100, 1))])).marks).toEqual([{ kind: 'opportunity_links', id: 300000009 }]);
  });
});
