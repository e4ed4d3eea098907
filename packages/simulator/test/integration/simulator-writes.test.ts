import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../src/index.ts';
import { pageAllV2, simCall } from '../../src/test-client.ts';
import { getCell } from '../../src/store/store-values.ts';
import type { SimField } from '../../src/store/store-types.ts';

const V = '2026-09-17';

function trackedField(sim: RunningSimulator, pred: (f: SimField) => boolean): SimField {
  const f = [...sim.store.fields.values()].find((x) => x.trackChanges && pred(x));
  if (!f) throw new Error('no such field');
  return f;
}

describe('simulator writes', () => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startSimulator({ scale: 'tiny', rateLimitPerMin: 100_000, createLagMs: 250 });
  });
  afterAll(() => sim.close());

  it('hides a v1 create from /v2 for createLagMs, then serves it', async () => {
    const created = await simCall(sim, '/organizations', { method: 'POST', body: { name: 'Lagging Co', domain: 'lagging.co' } });
    expect(created.status).toBe(200);
    const id = (created.json as { id: number }).id;
    expect((await simCall(sim, `/v2/companies/${id}`)).status).toBe(404);
    const listed = await pageAllV2(sim, '/v2/companies');
    expect((listed as Array<{ id: number }>).some((c) => c.id === id)).toBe(false);
    expect((await simCall(sim, `/organizations/${id}`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    const later = await simCall(sim, `/v2/companies/${id}`);
    expect(later.status).toBe(200);
    expect(later.json).toMatchObject({ id, name: 'Lagging Co', domain: 'lagging.co' });
  });

  it('logs a field value change for every write to a tracked field (v2 single, batch, list entry)', async () => {
    const f = trackedField(sim, (x) => x.entityType === 'company' && x.listId === null && x.valueType === 'number');
    const company = [...sim.store.companies.keys()][0] as number;
    const before = sim.store.fieldValueChanges.length;
    const had = getCell(sim.store, f, company) !== null;
    expect((await simCall(sim, `/v2/companies/${company}/fields/${f.id}`, { method: 'POST', body: { value: { type: 'number', data: 11 } } })).status).toBe(204);
    expect(
      (
        await simCall(sim, `/v2/companies/${company}/fields`, {
          method: 'PATCH',
          body: { operation: 'update-fields', updates: [{ id: f.id, value: { type: 'number', data: 12 } }] },
        })
      ).status,
    ).toBe(200);
    expect((await simCall(sim, `/v2/companies/${company}/fields/${f.id}`, { method: 'POST', body: { value: null } })).status).toBe(204);
    const logged = sim.store.fieldValueChanges.slice(before);
    expect(logged.map((c) => c.actionType)).toEqual([had ? 'update' : 'add', 'update', 'delete']);
    expect(logged[1]?.value).toEqual({ type: 'number', data: 12 });
    expect(logged[2]?.value).toEqual({ type: 'number', data: 12 });
    const filter = encodeURIComponent(`changedAt>=${logged[0]?.changedAt}&field.id=${f.id}`);
    const api = await pageAllV2(sim, `/v2/field-value-changes?filter=${filter}`, { version: V });
    expect((api as Array<{ id: number }>).map((c) => c.id)).toEqual(logged.map((c) => c.id));
    const v1 = await simCall(sim, `/field-value-changes?field_id=${f.v1Id}&organization_id=${company}`);
    const v1Actions = (v1.json as Array<{ id: number; action_type: number }>).filter((c) => logged.some((l) => l.id === c.id)).map((c) => c.action_type);
    expect(v1Actions.slice(-2)).toEqual([2, 1]);

    const lf = trackedField(sim, (x) => x.listId !== null && x.valueType === 'ranked-dropdown');
    const entryId = [...(sim.store.entriesByList.get(lf.listId as number)?.values() ?? [])][0] as number;
    const option = sim.store.options(lf)[2];
    const r = await simCall(sim, `/v2/lists/${lf.listId}/list-entries/${entryId}/fields/${lf.id}`, {
      method: 'POST',
      body: { value: { type: 'ranked-dropdown', data: { dropdownOptionId: option?.id } } },
    });
    expect(r.status).toBe(204);
    const last = sim.store.fieldValueChanges.at(-1);
    expect(last).toMatchObject({ listEntryId: entryId, fieldKey: lf.key, value: { data: { dropdownOptionId: option?.id } } });
    const perEntry = await pageAllV2(sim, `/v2/lists/${lf.listId}/list-entries/${entryId}/field-value-changes`, { version: V });
    expect((perEntry as Array<{ id: number; value: { text: string } }>).at(-1)).toMatchObject({ id: last?.id, value: { text: option?.text } });
  });

  it('does not log changes for untracked fields and v1 refuses their change log (422)', async () => {
    const f = [...sim.store.fields.values()].find(
      (x) => !x.trackChanges && x.v1Id !== null && x.valueType === 'text' && x.listId === null && x.entityType === 'person',
    ) as SimField;
    const person = [...sim.store.persons.keys()][10] as number;
    const before = sim.store.fieldValueChanges.length;
    const w = await simCall(sim, '/field-values', { method: 'POST', body: { field_id: f.v1Id, entity_id: person, value: 'hello' } });
    expect(w.status).toBe(200);
    expect(w.json).toMatchObject({ field_id: f.v1Id, entity_id: person, value: 'hello' });
    expect(sim.store.fieldValueChanges.length).toBe(before);
    const r = await simCall(sim, `/field-value-changes?field_id=${f.v1Id}`);
    expect(r.status).toBe(422);
    expect(r.json).toEqual({ error: 'Tracking changes for this entity attribute is not yet supported' });
  });

  it('logs v1 field value writes (create, update, delete) with the old value on delete', async () => {
    const f = trackedField(sim, (x) => x.entityType === 'person' && x.listId === null && x.valueType === 'number');
    const person = [...sim.store.persons.keys()][12] as number;
    const before = sim.store.fieldValueChanges.length;
    const hadValue = getCell(sim.store, f, person) !== null;
    const created = await simCall(sim, '/field-values', { method: 'POST', body: { field_id: f.v1Id, entity_id: person, value: 5 } });
    expect(created.status).toBe(200);
    const fvId = (created.json as { id: number }).id;
    expect((await simCall(sim, `/field-values/${fvId}`, { method: 'PUT', body: { value: 6 } })).json).toMatchObject({ id: fvId, value: 6 });
    expect((await simCall(sim, `/field-values/${fvId}`, { method: 'DELETE' })).json).toEqual({ success: true });
    const logged = sim.store.fieldValueChanges.slice(before);
    expect(logged.map((c) => c.actionType)).toEqual([hadValue ? 'update' : 'add', 'update', 'delete']);
    expect(logged[2]?.value).toEqual({ type: 'number', data: 6 });
    expect(getCell(sim.store, f, person)).toBeNull();
    const values = await simCall(sim, `/field-values?person_id=${person}`);
    expect((values.json as Array<{ field_id: number }>).some((v) => v.field_id === f.v1Id)).toBe(false);
  });

  it('merges companies: the duplicate disappears and its entries, values and associations move', async () => {
    const [primary, dup] = [...sim.store.companies.values()].filter((c) => c.personIds.length > 0).slice(0, 2);
    if (!primary || !dup) throw new Error('need two companies');
    const entryIds = sim.store.entriesOf('company', dup.id).map((e) => e.id);
    const persons = [...new Set([...primary.personIds, ...dup.personIds])].sort((a, b) => a - b);
    const r = await simCall(sim, '/v2/company-merges', { method: 'POST', body: { primaryCompanyId: primary.id, duplicateCompanyId: dup.id } });
    expect(r.status).toBe(202);
    const taskUrl = (r.json as { taskUrl: string }).taskUrl;
    expect(taskUrl.startsWith(`${sim.url}/v2/tasks/company-merges/`)).toBe(true);
    expect((await simCall(sim, taskUrl)).json).toMatchObject({ status: 'success' });
    const gone = await simCall(sim, `/organizations/${dup.id}`);
    expect(gone.status).toBe(422);
    expect(gone.json).toEqual({ error: `${dup.id} no longer exists as it has been merged into ${primary.id}` });
    expect((await simCall(sim, `/v2/companies/${dup.id}`)).status).toBe(422);
    const survivor = (await simCall(sim, `/organizations/${primary.id}`)).json as { person_ids: number[]; list_entries: Array<{ id: number }> };
    expect(survivor.person_ids).toEqual(persons);
    for (const e of entryIds) expect(survivor.list_entries.map((x) => x.id)).toContain(e);
    for (const p of dup.personIds) expect(sim.store.persons.get(p)?.companyIds).not.toContain(dup.id);
    expect(sim.store.mergedInto.company.get(dup.id)).toBe(primary.id);
    const merges = await pageAllV2(sim, '/v2/company-merges');
    expect(merges).toContainEqual(expect.objectContaining({ primaryCompanyId: primary.id, duplicateCompanyId: dup.id, status: 'success' }));
    const listed = await pageAllV2(sim, '/v2/companies');
    expect((listed as Array<{ id: number }>).some((c) => c.id === dup.id)).toBe(false);
  });

  it('merges persons and answers 422 for the old id on both interfaces', async () => {
    const ext = [...sim.store.persons.values()].filter((p) => p.type === 'external');
    const [a, b] = [ext[3], ext[4]];
    if (!a || !b) throw new Error('need persons');
    // A note that @-mentions the duplicate mentions the primary after the merge, on both interfaces.
    const note = [...sim.store.notes.values()].find((n) => n.parentId === null)!;
    note.mentionedPersonIds = [b.id];
    const r = await simCall(sim, '/v2/person-merges', { method: 'POST', body: { primaryPersonId: a.id, duplicatePersonId: b.id } });
    expect(r.status).toBe(202);
    expect((await simCall(sim, `/notes/${note.id}`)).json).toMatchObject({ mentioned_person_ids: [a.id] });
    expect(sim.store.notes.get(note.id)?.mentionedPersonIds).toEqual([a.id]);
    expect((await simCall(sim, `/persons/${b.id}`)).status).toBe(422);
    expect((await simCall(sim, `/v2/persons/${b.id}`)).json).toMatchObject({
      errors: [{ message: `${b.id} no longer exists as it has been merged into ${a.id}` }],
    });
  });

  it('v1 opportunity PUT replaces person and organization sets wholesale; deletes disappear everywhere', async () => {
    const list = [...sim.store.lists.values()].find((l) => l.type === 'opportunity');
    const persons = [...sim.store.persons.keys()].slice(20, 23);
    const created = await simCall(sim, '/opportunities', { method: 'POST', body: { name: 'Deal X', list_id: list?.id, person_ids: persons } });
    expect(created.status).toBe(200);
    const opp = created.json as { id: number; list_entries: Array<{ id: number }> };
    expect(opp.list_entries).toHaveLength(1);
    const put = await simCall(sim, `/opportunities/${opp.id}`, { method: 'PUT', body: { person_ids: [persons[2]] } });
    expect((put.json as { person_ids: number[] }).person_ids).toEqual([persons[2]]);
    expect(sim.store.persons.get(persons[0] as number)?.opportunityIds).not.toContain(opp.id);
    expect((await simCall(sim, `/opportunities/${opp.id}`, { method: 'DELETE' })).json).toEqual({ success: true });
    expect((await simCall(sim, `/opportunities/${opp.id}`)).status).toBe(404);
    expect(sim.store.listEntries.has(opp.list_entries[0]?.id as number)).toBe(false);
    const entries = await pageAllV2(sim, `/v2/lists/${list?.id}/list-entries`);
    expect((entries as Array<{ entity: { id: number } }>).some((e) => e.entity.id === opp.id)).toBe(false);
  });

  it('creates, updates and deletes notes and reminders through both interfaces', async () => {
    const person = [...sim.store.persons.keys()][30] as number;
    const n = await simCall(sim, '/v2/notes', { method: 'POST', body: { content: '<p>hi</p>', personIds: [person] } });
    expect(n.status).toBe(201);
    const noteId = (n.json as { id: number }).id;
    const upd = await simCall(sim, `/v2/notes/${noteId}`, { method: 'POST', body: { content: '<p>bye</p>' } });
    expect(upd.json).toMatchObject({ content: { html: '<p>bye</p>' } });
    expect(((await simCall(sim, `/v2/persons/${person}/notes`)).json as { data: Array<{ id: number }> }).data.map((x) => x.id)).toContain(noteId);
    expect((await simCall(sim, `/v2/notes/${noteId}`, { method: 'DELETE' })).json).toEqual({ success: true });
    expect((await simCall(sim, `/notes/${noteId}`)).status).toBe(404);
    const rem = await simCall(sim, '/reminders', {
      method: 'POST',
      body: { owner_id: 100000001, type: 0, due_date: '2030-01-01T00:00:00Z', content: 'call', person_id: person },
    });
    expect(rem.status).toBe(200);
    const remId = (rem.json as { id: number }).id;
    const put = await simCall(sim, `/reminders/${remId}`, { method: 'PUT', body: { type: 1, reset_type: 1, reminder_days: 14 } });
    expect(put.json).toMatchObject({ type: 1, reset_type: 1, reminder_days: 14 });
    expect((await simCall(sim, `/reminders/${remId}`, { method: 'DELETE' })).json).toEqual({ success: true });
    const v2rem = await simCall(sim, '/v2/reminders', {
      method: 'POST',
      body: { type: 'one-time', content: 'x', dueDate: '2030-02-01T00:00:00Z', personId: person },
    });
    expect(v2rem.status).toBe(201);
  });

  it('refuses to delete or rename a global company (422)', async () => {
    const g = [...sim.store.companies.values()][5];
    if (!g) throw new Error('need a company');
    g.isGlobal = true;
    expect((await simCall(sim, `/organizations/${g.id}`, { method: 'DELETE' })).status).toBe(422);
    expect((await simCall(sim, `/organizations/${g.id}`, { method: 'PUT', body: { name: 'x' } })).status).toBe(422);
  });
});
