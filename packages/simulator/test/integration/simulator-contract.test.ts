import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator, type SimListEntry } from '../../src/index.ts';
import { pageAllV1, pageAllV2, simCall } from '../../src/test-client.ts';

/**
 * Contract profiles (packages/simulator/src/contract.ts): where association data can be read under `reference`
 * (docs/contract.md) and under `seed` (the client's contract where it is stingier). Small scale: it has
 * companies and opportunities with more than 100 persons.
 */
type Field = { id: string; type: string; valueType?: string; value?: { data: unknown } };
type Entry = { id: number; entity: { id: number; fields: Field[] } };

describe('simulator contract profiles: associations', () => {
  let ref: RunningSimulator;
  let seed: RunningSimulator;
  beforeAll(async () => {
    [ref, seed] = await Promise.all([
      startSimulator({ scale: 'small', rateLimitPerMin: 1_000_000 }),
      startSimulator({ scale: 'small', rateLimitPerMin: 1_000_000, contract: 'seed' }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([ref.close(), seed.close()]);
  });

  const listOf = (sim: RunningSimulator, type: string) =>
    [...sim.store.lists.values()].find((l) => l.type === type && (sim.store.entriesByList.get(l.id)?.length ?? 0) > 0);
  const fieldIds = async (sim: RunningSimulator, path: string) => ((await pageAllV2(sim, path)) as Field[]).map((f) => `${f.id}:${f.type}`);

  it('reference: association fields are list fields of opportunity and person lists only, never company/person fields', async () => {
    expect(ref.contract).toBe('reference');
    for (const kind of ['companies', 'persons']) {
      const ids = await fieldIds(ref, `/v2/${kind}/fields`);
      expect(ids.filter((f) => f.startsWith('persons:') || f.startsWith('companies:'))).toEqual([]);
      const r = await simCall(ref, `/v2/${kind}?limit=1&fieldIds=${kind === 'companies' ? 'persons' : 'companies'}`);
      expect(r.status).toBe(400);
      expect(r.json).toMatchObject({ errors: [{ code: 'validation', param: 'fieldIds' }] });
    }
    const opp = listOf(ref, 'opportunity');
    const person = listOf(ref, 'person');
    const company = listOf(ref, 'company');
    expect(await fieldIds(ref, `/v2/lists/${opp?.id}/fields`)).toEqual(expect.arrayContaining(['persons:list', 'companies:list']));
    expect((await fieldIds(ref, `/v2/lists/${person?.id}/fields`)).filter((f) => /^(persons|companies):/.test(f))).toEqual(['companies:list']);
    expect((await fieldIds(ref, `/v2/lists/${company?.id}/fields`)).filter((f) => /^(persons|companies):/.test(f))).toEqual([]);
  });

  it('reference: list-entry association values come from the store, person-multi cut at 100', async () => {
    const { store } = ref;
    const big = [...store.opportunities.values()].find((o) => o.personIds.length > 100);
    expect(big).toBeDefined();
    const entry = store.entriesOf('opportunity', big?.id ?? 0)[0] as SimListEntry;
    const r = await simCall(ref, `/v2/lists/${entry.listId}/list-entries/${entry.id}?fieldIds=persons&fieldIds=companies`);
    const fields = (r.json as Entry).entity.fields;
    const persons = fields.find((f) => f.id === 'persons')?.value?.data as Array<{ id: number }>;
    expect(persons.map((p) => p.id)).toEqual(big?.personIds.slice(0, 100));
    const companies = fields.find((f) => f.id === 'companies')?.value?.data as Array<{ id: number }> | null;
    expect((companies ?? []).map((c) => c.id)).toEqual(big?.companyIds.slice(0, 100));
    // A person list entry carries the person's companies.
    const personList = listOf(ref, 'person');
    const entries = (await pageAllV2(ref, `/v2/lists/${personList?.id}/list-entries?fieldIds=companies`)) as Entry[];
    expect(entries.length).toBeGreaterThan(0);
    for (const e of entries.slice(0, 20)) {
      const want = store.persons.get(e.entity.id)?.companyIds ?? [];
      const got = (e.entity.fields[0]?.value?.data as Array<{ id: number }> | null) ?? [];
      expect(got.map((c) => c.id)).toEqual(want.slice(0, 100));
    }
  });

  it('seed: /v2 has no association fields anywhere', async () => {
    const opp = listOf(seed, 'opportunity');
    const person = listOf(seed, 'person');
    for (const l of [opp, person]) {
      expect((await fieldIds(seed, `/v2/lists/${l?.id}/fields`)).filter((f) => /^(persons|companies):/.test(f))).toEqual([]);
      const r = await simCall(seed, `/v2/lists/${l?.id}/list-entries?limit=1&fieldIds=companies`);
      expect(r.status).toBe(400);
      const all = (await simCall(seed, `/v2/lists/${l?.id}/list-entries?limit=5&fieldTypes=list`)).json as { data: Entry[] };
      expect(all.data.flatMap((e) => e.entity.fields.map((f) => f.id)).filter((id) => id === 'persons' || id === 'companies')).toEqual([]);
    }
    const entry = seed.store.entriesOf('opportunity', [...seed.store.opportunities.keys()][0] ?? 0)[0] as SimListEntry;
    const flat = (await simCall(seed, `/v2/lists/${entry.listId}/list-entries/${entry.id}/fields?limit=100`)).json as { data: Field[] };
    expect(flat.data.map((f) => f.id)).not.toContain('persons');
  });

  it('older opportunity search: whole association arrays under reference (no cut at 100), none under seed', async () => {
    const big = [...ref.store.opportunities.values()].find((o) => o.personIds.length > 100);
    type V1Opp = { id: number; person_ids?: number[]; organization_ids?: number[] };
    const refOpps = (await pageAllV1(ref, '/opportunities?page_size=500', 'opportunities')) as V1Opp[];
    const found = refOpps.find((o) => o.id === big?.id);
    expect(found?.person_ids).toEqual(big?.personIds);
    expect(found?.organization_ids).toEqual(big?.companyIds);
    const seedOpps = (await pageAllV1(seed, '/opportunities?page_size=500', 'opportunities')) as V1Opp[];
    expect(seedOpps).toHaveLength(seed.store.opportunities.size);
    expect(seedOpps.every((o) => !('person_ids' in o) && !('organization_ids' in o))).toBe(true);
    for (const sim of [ref, seed]) {
      const single = (await simCall(sim, `/opportunities/${big?.id}`)).json as V1Opp;
      expect(single.person_ids).toEqual(big?.personIds);
      expect(single.organization_ids).toEqual(big?.companyIds);
    }
  });

  it('older single reads carry whole arrays in both profiles; search extras only under reference', async () => {
    const company = [...ref.store.companies.values()].find((c) => c.personIds.length > 100);
    expect(company).toBeDefined();
    const person = [...ref.store.persons.values()].find((p) => p.currentCompanyIds.length > 0);
    for (const sim of [ref, seed]) {
      const org = (await simCall(sim, `/organizations/${company?.id}`)).json as { person_ids: number[]; opportunity_ids: number[] };
      expect(org.person_ids).toEqual(company?.personIds);
      expect(org.opportunity_ids).toEqual(company?.opportunityIds);
      const p = (await simCall(sim, `/persons/${person?.id}`)).json as { organization_ids: number[] };
      expect(p.organization_ids).toEqual(person?.companyIds);
    }
    const orgSearch = async (sim: RunningSimulator) =>
      ((await simCall(sim, '/organizations?page_size=5&with_opportunities=true')).json as { organizations: Array<Record<string, unknown>> }).organizations;
    expect((await orgSearch(ref)).every((o) => Array.isArray(o.opportunity_ids))).toBe(true);
    expect((await orgSearch(seed)).some((o) => 'opportunity_ids' in o)).toBe(false);
    const personSearch = async (sim: RunningSimulator) =>
      ((await simCall(sim, '/persons?page_size=50&with_current_organizations=true')).json as { persons: Array<Record<string, unknown>> }).persons;
    expect((await personSearch(ref)).every((p) => Array.isArray(p.current_organization_ids))).toBe(true);
    expect((await personSearch(seed)).some((p) => 'current_organization_ids' in p)).toBe(false);
    for (const sim of [ref, seed]) {
      expect(((await personSearch(sim))[0] as Record<string, unknown>).organization_ids).toBeUndefined();
    }
  });
});
