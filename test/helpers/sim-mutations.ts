/**
 * Changes to the simulator's organisation between syncs, through its own write API (both interfaces),
 * the way a user of Affinity makes them: a company created and another renamed (older interface), a
 * person deleted, a change-tracked number field set on a company and on a list entry, a note created.
 * `tracked` keeps to the changes the service signals (change log, notes feed), which an incremental
 * run picks up before any periodic sweep is due; `all` adds what only a sweep finds.
 */
import { simCall, type SimTarget } from '@relsync/simulator/test-client';
import type { SimStore } from '@relsync/simulator';

export interface MutationTally {
  created: number;
  renamed: number;
  deleted: number;
  fieldValues: number;
  notes: number;
}

async function write(sim: SimTarget, path: string, method: string, body: unknown, auth: 'bearer' | 'basic'): Promise<unknown> {
  const r = await simCall(sim, path, { method, body, auth });
  if (r.status >= 300) throw new Error(`${method} ${path} -> ${r.status} ${r.text.slice(0, 300)}`);
  return r.json;
}

/** One round of changes; `round` makes every value and name new. Ids are chosen from the store, so no GET is made. */
export async function mutateRound(
  sim: SimTarget & { store: SimStore },
  round: number,
  opts: { kinds?: 'all' | 'tracked'; tally?: MutationTally } = {},
): Promise<void> {
  const all = (opts.kinds ?? 'all') === 'all';
  const tally = opts.tally;
  const s = sim.store;
  const pick = <T>(xs: readonly T[], salt: number): T => xs[(round * 7919 + salt) % xs.length]!;
  const companies = [...s.companies.values()]
    .filter((c) => !c.isGlobal)
    .map((c) => c.id)
    .sort((a, b) => a - b);
  const persons = [...s.persons.values()]
    .filter((p) => p.type === 'external')
    .map((p) => p.id)
    .sort((a, b) => a - b);

  const deletes = all && persons.length > 5;
  if (all) {
    await write(sim, '/organizations', 'POST', { name: `Chaos Works ${round}`, domain: `chaos-${round}.example` }, 'basic');
    await write(sim, `/organizations/${pick(companies, 1)}`, 'PUT', { name: `Renamed Co ${round}` }, 'basic');
  }
  // Keep a few persons: deleting the last would leave nothing to attach notes to.
  if (deletes) await write(sim, `/persons/${pick(persons, 2)}`, 'DELETE', undefined, 'basic');

  const companyNumber = (s.fieldsByEntity.get('company') ?? []).find((f) => f.trackChanges && !f.association && f.valueType === 'number');
  if (companyNumber)
    await write(sim, `/v2/companies/${pick(companies, 3)}/fields/${companyNumber.id}`, 'POST', { value: { type: 'number', data: 10_000 + round } }, 'bearer');
  const list = [...s.lists.values()]
    .sort((a, b) => a.id - b.id)
    .find((l) => (s.fieldsByList.get(l.id) ?? []).some((f) => f.trackChanges && f.valueType === 'number'));
  if (list) {
    const field = (s.fieldsByList.get(list.id) ?? []).find((f) => f.trackChanges && f.valueType === 'number')!;
    const entries = s.entriesByList.get(list.id)?.values() ?? [];
    if (entries.length > 0)
      await write(
        sim,
        `/v2/lists/${list.id}/list-entries/${pick(entries, 4)}/fields/${field.id}`,
        'POST',
        { value: { type: 'number', data: 20_000 + round } },
        'bearer',
      );
  }
  const alive = [...s.persons.values()]
    .filter((p) => p.type === 'external')
    .map((p) => p.id)
    .sort((a, b) => a - b);
  await write(
    sim,
    '/v2/notes',
    'POST',
    { content: `<p>Chaos round ${round}: follow up.</p>`, companyIds: [pick(companies, 5)], personIds: [pick(alive, 6)] },
    'bearer',
  );
  if (tally) {
    tally.created += all ? 1 : 0;
    tally.renamed += all ? 1 : 0;
    tally.deleted += deletes ? 1 : 0;
    tally.fieldValues += (companyNumber ? 1 : 0) + (list ? 1 : 0);
    tally.notes += 1;
  }
}
