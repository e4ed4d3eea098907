import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../src/index.ts';
import { pageAllV1, pageAllV2, simCall } from '../../src/test-client.ts';
import type { SimStore } from '../../src/store/store.ts';

type Rec = { id: number | string };
const ids = (xs: unknown[]) => (xs as Rec[]).map((x) => x.id);
const sorted = <T extends number | string>(xs: Iterable<T>) => [...xs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
const LATEST = '2026-09-17';

/** Expectations derived from the store: path -> ids every record of which must come back exactly once. */
function v2Collections(store: SimStore): Array<[string, Array<number | string>]> {
  const out: Array<[string, Array<number | string>]> = [
    ['/v2/companies', [...store.companies.keys()]],
    ['/v2/persons', [...store.persons.keys()]],
    ['/v2/opportunities', [...store.opportunities.keys()]],
    ['/v2/lists', [...store.lists.keys()]],
    ['/v2/notes', [...store.notes.values()].filter((n) => n.parentId === null).map((n) => n.id)],
    ['/v2/reminders', [...store.reminders.keys()]],
    ['/v2/transcripts', [...store.transcripts.keys()]],
    ['/v2/files', [...store.files.keys()]],
    ['/v2/users', [...store.users.keys()]],
    ['/v2/teams', [...store.teams.keys()]],
    ['/v2/webhooks', [...store.webhooks.keys()]],
    // Merges: most recent first.
    [
      '/v2/company-merges',
      [...store.merges.values()]
        .filter((m) => m.kind === 'company')
        .map((m) => m.id)
        .sort((a, b) => b - a),
    ],
    [
      '/v2/person-merges',
      [...store.merges.values()]
        .filter((m) => m.kind === 'person')
        .map((m) => m.id)
        .sort((a, b) => b - a),
    ],
    ['/v2/tasks/company-merges', [...store.merges.values()].filter((m) => m.kind === 'company').map((m) => m.taskId)],
    ['/v2/field-value-changes', store.fieldValueChanges.map((c) => c.id)],
    ['/v2/companies/fields', (store.fieldsByEntity.get('company') ?? []).map((f) => f.id)],
    ['/v2/persons/fields', (store.fieldsByEntity.get('person') ?? []).map((f) => f.id)],
  ];
  for (const kind of ['email', 'meeting', 'call', 'chat-message'] as const) {
    const path = kind === 'email' ? '/v2/emails' : kind === 'meeting' ? '/v2/meetings' : kind === 'call' ? '/v2/calls' : '/v2/chat-messages';
    out.push([path, [...store.interactions.values()].filter((i) => i.kind === kind).map((i) => i.id)]);
  }
  for (const l of store.lists.values()) {
    out.push([`/v2/lists/${l.id}/list-entries`, [...(store.entriesByList.get(l.id)?.values() ?? [])]]);
    out.push([`/v2/lists/${l.id}/fields`, store.applicableFields(l.type, l.id).map((f) => f.id)]);
    const views = [...store.savedViews.values()].filter((v) => v.listId === l.id);
    out.push([`/v2/lists/${l.id}/saved-views`, views.map((v) => v.id)]);
    for (const v of views.filter((x) => x.type === 'sheet')) {
      const since = v.createdSince === null ? -Infinity : Date.parse(v.createdSince);
      const rows = [...(store.entriesByList.get(l.id)?.values() ?? [])].filter((id) => Date.parse(store.listEntries.get(id)?.createdAt ?? '') >= since);
      out.push([`/v2/lists/${l.id}/saved-views/${v.id}/list-entries`, rows]);
    }
  }
  const bigCompany = [...store.companies.values()].sort((a, b) => b.personIds.length - a.personIds.length)[0];
  if (bigCompany) {
    out.push([`/v2/companies/${bigCompany.id}/list-entries`, store.entriesOf('company', bigCompany.id).map((e) => e.id)]);
    out.push([`/v2/companies/${bigCompany.id}/notes`, store.notesByEntity.get(bigCompany.id) ?? []]);
  }
  const noteWithReplies = [...store.repliesByNote.keys()][0];
  if (noteWithReplies !== undefined) out.push([`/v2/notes/${noteWithReplies}/replies`, store.repliesByNote.get(noteWithReplies) ?? []]);
  const transcript = [...store.transcripts.values()][0];
  if (transcript) out.push([`/v2/transcripts/${transcript.id}/fragments`, transcript.fragments.map((_, i) => i + 1)]);
  return out;
}

function v1Collections(store: SimStore): Array<[string, string, number[]]> {
  const out: Array<[string, string, number[]]> = [
    ['/organizations', 'organizations', [...store.companies.keys()]],
    ['/persons', 'persons', [...store.persons.keys()]],
    ['/opportunities', 'opportunities', [...store.opportunities.keys()]],
    ['/notes', 'notes', [...store.notes.keys()]],
    ['/reminders', 'reminders', [...store.reminders.keys()]],
    ['/entity-files', 'entity_files', [...store.files.keys()]],
  ];
  for (const l of store.lists.values()) out.push([`/lists/${l.id}/list-entries`, 'list_entries', [...(store.entriesByList.get(l.id)?.values() ?? [])]]);
  return out;
}

for (const scale of ['tiny', 'small'] as const) {
  describe(`simulator paging (${scale})`, () => {
    let sim: RunningSimulator;
    beforeAll(async () => {
      sim = await startSimulator({ scale, seed: 5, rateLimitPerMin: 1_000_000, monthlyLimit: null });
    });
    afterAll(() => sim.close());

    it('pages every /v2 collection to the end, each record exactly once', async () => {
      const limit = scale === 'tiny' ? 7 : 100;
      for (const [path, expected] of v2Collections(sim.store)) {
        const sep = path.includes('?') ? '&' : '?';
        const got = await pageAllV2(sim, `${path}${sep}limit=${limit}`, { version: LATEST });
        expect(sorted(ids(got)), path).toEqual(sorted(expected));
        expect(new Set(ids(got)).size, `${path} duplicates`).toBe(got.length);
      }
    });

    it('pages every older-interface collection to the end, each record exactly once', async () => {
      const size = scale === 'tiny' ? 9 : 500;
      for (const [path, key, expected] of v1Collections(sim.store)) {
        const got = await pageAllV1(sim, `${path}?page_size=${size}`, key);
        expect(sorted(ids(got)), path).toEqual(sorted(expected));
        expect(new Set(ids(got)).size, `${path} duplicates`).toBe(got.length);
      }
    });

    it('answers the bare-array v1 collections whole', async () => {
      const { store } = sim;
      const lists = await simCall(sim, '/lists');
      expect(sorted(ids(lists.json as unknown[]))).toEqual(sorted(store.lists.keys()));
      for (const l of store.lists.values()) {
        const r = await simCall(sim, `/lists/${l.id}/list-entries`);
        expect(Array.isArray(r.json)).toBe(true);
        expect(sorted(ids(r.json as unknown[]))).toEqual(sorted(store.entriesByList.get(l.id)?.values() ?? []));
      }
      const fields = await simCall(sim, '/fields');
      const v1Fields = [...store.fields.values()].filter((f) => f.v1Id !== null && !['interaction', 'note', 'reminder', 'list-multi'].includes(f.valueType));
      expect(sorted(ids(fields.json as unknown[]))).toEqual(sorted(v1Fields.map((f) => f.v1Id as number)));
      const webhooks = await simCall(sim, '/webhook');
      expect(sorted(ids(webhooks.json as unknown[]))).toEqual(sorted(store.webhooks.keys()));
    });

    it('pages v1 interactions for a person across yearly windows', async () => {
      const { store } = sim;
      const email = [...store.interactions.values()].find((i) => i.kind === 'email');
      const person = email?.personIds[0] as number;
      const expected = [...store.interactions.values()]
        .filter((i) => i.kind === 'email' && (i.personIds.includes(person) || i.fromPersonId === person || i.ccPersonIds.includes(person)))
        .map((i) => i.id);
      const got: unknown[] = [];
      for (let y = 2019; y <= 2026; y++) {
        got.push(
          ...(await pageAllV1(
            sim,
            `/interactions?type=3&person_id=${person}&start_time=${y}-01-01T00:00:00Z&end_time=${y + 1}-01-01T00:00:00Z&page_size=2`,
            'emails',
          )),
        );
      }
      expect(sorted(ids(got))).toEqual(sorted(expected));
    });
  });
}

describe('simulator paging with maxPageSize', () => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startSimulator({ scale: 'tiny', seed: 5, rateLimitPerMin: 1_000_000, monthlyLimit: null, maxPageSize: 4 });
  });
  afterAll(() => sim.close());

  it('answers short pages whatever the limit asks, with a cursor to the rest, on both interfaces', async () => {
    const first = await simCall(sim, '/v2/companies?limit=100', { version: LATEST });
    const body = first.json as { data: unknown[]; pagination: { nextUrl: string | null } };
    expect(body.data).toHaveLength(4);
    expect(body.pagination.nextUrl).not.toBeNull();
    const v1 = await simCall(sim, '/organizations?page_size=500');
    expect((v1.json as { organizations: unknown[] }).organizations).toHaveLength(4);
    // Every record still comes back exactly once across the short pages.
    for (const [path, expected] of v2Collections(sim.store)) {
      const sep = path.includes('?') ? '&' : '?';
      const got = await pageAllV2(sim, `${path}${sep}limit=100`, { version: LATEST });
      expect(sorted(ids(got)), path).toEqual(sorted(expected));
    }
    for (const [path, key, expected] of v1Collections(sim.store)) {
      expect(sorted(ids(await pageAllV1(sim, `${path}?page_size=500`, key))), path).toEqual(sorted(expected));
    }
  });

  it('refuses a cap below one', async () => {
    await expect(startSimulator({ scale: 'tiny', maxPageSize: 0 })).rejects.toThrow('maxPageSize must be an integer >= 1');
  });
});
