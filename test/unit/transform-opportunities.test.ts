import { describe, expect, it } from 'vitest';
import { v1OpportunitySchema, v2ListEntryWithEntitySchema, v2OpportunitySchema, type V2OpportunityListEntry } from '../../src/extract/schemas/index.ts';
import { joinOpportunity, v1OpportunityAssociations, v2ListEntryRows, type OpportunitySources } from '../../src/transform/index.ts';

const pd = (id: number) => ({ id, firstName: `P${id}`, lastName: null, primaryEmailAddress: null, type: 'external' });
const rawEntry = {
  id: 900,
  listId: 42,
  type: 'opportunity',
  createdAt: '2021-10-04T08:54:24.694-04:00',
  creatorId: 5,
  entity: {
    id: 117,
    name: 'Series C',
    listId: 42,
    fields: [
      {
        id: 'field-1',
        name: 'Stage',
        type: 'list',
        enrichmentSource: null,
        value: { type: 'ranked-dropdown', data: { dropdownOptionId: 3, text: 'Won', rank: 3, color: 'green' } },
      },
      { id: 'persons', name: 'People', type: 'list', enrichmentSource: null, value: { type: 'person-multi', data: [pd(1), pd(2)] } },
      {
        id: 'companies',
        name: 'Organizations',
        type: 'list',
        enrichmentSource: null,
        value: { type: 'company-multi', data: [{ id: 8, name: 'Acme', domain: null }] },
      },
    ],
  },
};
const listEntry = v2ListEntryWithEntitySchema.parse(rawEntry) as V2OpportunityListEntry;
const v2 = v2OpportunitySchema.parse({ id: 117, name: 'Series C (v2)', listId: 42 });
const v1 = v1OpportunitySchema.parse({
  id: 117,
  name: 'Series C (v1)',
  person_ids: [1, 2, 3],
  organization_ids: [8, 9],
  list_entries: [{ id: 900, list_id: 42, creator_id: 6, entity_id: 117, entity_type: 8, created_at: '2021-10-04T09:00:00.000-04:00' }],
});
const v1Bare = { person_ids: [4], organization_ids: [] };

const setOf = (b: ReturnType<typeof joinOpportunity>, table: string) => b.replace.find((s) => s.table === table);
const ids = (rows: Array<Record<string, unknown>> | undefined, col: string) => (rows ?? []).map((r) => r[col]);

type Case = [
  string,
  OpportunitySources,
  {
    row: Record<string, unknown>;
    absent: string[];
    /** `field_values` rows: the entry's `Stage` alone; `persons` / `companies` live in opportunity_* only. */
    fieldRows: number;
    persons: number[] | null;
    personsMode: 'replace' | 'upsert' | 'none';
    companies: number[] | null;
  },
];

const cases: Case[] = [
  [
    'list entry only',
    { listEntry },
    {
      row: { id: 117, name: 'Series C', list_id: 42, list_entry_id: 900, created_at: '2021-10-04T12:54:24.694Z', creator_id: 5 },
      absent: [],
      fieldRows: 1,
      persons: [1, 2],
      personsMode: 'replace',
      companies: [8],
    },
  ],
  [
    'v2 only (partial record)',
    { v2 },
    {
      row: { id: 117, name: 'Series C (v2)', list_id: 42 },
      absent: ['list_entry_id', 'created_at', 'creator_id'],
      fieldRows: 0,
      persons: null,
      personsMode: 'none',
      companies: null,
    },
  ],
  [
    'v1 only (arrays, no list entries)',
    { v1: { id: 117, ...v1Bare } },
    {
      row: { id: 117 },
      absent: ['name', 'list_id', 'list_entry_id', 'created_at', 'creator_id'],
      fieldRows: 0,
      persons: [4],
      personsMode: 'replace',
      companies: [],
    },
  ],
  [
    'v1 only (full read)',
    { v1 },
    {
      row: { id: 117, name: 'Series C (v1)', list_id: 42, list_entry_id: 900, created_at: '2021-10-04T13:00:00.000Z', creator_id: 6 },
      absent: [],
      fieldRows: 0,
      persons: [1, 2, 3],
      personsMode: 'replace',
      companies: [8, 9],
    },
  ],
  [
    'v2 + list entry',
    { v2, listEntry },
    {
      row: { id: 117, name: 'Series C', list_id: 42, list_entry_id: 900, creator_id: 5 },
      absent: [],
      fieldRows: 1,
      persons: [1, 2],
      personsMode: 'replace',
      companies: [8],
    },
  ],
  [
    'v2 + v1',
    { v2, v1 },
    {
      row: { id: 117, name: 'Series C (v2)', list_id: 42, list_entry_id: 900, creator_id: 6 },
      absent: [],
      fieldRows: 0,
      persons: [1, 2, 3],
      personsMode: 'replace',
      companies: [8, 9],
    },
  ],
  [
    'list entry + v1',
    { listEntry, v1 },
    {
      row: { id: 117, name: 'Series C', list_entry_id: 900, creator_id: 5 },
      absent: [],
      fieldRows: 1,
      persons: [1, 2, 3],
      personsMode: 'replace',
      companies: [8, 9],
    },
  ],
  [
    'all three',
    { v2, listEntry, v1: v1Bare },
    {
      row: { id: 117, name: 'Series C', list_id: 42, list_entry_id: 900, created_at: '2021-10-04T12:54:24.694Z', creator_id: 5 },
      absent: [],
      fieldRows: 1,
      persons: [4],
      personsMode: 'replace',
      companies: [],
    },
  ],
];

