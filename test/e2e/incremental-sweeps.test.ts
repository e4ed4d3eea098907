/**
 * Incremental sync of changes the service gives NO change signal for (issue 6). Renames, list membership
 * (entries added and removed), associations (an opportunity's persons and companies, a company's persons),
 * deletes, and a `note` field whose note was edited never reach the field value change log, and `/v2`
 * has no updated-since filter for them. By design they are caught by the scheduled sweep of their
 * collection (entities every 24h, companies and persons every cold period with relevance tiers, the rest
 * weekly by default) or a hot record's re-read by id, not by the run that follows them. Merges
 * are metadata (`company_merges` / `person_merges`, read when `sweeps.metadata` is due, 6h by default).
 *
 * (a) An incremental run with the default entity intervals, metadata due, applies the merges. (b) An incremental run in which
 * every sweep is due then leaves exactly what a fresh full sync of the same data leaves, with the deleted
 * records soft-deleted instead of gone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WarehouseTableName } from '../../src/load/schema/warehouse-tables.ts';
import type { SyncResult } from '../../src/runner/run-sync.ts';
import { iterFieldValues, renameCompany, type ScaleCounts, type SimStore } from '@relsync/simulator';
import { forEachContract } from '../helpers/dialects.ts';
import { startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';
import { dumpWarehouse, expectWarehouseMatchesStore, readTable } from '../helpers/warehouse-compare.ts';
import { dumpDifferences, type Dump } from '../helpers/warehouse-diff.ts';
import { call } from './support/incremental-mutations.ts';

/**
 * Several pages per collection, so soft deletes follow multi-page sweeps: a small tenant and short pages (PAGE
 * records, the simulator's `maxPageSize`), since every company is also one single read per full sync (it was
 * 120/170/4/120 at the service's 100 a page: 28 s of CPU and 10 s of PostgreSQL's for this file, against 23 s
 * and 8.5 s). The scale decides which records the mutations pick: at 25 to 35 companies the merged-away company
 * is one a logged reference value names, which the store comparison does not cover.
 */
const SCALE: ScaleCounts = { companies: 40, persons: 60, lists: 4, opportunities: 40 };
const PAGE = 10;

interface Changes {
  renamed: number[];
  added: number[];
  removed: number[];
  deleted: { company: number; person: number; opportunity: number; opportunityEntry: number };
  companyMerge: { primary: number; duplicate: number };
  personMerge: { primary: number; duplicate: number };
  oppAssociations: number;
  companyPersons: number;
  shownNote: { id: number; company: number };
}

