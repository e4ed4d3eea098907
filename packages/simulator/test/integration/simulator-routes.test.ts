import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../src/index.ts';
import { simCall } from '../../src/test-client.ts';

/** Every read endpoint of the client's endpoint list answers 200 with valid ids (none is missing or crashes). */
describe('simulator route coverage', () => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startSimulator({ scale: 'tiny', rateLimitPerMin: 100_000 });
  });
  afterAll(() => sim.close());

  function params(target: RunningSimulator = sim): Record<string, string> {
    const s = target.store;
    const opp = [...s.opportunities.values()][0];
    const list = s.lists.get(opp?.listId ?? 0);
    const entry = s.entriesOf('opportunity', opp?.id ?? 0)[0];
    const dropdown = s.applicableFields('opportunity', list?.id ?? null).find((f) => f.valueType === 'ranked-dropdown');
    const note = [...s.repliesByNote.keys()][0];
    const merge = [...s.merges.values()].find((m) => m.kind === 'company');
    const personMerge = [...s.merges.values()].find((m) => m.kind === 'person');
    const meeting = [...s.interactions.values()].find((i) => i.kind === 'meeting');
    return {
      companyId: String([...s.companies.keys()][0]),
      personId: String([...s.persons.keys()][10]),
      opportunityId: String(opp?.id),
      listId: String(list?.id),
      listEntryId: String(entry?.id),
      fieldId: dropdown?.id ?? '',
      dropdownOptionId: String(s.options(dropdown as never)[0]?.id),
      noteId: String(note),
      viewId: String([...s.savedViews.values()].find((v) => v.listId === list?.id && v.type === 'sheet')?.id),
      mergeId: String(merge?.id),
      taskId: merge?.taskId ?? '',
      meetingId: String(meeting?.id),
      transcriptId: String([...s.transcripts.keys()][0]),
      fileId: String([...s.files.keys()][0]),
      reminderId: String([...s.reminders.keys()][0]),
      teamId: String([...s.teams.keys()][0]),
      userId: String([...s.users.keys()][0]),
      webhookId: String([...s.webhooks.keys()][0]),
      id: String([...s.companies.keys()][0]),
      personMergeId: String(personMerge?.id),
      personTaskId: personMerge?.taskId ?? '',
    };
  }

  /** Every `/v2` GET path of the seed's endpoint table, with ids from the store filled in. */
  function seedTablePaths(target: RunningSimulator): string[] {
    const seed = readFileSync(new URL('../fixtures/seed-endpoints.md', import.meta.url), 'utf8');
    const p = params(target);
    const out: string[] = [];
    for (const line of seed.split('\n')) {
      const m = /^\| GET \| (\/v2\/\S*) \|/.exec(line);
      if (!m) continue;
      let path = m[1] as string;
      if (path.startsWith('/v2/person-merges/') || path.startsWith('/v2/tasks/person-merges/')) {
        path = path.replace('{mergeId}', p.personMergeId as string).replace('{taskId}', p.personTaskId as string);
      }
      const kind = path.startsWith('/v2/companies') ? 'company' : path.startsWith('/v2/persons') ? 'person' : null;
      if (kind) {
        const f = (target.store.fieldsByEntity.get(kind) ?? []).find((x) => x.valueType === 'ranked-dropdown');
        path = path.replace('{fieldId}', f?.id ?? '');
      }
      path = path.replace(/\{(\w+)\}/g, (_, k: string) => p[k] ?? '1');
      if (path.includes('fields/{') || path.includes('undefined')) continue;
      if (path.includes('/inferred-connections/')) path += `?personId=${p.personId}`;
      out.push(path);
    }
    return out;
  }

  it('answers every GET of the seed table at the latest version', async () => {
    const failures: string[] = [];
    for (const path of seedTablePaths(sim)) {
      const r = await simCall(sim, path, { version: '2026-09-17' });
      if (r.status !== 200) failures.push(`${path} -> ${r.status} ${r.text.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers every GET of the seed table under the seed contract, given the filter the seed requires', async () => {
    const seedSim = await startSimulator({ scale: 'tiny', rateLimitPerMin: 100_000, contract: 'seed' });
    try {
      const tracked = [...seedSim.store.fields.values()].find((f) => f.trackChanges);
      const failures: string[] = [];
      for (let path of seedTablePaths(seedSim)) {
        // The seed, docs/contract.md §S5: "global listing requires a field identifier filter".
        if (path === '/v2/field-value-changes') path += `?filter=${encodeURIComponent(`field.id=${tracked?.id}`)}`;
        const r = await simCall(seedSim, path, { version: '2026-09-17' });
        if (r.status !== 200) failures.push(`${path} -> ${r.status} ${r.text.slice(0, 120)}`);
      }
      expect(failures).toEqual([]);
    } finally {
      await seedSim.close();
    }
  });

  it('answers every older-interface GET with its required parameters', async () => {
    const s = sim.store;
    const p = params();
    const list = s.lists.get(Number(p.listId));
    const entry = [...(s.entriesByList.get(list?.id ?? 0)?.values() ?? [])][0];
    const tracked = [...s.fields.values()].find((f) => f.trackChanges && f.v1Id !== null);
    const meeting = [...s.interactions.values()].find((i) => i.kind === 'meeting');
    const paths = [
      '/auth/whoami',
      '/rate-limit',
      '/entity-files',
      `/entity-files/${p.fileId}`,
      `/entity-files/download/${p.fileId}`,
      `/field-value-changes?field_id=${tracked?.v1Id}`,
      `/field-values?organization_id=${p.companyId}`,
      `/field-values?list_entry_id=${entry}`,
      '/fields',
      '/lists',
      `/lists/${p.listId}`,
      `/lists/${p.listId}/list-entries`,
      `/lists/${p.listId}/list-entries/${entry}`,
      `/interactions?type=0&person_id=${meeting?.personIds[0]}&start_time=2024-01-01T00:00:00Z&end_time=2024-12-31T00:00:00Z`,
      `/interactions/${meeting?.id}?type=0`,
      '/notes',
      `/notes/${p.noteId}`,
      '/opportunities',
      `/opportunities/${p.opportunityId}`,
      '/organizations?term=labs',
      '/organizations/fields',
      `/organizations/${p.companyId}`,
      '/persons?with_opportunities=true',
      '/persons/fields',
      `/persons/${p.personId}`,
      `/relationships-strengths?external_id=${p.personId}`,
      '/reminders',
      `/reminders/${p.reminderId}`,
      '/webhook',
      `/webhook/${p.webhookId}`,
    ];
    const failures: string[] = [];
    for (const path of paths) {
      const r = await simCall(sim, path, { auth: 'basic' });
      if (r.status !== 200) failures.push(`${path} -> ${r.status} ${r.text.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
    expect((await simCall(sim, '/field-values')).status).toBe(422);
    expect((await simCall(sim, '/interactions?type=0')).status).toBe(422);
  });

  it('answers POST searches with 201 and filters by term', async () => {
    const name = [...sim.store.companies.values()][0]?.name.slice(0, 4) as string;
    const r = await simCall(sim, '/v2/companies/search', { method: 'POST', body: { search: { term: name } } });
    expect(r.status).toBe(201);
    const data = (r.json as { data: Array<{ name: string }> }).data;
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((c) => c.name.toLowerCase().includes(name.toLowerCase()))).toBe(true);
    expect((await simCall(sim, '/v2/persons/search', { method: 'POST', body: { search: { term: 'ab' } } })).status).toBe(400);
  });

  it('supports the remaining writes: lists, dropdown options, interactions, fields, file upload', async () => {
    const list = await simCall(sim, '/v2/lists', { method: 'POST', body: { name: 'New list', type: 'company', isPublic: true } });
    expect(list.status).toBe(201);
    const p = params();
    const base = `/v2/lists/${p.listId}/fields/${p.fieldId}/dropdown-options`;
    const opt = await simCall(sim, base, { method: 'POST', body: { text: 'Parked', color: 'blue' } });
    expect(opt.json).toMatchObject({ text: 'Parked', color: 'blue' });
    const optId = (opt.json as { id: number }).id;
    expect((await simCall(sim, `${base}/${optId}`, { method: 'DELETE' })).json).toEqual({ success: true });
    const it1 = await simCall(sim, '/interactions', {
      method: 'POST',
      body: { type: 0, person_ids: [Number(p.personId)], content: 'Coffee', date: '2026-01-05T10:00:00Z' },
    });
    expect(it1.status).toBe(200);
    const itId = (it1.json as { id: number }).id;
    expect((await simCall(sim, `/interactions/${itId}?type=0`)).json).toMatchObject({ id: itId, title: 'Coffee' });
    expect((await simCall(sim, `/interactions/${itId}?type=0`, { method: 'DELETE' })).json).toEqual({ success: true });
    const field = await simCall(sim, '/fields', { method: 'POST', body: { name: 'Temp', entity_type: 1, value_type: 6 } });
    const fieldId = (field.json as { id: number }).id;
    expect((await simCall(sim, '/organizations/fields')).json).toContainEqual(expect.objectContaining({ id: fieldId }));
    expect((await simCall(sim, `/fields/${fieldId}`, { method: 'DELETE' })).json).toEqual({ success: true });
    expect((await simCall(sim, '/organizations/fields')).json).not.toContainEqual(expect.objectContaining({ id: fieldId }));
    const boundary = 'xyz';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="person_id"\r\n\r\n${p.personId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="deck.pdf"\r\nContent-Type: application/pdf\r\n\r\nPDF\r\n--${boundary}--\r\n`;
    const res = await fetch(`${sim.url}/entity-files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sim.apiKey}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(res.status).toBe(200);
    const files = (await simCall(sim, `/entity-files?person_id=${p.personId}`)).json as { entity_files: Array<{ name: string }> };
    expect(files.entity_files.map((f) => f.name)).toContain('deck.pdf');
  });
});