describe('joinOpportunity: every combination of sources', () => {
  it.each(cases)('%s', (_name, sources, exp) => {
    const b = joinOpportunity(sources);
    const [row] = b.upserts.opportunities!;
    expect(row).toMatchObject(exp.row);
    for (const col of exp.absent) expect(row, col).not.toHaveProperty(col);
    const raw = JSON.parse(row!._raw as string) as Record<string, unknown>;
    expect(Object.keys(raw).sort()).toEqual([sources.v2 && 'v2', sources.listEntry && 'list_entry', sources.v1 && 'v1'].filter(Boolean).sort());

    const fv = setOf(b, 'field_values');
    expect(fv?.rows.length ?? 0).toBe(exp.fieldRows);
    if (sources.listEntry) {
      expect(fv?.owners).toEqual([{ list_entry_id: 900 }]);
      expect(b.upserts.list_entries).toEqual([expect.objectContaining({ id: 900, list_id: 42, entity_type: 'opportunity', entity_id: 117 })]);
    } else {
      expect(b.upserts.list_entries).toBeUndefined();
    }

    const op = setOf(b, 'opportunity_persons');
    if (exp.personsMode === 'none') expect(op).toBeUndefined();
    else {
      expect(op?.owners).toEqual([{ opportunity_id: 117 }]);
      expect(ids(op?.rows, 'person_id')).toEqual(exp.persons);
    }
    const oc = setOf(b, 'opportunity_companies');
    if (exp.companies === null) expect(oc).toBeUndefined();
    else expect(ids(oc?.rows, 'company_id')).toEqual(exp.companies);
  });

  it('no source with an id is an error; disagreeing ids are an error', () => {
    expect(() => joinOpportunity({})).toThrow(/no source carries an opportunity id/);
    expect(() => joinOpportunity({ v1: v1Bare })).toThrow(/no source/);
    expect(() => joinOpportunity({ listEntry, v2: { ...v2, id: 5 } })).toThrow(/disagree/);
  });

  it('list field values sit on the list entry with entity_type opportunity', () => {
    const fv = setOf(joinOpportunity({ listEntry }), 'field_values')!;
    expect(fv.rows[0]).toMatchObject({
      field_id: 'field-1',
      entity_type: 'opportunity',
      entity_id: 117,
      list_entry_id: 900,
      list_id: 42,
      value_text: 'Won',
      value_number: 3,
      ref_id: 3,
    });
  });

  it('a truncated persons field without v1 is upserted, not replaced', () => {
    const many = {
      ...rawEntry,
      entity: {
        ...rawEntry.entity,
        fields: [
          {
            id: 'persons',
            name: 'People',
            type: 'list',
            enrichmentSource: null,
            value: { type: 'person-multi', data: Array.from({ length: 100 }, (_, i) => pd(i + 1)) },
          },
        ],
      },
    };
    const le = v2ListEntryWithEntitySchema.parse(many) as V2OpportunityListEntry;
    const b = joinOpportunity({ listEntry: le });
    expect(setOf(b, 'opportunity_persons')).toBeUndefined();
    expect(b.upserts.opportunity_persons).toHaveLength(100);
    // With v1 the complete list replaces.
    const withV1 = joinOpportunity({ listEntry: le, v1: v1Bare });
    expect(ids(setOf(withV1, 'opportunity_persons')?.rows, 'person_id')).toEqual([4]);
    expect(withV1.upserts.opportunity_persons).toBeUndefined();
  });

  it('v2 list-entry stream routes opportunity entries through the join', () => {
    const b = v2ListEntryRows(listEntry, rawEntry);
    expect(b.upserts.opportunities?.[0]).toMatchObject({ id: 117, list_entry_id: 900 });
    expect(JSON.parse(b.upserts.list_entries?.[0]?._raw as string)).toEqual(rawEntry);
  });

  it('v1OpportunityAssociations gives only association sets', () => {
    const a = v1OpportunityAssociations(v1);
    expect(a.upserts).toEqual({});
    expect(a.replace.map((s) => [s.table, s.scope[0], s.rows.length])).toEqual([
      ['opportunity_persons', 'opportunity_id', 3],
      ['opportunity_companies', 'opportunity_id', 2],
    ]);
  });
});