/** Distinct targets, so each change is visible on its own; all through the API except the renames. */
async function mutate(f: SyncFixture): Promise<Changes> {
  const s: SimStore = f.sim.store;
  const companies = [...s.companies.values()]
    .filter((c) => !c.isGlobal && c.personIds.length > 0 && c.personIds.length < 50)
    .map((c) => c.id)
    .sort((a, b) => a - b);
  const persons = [...s.persons.values()]
    .filter((p) => p.type === 'external' && p.companyIds.length > 0)
    .map((p) => p.id)
    .sort((a, b) => a - b);
  const [delCompany, mergeP, mergeD, assoc, ren1, ren2] = companies
    .filter((id) => s.entriesOf('company', id).length > 0)
    .concat(companies)
    .filter((x, i, all) => all.indexOf(x) === i);
  const [delPerson, pMergeP, pMergeD] = persons.filter((id) => s.entriesOf('person', id).length > 0 && !s.companies.get(assoc!)!.personIds.includes(id));
  const opps = [...s.opportunities.values()].sort((a, b) => a.id - b.id);
  const delOpp = opps.find((o) => o.personIds.length > 0)!;
  const oppAssoc = opps.find((o) => o.id !== delOpp.id && o.personIds.length > 0 && o.companyIds.length > 0)!;
  const lists = [...s.lists.values()].sort((a, b) => a.id - b.id);
  const companyList = lists.find((l) => l.type === 'company')!;
  const personList = lists.find((l) => l.type === 'person')!;
  const used = new Set([delCompany, mergeP, mergeD, assoc, ren1, ren2, delPerson, pMergeP, pMergeD]);

  // Renames (no change signal for names).
  renameCompany(s, ren1!, 'Renamed Holdings One');
  await call(f, `/organizations/${ren2!}`, 'PUT', { name: 'Renamed Holdings Two' });
  // Membership: one new entry on a company list and on a person list; one entry removed from each.
  const outsider = (type: 'company' | 'person', listId: number) =>
    [...(type === 'company' ? s.companies : s.persons).keys()].find((id) => !used.has(id) && !s.entriesOf(type, id).some((e) => e.listId === listId))!;
  const added: number[] = [];
  for (const l of [companyList, personList]) {
    added.push(((await call(f, `/lists/${l.id}/list-entries`, 'POST', { entity_id: outsider(l.type as 'company' | 'person', l.id) })) as { id: number }).id);
  }
  const removed = [companyList, personList].map((l) =>
    s.entriesByList
      .get(l.id)!
      .values()
      .find((id) => !used.has(s.listEntries.get(id)!.entityId) && !added.includes(id))!,
  );
  for (const [i, l] of [companyList, personList].entries()) await call(f, `/lists/${l.id}/list-entries/${removed[i]!}`, 'DELETE');
  // Deletes.
  const opportunityEntry = s.entriesOf('opportunity', delOpp.id)[0]!.id;
  await call(f, `/organizations/${delCompany!}`, 'DELETE');
  await call(f, `/persons/${delPerson!}`, 'DELETE');
  await call(f, `/opportunities/${delOpp.id}`, 'DELETE');
  // Merges.
  await call(f, '/v2/company-merges', 'POST', { primaryCompanyId: mergeP, duplicateCompanyId: mergeD });
  await call(f, '/v2/person-merges', 'POST', { primaryPersonId: pMergeP, duplicatePersonId: pMergeD });
  // Associations: an opportunity's persons and companies, a company's persons.
  const spare = persons.filter((id) => !used.has(id) && s.persons.has(id));
  await call(f, `/opportunities/${oppAssoc.id}`, 'PUT', {
    person_ids: [...oppAssoc.personIds.slice(1), spare[0]!],
    organization_ids: [...oppAssoc.companyIds.slice(1), ren1!],
  });
  const c = s.companies.get(assoc!)!;
  await call(f, `/organizations/${assoc!}`, 'PUT', { person_ids: [...c.personIds.slice(1), spare[1]!, spare[2]!] });
  // A note a company's `note` field shows, edited: the field changes with no change signal.
  let shownNote = { id: 0, company: 0 };
  for (const v of iterFieldValues(s)) {
    const id = (v.value.data as { id?: number } | null)?.id;
    if (v.value.type === 'note' && v.entityType === 'company' && v.listEntryId === null && id !== undefined && !used.has(v.entityId) && s.notes.has(id)) {
      shownNote = { id, company: v.entityId };
      break;
    }
  }
  expect(shownNote.id).toBeGreaterThan(0);
  await call(f, `/v2/notes/${shownNote.id}`, 'POST', { content: '<p>Rewritten after the partner meeting.</p>' });
  return {
    renamed: [ren1!, ren2!],
    added,
    removed,
    deleted: { company: delCompany!, person: delPerson!, opportunity: delOpp.id, opportunityEntry },
    companyMerge: { primary: mergeP!, duplicate: mergeD! },
    personMerge: { primary: pMergeP!, duplicate: pMergeD! },
    oppAssociations: oppAssoc.id,
    companyPersons: assoc!,
    shownNote,
  };
}

