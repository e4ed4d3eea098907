import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setCell, startSimulator, type RunningSimulator } from '../../src/index.ts';
import { pageAllV1, pageAllV2, simCall } from '../../src/test-client.ts';

/**
 * What each contract profile refuses (packages/simulator/src/contract.ts, params.ts, permissions.ts): the
 * change log without a field filter under the seed, undocumented filters and parameters in both,
 * unscoped older file listings under the seed, and permission denials switched on with `deny`.
 */
type Change = { id: number; changedAt: string; field: { id: string } };
const V = { version: '2026-09-17' };

describe('simulator contract profiles: refusals', () => {
  let ref: RunningSimulator;
  let seed: RunningSimulator;
  beforeAll(async () => {
    [ref, seed] = await Promise.all([
      startSimulator({ scale: 'tiny', rateLimitPerMin: 1_000_000 }),
      startSimulator({ scale: 'tiny', rateLimitPerMin: 1_000_000, contract: 'seed' }),
    ]);
    // A few more changes on two tracked fields, so filters and order have something to tell apart.
    for (const sim of [ref, seed]) {
      const tracked = [...sim.store.fields.values()].filter(
        (f) => f.trackChanges && f.listId === null && f.entityType === 'company' && f.valueType === 'number',
      );
      const company = [...sim.store.companies.keys()][0] as number;
      for (const [i, f] of tracked.slice(0, 2).entries()) {
        setCell(sim.store, {
          field: f,
          entityType: 'company',
          entityId: company,
          listEntryId: null,
          value: { type: 'number', data: 1000 + i },
          changerId: null,
        });
      }
    }
  });
  afterAll(async () => {
    await Promise.all([ref.close(), seed.close()]);
  });

  const badFilter = (r: { status: number; json: unknown }, param = 'filter') => {
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ errors: [{ code: 'validation', param }] });
  };

  it('/v2/field-value-changes: org-wide under reference, a field.id filter required under seed', async () => {
    const all = (await pageAllV2(ref, '/v2/field-value-changes?limit=100', V)) as Change[];
    expect(all).toHaveLength(ref.store.fieldValueChanges.length);
    badFilter(await simCall(seed, '/v2/field-value-changes?limit=10', V));
    badFilter(await simCall(seed, '/v2/field-value-changes?filter=changedAt>=2020-01-01T00:00:00Z', V));
    const fields = [...new Set(seed.store.fieldValueChanges.map((c) => seed.store.fields.get(c.fieldKey)?.id))].slice(0, 2) as string[];
    expect(fields).toHaveLength(2);
    const one = (await pageAllV2(seed, `/v2/field-value-changes?filter=${encodeURIComponent(`field.id=${fields[0]}`)}`, V)) as Change[];
    expect(one.length).toBe(seed.store.fieldValueChanges.filter((c) => seed.store.fields.get(c.fieldKey)?.id === fields[0]).length);
    expect(one.every((c) => c.field.id === fields[0])).toBe(true);
    const both = (await pageAllV2(seed, `/v2/field-value-changes?filter=${encodeURIComponent(`field.id=${fields[0]}|field.id=${fields[1]}`)}`, V)) as Change[];
    expect(new Set(both.map((c) => c.field.id))).toEqual(new Set(fields));
    // A branch without a field names the whole log again: refused.
    badFilter(await simCall(seed, `/v2/field-value-changes?filter=${encodeURIComponent(`field.id=${fields[0]}|changedAt>=2020-01-01T00:00:00Z`)}`, V));
  });

  it('/v2/field-value-changes: only the documented filter terms and operators; orderBy honoured', async () => {
    for (const sim of [ref, seed]) {
      for (const f of ['entity.id=1', 'id=1', 'field.id!=field-1', 'actionType=create', 'changedAt=2024-01-01T00:00:00Z']) {
        badFilter(await simCall(sim, `/v2/field-value-changes?filter=${encodeURIComponent(f)}`, V));
      }
      badFilter(await simCall(sim, '/v2/field-value-changes?orderBy=id', V), 'orderBy');
    }
    const asc = (await pageAllV2(ref, '/v2/field-value-changes?limit=7&orderBy=changedAt', V)) as Change[];
    const desc = (await pageAllV2(ref, '/v2/field-value-changes?limit=7&orderBy=-changedAt', V)) as Change[];
    expect(asc.length).toBe(ref.store.fieldValueChanges.length);
    expect(desc.map((c) => c.id)).toEqual(asc.map((c) => c.id).reverse());
    const f = asc[asc.length - 1]?.field.id as string;
    const seedDesc = (await pageAllV2(seed, `/v2/field-value-changes?limit=2&orderBy=-changedAt&filter=${encodeURIComponent(`field.id=${f}`)}`, V)) as Change[];
    const ids = seedDesc.map((c) => c.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ids.length).toBe(seed.store.fieldValueChanges.filter((c) => seed.store.fields.get(c.fieldKey)?.id === f).length);
  });

  it('refuses filters and parameters neither document describes, in both profiles', async () => {
    for (const sim of [ref, seed]) {
      badFilter(await simCall(sim, '/v2/reminders?filter=updatedAt>=2020-01-01T00:00:00Z', V));
      badFilter(await simCall(sim, '/v2/transcripts?filter=id=1', V));
      badFilter(await simCall(sim, '/v2/companies?filter=domain=acme.co', V));
      badFilter(await simCall(sim, '/v2/company-merges?filter=id=1', V));
      badFilter(await simCall(sim, '/v2/tasks/person-merges?filter=status=done', V));
      badFilter(await simCall(sim, '/v2/companies?limit=1&sort=name', V), 'sort');
      const v1 = await simCall(sim, '/field-value-changes?field_id=1&changed_after=2020-01-01', { auth: 'basic' });
      expect(v1.status).toBe(422);
      expect((v1.json as { error: string }).error).toContain('changed_after');
      expect((await simCall(sim, '/organizations?min_last_email_date=2020-01-01', { auth: 'basic' })).status).toBe(422);
      const search = await simCall(sim, '/v2/companies/search', { method: 'POST', body: { filters: { operator: 'and', filters: [] } }, ...V });
      expect(search.status).toBe(400);
      // What is documented still works.
      expect((await simCall(sim, '/v2/reminders?limit=5&totalCount=true', V)).status).toBe(200);
      expect((await simCall(sim, '/v2/notes?filter=updatedAt>=2020-01-01T00:00:00Z&includes=personsPreview', V)).status).toBe(200);
      expect((await simCall(sim, '/v2/company-merges?filter=status=success', V)).status).toBe(200);
    }
  });

  it('older /entity-files: an unscoped listing under reference, one scope required under seed; /v2/files org-wide in both', async () => {
    const files = (await pageAllV1(ref, '/entity-files?page_size=500', 'entity_files', { auth: 'basic' })) as Array<{ id: number }>;
    expect(files).toHaveLength(ref.store.files.size);
    const unscoped = await simCall(seed, '/entity-files', { auth: 'basic' });
    expect(unscoped.status).toBe(422);
    expect(unscoped.json).toMatchObject({ error: expect.stringContaining('person_id') });
    const file = [...seed.store.files.values()].find((f) => f.personId !== null);
    expect(file).toBeDefined();
    expect((await simCall(seed, `/entity-files?person_id=${file?.personId}&organization_id=1`, { auth: 'basic' })).status).toBe(422);
    const scoped = (await pageAllV1(seed, `/entity-files?person_id=${file?.personId}`, 'entity_files', { auth: 'basic' })) as Array<{ person_id: number }>;
    expect(scoped.length).toBe([...seed.store.files.values()].filter((f) => f.personId === file?.personId).length);
    expect(scoped.every((f) => f.person_id === file?.personId)).toBe(true);
    for (const sim of [ref, seed]) {
      expect(await pageAllV2(sim, '/v2/files?limit=100', V)).toHaveLength(sim.store.files.size);
      expect((await simCall(sim, '/v2/files', { version: '2026-07-15' })).status).toBe(404);
    }
  });

  it('deny: the named permissions answer 403 with the documented body; others still answer', async () => {
    const sim = await startSimulator({ scale: 'tiny', rateLimitPerMin: 1_000_000, deny: 'emails,merges' });
    try {
      for (const path of ['/v2/emails', '/v2/company-merges', '/v2/person-merges', '/v2/tasks/company-merges']) {
        const r = await simCall(sim, path, V);
        expect(r.status).toBe(403);
        expect(r.json).toMatchObject({ errors: [{ code: 'authorization', message: expect.stringContaining(path) }] });
      }
      const merge = await simCall(sim, '/v2/company-merges', { method: 'POST', body: { primaryCompanyId: 1, duplicateCompanyId: 2 }, ...V });
      expect(merge.status).toBe(403);
      expect((await simCall(sim, '/v2/meetings', V)).status).toBe(200);
      expect((await simCall(sim, '/v2/companies?limit=1', V)).status).toBe(200);
      sim.setDeny('companies');
      expect((await simCall(sim, '/v2/companies?limit=1', V)).status).toBe(403);
      expect((await simCall(sim, '/v2/emails', V)).status).toBe(200);
      sim.setDeny('');
      expect((await simCall(sim, '/v2/companies?limit=1', V)).status).toBe(200);
      expect(() => sim.setDeny('admin')).toThrow(/unknown permission "admin"/);
    } finally {
      await sim.close();
    }
    await expect(startSimulator({ deny: 'nope' })).rejects.toThrow(/unknown permission/);
    await expect(startSimulator({ contract: 'other' as never })).rejects.toThrow(/contract must be one of/);
  });
});