forEachContract('e2e: incremental sync of changes without a change signal', (contract, dialect) => {
  let f: SyncFixture;
  let ch: Changes;
  let first: SyncResult;
  const rowOf = async (table: WarehouseTableName, id: number) => (await readTable(f.db, table)).find((r) => r.id === id);

  beforeAll(async () => {
    // No creation lag here: the v1-to-v2 lag is incremental-lag's subject.
    f = await startSyncFixture({ dialect, scale: SCALE, contract, sim: { createLagMs: 0, maxPageSize: PAGE } });
    const full = await f.runFull();
    expect(full.summary.status).toBe('succeeded');
    ch = await mutate(f);
    first = await f.runIncremental({ config: { sweeps: { metadata: '1ms' } } });
  }, 120_000);
  afterAll(async () => {
    await f?.close();
  });

  describe('(a) an incremental run with the default entity intervals, metadata due', () => {
    it('succeeds without sweeping the entity collections', () => {
      expect(first.summary.errors).toEqual([]);
      expect(first.summary.status).toBe('succeeded');
      for (const name of ['companies', 'persons', 'opportunities', 'list_entries', 'notes']) expect(first.summary.streams[name]?.mode, name).toBe('not due');
    });

    it('applies both merges: the duplicates point at their survivors and are soft-deleted', async () => {
      for (const [table, m] of [
        ['companies', ch.companyMerge],
        ['persons', ch.personMerge],
      ] as const) {
        const dup = await rowOf(table, m.duplicate);
        expect(dup, `${table} ${m.duplicate}`).toMatchObject({ merged_into_id: m.primary });
        expect(dup!._deleted_at, `${table} ${m.duplicate} _deleted_at`).not.toBeNull();
        expect(await rowOf(table, m.primary), `${table} survivor`).toMatchObject({ _deleted_at: null, merged_into_id: null });
      }
      const links = await readTable(f.db, 'company_persons');
      expect(links.some((r) => r.company_id === ch.companyMerge.duplicate || r.person_id === ch.personMerge.duplicate)).toBe(false);
      const entries = (await readTable(f.db, 'list_entries')).filter((e) => e._deleted_at === null);
      expect(entries.some((e) => e.entity_id === ch.companyMerge.duplicate || e.entity_id === ch.personMerge.duplicate)).toBe(false);
    });
  });

  describe('(b) then an incremental run in which every sweep is due', () => {
    let second: SyncResult;
    let incDump: Dump;
    let freshDump: Dump;
    beforeAll(async () => {
      // Every sweep: with relevance tiers (the default) companies and persons are swept every cold period.
      second = await f.runIncremental({ config: { sweeps: { entities: '1ms', other: '1ms', metadata: '1ms', cold: '1ms' } } });
      incDump = await dumpWarehouse(f.db);
      const g = await startSyncFixture({ dialect, simulator: f.sim });
      try {
        const r = await g.runFull();
        expect(r.summary.status).toBe('succeeded');
        freshDump = await dumpWarehouse(g.db);
      } finally {
        await g.close();
      }
    }, 120_000);

    it('sweeps the collections and succeeds', () => {
      expect(second.summary.errors).toEqual([]);
      expect(second.summary.status).toBe('succeeded');
      for (const name of ['companies', 'persons', 'opportunities', 'list_entries', 'notes', 'opportunity_associations']) {
        expect(second.summary.streams[name]?.mode, name).toBe('sweep');
      }
    });

    it('leaves exactly what a fresh full sync leaves (plus the soft-deleted rows), the change log aside', () => {
      const { field_value_changes: _log, ...rest } = freshDump;
      const diffs = dumpDifferences(incDump, rest);
      expect(diffs, `incremental warehouse differs from a fresh full sync:\n${diffs.join('\n')}`).toEqual([]);
    });

    /**
     * The change log is followed, never swept, so its rows keep the rendering of their first read. The
     * service renders a change's referenced record as it is NOW: a merged company as its survivor, a
     * deleted person as `deleted-entity`. Merges re-key `field_values.ref_id` (src/load/write/merge.ts) but not
     * the log's `value_json` / `_raw`.
     */
    // The change log is history: each change keeps the value as the service rendered it when it was
    // read (a reference to a record merged or deleted since keeps its old rendering, by design). Every
    // change is there exactly once, with the same field, record, action and time as a fresh read.
    it('the change log holds the same changes as a fresh read of it', () => {
      const key = (rows: ReadonlyArray<Record<string, unknown>>) =>
        rows.map((r) => [r.id, r.field_id, r.entity_id, r.list_entry_id, r.action_type, r.changed_at].join('|')).sort();
      expect(key(incDump.field_value_changes ?? [])).toEqual(key(freshDump.field_value_changes ?? []));
    });

    it('equals the store: renames, membership, associations and the edited note are in', async () => {
      await expectWarehouseMatchesStore(f.db, f.sim);
      const companies = await readTable(f.db, 'companies');
      expect(
        companies
          .filter((c) => ch.renamed.includes(c.id as number))
          .map((c) => c.name)
          .sort(),
      ).toEqual(['Renamed Holdings One', 'Renamed Holdings Two']);
      const entries = await readTable(f.db, 'list_entries');
      for (const id of ch.added)
        expect(
          entries.find((e) => e.id === id),
          `added entry ${id}`,
        ).toMatchObject({ _deleted_at: null });
    });

    it('soft-deletes what was deleted, keeping the rows', async () => {
      for (const [table, id] of [
        ['companies', ch.deleted.company],
        ['persons', ch.deleted.person],
        ['opportunities', ch.deleted.opportunity],
        ['list_entries', ch.deleted.opportunityEntry],
        ['list_entries', ch.removed[0]!],
        ['list_entries', ch.removed[1]!],
      ] as const) {
        const row = await rowOf(table, id);
        expect(row, `${table} ${id} kept`).toBeDefined();
        expect(row!._deleted_at, `${table} ${id} _deleted_at`).not.toBeNull();
      }
    });
  });
});
