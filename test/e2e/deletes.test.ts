/**
 * Changes upstream between two full syncs, made through the simulator's own HTTP API: deletes of a
 * company, a person, an opportunity, a list entry and a note, a merge, a new company, field value
 * writes of many types (and a cleared value), and an opportunity's new person set. After the second full
 * sync the deleted records are soft-deleted and otherwise kept as they were, and everything else
 * equals the store exactly.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WarehouseTableName } from '../../src/load/schema/warehouse-tables.ts';
import type { SyncResult } from '../../src/runner/run-sync.ts';
import { simCall } from '@relsync/simulator/test-client';
import type { SimField, SimStore } from '@relsync/simulator';
import { forEachDialect } from '../helpers/dialects.ts';
import { startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';
import { expectWarehouseMatchesStore, readTable } from '../helpers/warehouse-compare.ts';
import type { ExpRow } from './support/norm.ts';

interface Targets {
  company: number;
  person: number;
  opportunity: number;
  entry: { id: number; listId: number };
  note: number;
  noteReplies: number[];
  merge: { primary: number; duplicate: number };
  edited: number;
  oppForPersons: number;
}

/** Pick distinct, well-connected records so each change reaches into several tables. */
function pickTargets(s: SimStore): Targets {
  const companies = [...s.companies.values()].filter((c) => !c.isGlobal).sort((a, b) => a.id - b.id);
  const company = companies.find((c) => c.personIds.length > 0 && s.entriesOf('company', c.id).length > 0) ?? companies[0]!;
  const persons = [...s.persons.values()].filter((p) => p.type === 'external').sort((a, b) => a.id - b.id);
  const person = persons.find((p) => p.companyIds.length > 0 && p.opportunityIds.length > 0 && !p.companyIds.includes(company.id)) ?? persons[0]!;
  const opps = [...s.opportunities.values()].sort((a, b) => a.id - b.id);
  const opportunity = opps.find((o) => o.personIds.length > 0 && !o.personIds.includes(person.id))!;
  const oppForPersons = opps.find((o) => o.id !== opportunity.id && o.personIds.length > 0)!;
  const entry = [...s.listEntries.values()].find((e) => e.entityType !== 'opportunity' && e.entityId !== company.id && e.entityId !== person.id)!;
  const roots = [...s.notes.values()].filter((n) => n.parentId === null).sort((a, b) => a.id - b.id);
  const note = roots.find((n) => (s.repliesByNote.get(n.id)?.length ?? 0) > 0) ?? roots[0]!;
  const spare = companies.filter((c) => c.id !== company.id && c.id !== entry.entityId);
  return {
    company: company.id,
    person: person.id,
    opportunity: opportunity.id,
    entry: { id: entry.id, listId: entry.listId },
    note: note.id,
    noteReplies: [...(s.repliesByNote.get(note.id) ?? [])],
    merge: { primary: spare[1]!.id, duplicate: spare[2]!.id },
    edited: spare[3]!.id,
    oppForPersons: oppForPersons.id,
  };
}

async function call(f: SyncFixture, path: string, method: string, body?: unknown): Promise<unknown> {
  const r = await simCall(f.sim, path, { method, ...(body === undefined ? {} : { body }) });
  if (r.status >= 300) throw new Error(`${method} ${path} -> ${r.status} ${r.text.slice(0, 300)}`);
  return r.json;
}

function globalField(s: SimStore, entityType: 'company' | 'person', valueType: string): SimField {
  const f = (s.fieldsByEntity.get(entityType) ?? []).find((x) => x.type === 'global' && !x.association && x.valueType === valueType);
  if (!f) throw new Error(`no ${entityType} global field of type ${valueType}`);
  return f;
}

forEachDialect('e2e: deletes and changes between full syncs', (dialect) => {
  let f: SyncFixture;
  let t: Targets;
  let before: Partial<Record<WarehouseTableName, ExpRow[]>>;
  let second: SyncResult;
  let created: number;
  const deletedOf = async (table: WarehouseTableName, ids: number[]) => (await readTable(f.db, table)).filter((r) => ids.includes(r.id as number));

  beforeAll(async () => {
    f = await startSyncFixture({ dialect, scale: 'tiny', sim: { createLagMs: 200 } });
    const first = await f.runFull();
    expect(first.summary.status).toBe('succeeded');
    const s = f.sim.store;
    t = pickTargets(s);
    before = {};
    for (const table of ['companies', 'persons', 'opportunities', 'list_entries', 'notes'] as const) before[table] = await readTable(f.db, table);

    // Deletes (the older interface's DELETE routes; notes through /v2).
    const entryOfOpp = s.entriesOf('opportunity', t.opportunity)[0]!;
    await call(f, `/organizations/${t.company}`, 'DELETE');
    await call(f, `/persons/${t.person}`, 'DELETE');
    await call(f, `/opportunities/${t.opportunity}`, 'DELETE');
    await call(f, `/lists/${t.entry.listId}/list-entries/${t.entry.id}`, 'DELETE');
    await call(f, `/v2/notes/${t.note}`, 'DELETE');
    expect(s.listEntries.has(entryOfOpp.id)).toBe(false);
    // A merge, a new company (with persons), an opportunity's persons replaced.
    await call(f, '/v2/company-merges', 'POST', { primaryCompanyId: t.merge.primary, duplicateCompanyId: t.merge.duplicate });
    const someone = [...s.persons.values()]
      .filter((p) => p.type === 'external')
      .slice(-3)
      .map((p) => p.id);
    created = ((await call(f, '/organizations', 'POST', { name: 'Freshly Made Inc', domain: 'freshly.example', person_ids: someone })) as { id: number }).id;
    const opp = s.opportunities.get(t.oppForPersons)!;
    const newPersons = [...opp.personIds.slice(1), someone[0]!];
    await call(f, `/opportunities/${opp.id}`, 'PUT', { person_ids: newPersons });
    // Field values of many types on one company, one cleared; list-entry values on an opportunity.
    const writes: Array<[string, unknown]> = [
      ['text', 'rewritten summary'],
      ['number', 4242],
      ['dropdown', { dropdownOptionId: s.options(globalField(s, 'company', 'dropdown'))[1]!.id }],
      ['ranked-dropdown', { dropdownOptionId: s.options(globalField(s, 'company', 'ranked-dropdown'))[2]!.id }],
      ['datetime', '2025-03-04T00:00:00Z'],
      ['location', { city: 'Lisbon', state: null, country: 'Portugal' }],
      ['person-multi', someone.map((id) => ({ id }))],
      ['company', { id: created }],
      ['number-multi', null],
    ];
    for (const [valueType, data] of writes) {
      const field = globalField(s, 'company', valueType);
      await call(f, `/v2/companies/${t.edited}/fields/${field.id}`, 'POST', { value: { type: valueType, data } });
    }
    const oppEntry = s.entriesOf('opportunity', opp.id)[0]!;
    const listFields = s.fieldsByList.get(oppEntry.listId) ?? [];
    for (const [valueType, data] of [
      ['ranked-dropdown', null],
      ['number', 1_000_001],
      ['text', 'fresh comment'],
    ] as Array<[string, unknown]>) {
      const field = listFields.find((x) => x.valueType === valueType && !x.association)!;
      const value = data === null ? { type: valueType, data: { dropdownOptionId: s.options(field)[0]!.id } } : { type: valueType, data };
      await call(f, `/v2/lists/${oppEntry.listId}/list-entries/${oppEntry.id}/fields/${field.id}`, 'POST', { value });
    }
    // Let the v1-to-v2 creation lag pass, as a scheduled run would.
    await new Promise((r) => setTimeout(r, 300));
    second = await f.runFull();
  }, 120_000);
  afterAll(async () => {
    await f?.close();
  });

  it('the second sync succeeds and soft-deletes what vanished', () => {
    expect(second.summary.status).toBe('succeeded');
    const sd = (n: string) => second.summary.streams[n]?.softDeleted ?? 0;
    // The deleted company, and the merged duplicate: the sweep misses it before the merge stream marks it.
    expect(sd('companies')).toBe(2);
    expect(sd('persons')).toBe(1);
    expect(sd('opportunities')).toBe(1);
    expect(sd('list_entries')).toBeGreaterThanOrEqual(2 + 1); // the entry, the opportunity's entry, the company's entries
    expect(sd('notes')).toBe(1 + t.noteReplies.length);
  });

  it('deleted records keep their last values, with _deleted_at and _deleted_seen_at set', async () => {
    const check = async (table: WarehouseTableName, ids: number[]) => {
      const rows = await deletedOf(table, ids);
      expect(rows.map((r) => r.id).sort(), table).toEqual([...ids].sort());
      for (const r of rows) {
        expect(r._deleted_at, `${table} ${String(r.id)}`).not.toBeNull();
        // A sweep found it missing: no source says when it went, so both are that sync's clock.
        expect(r._deleted_seen_at, `${table} ${String(r.id)}`).toBe(r._deleted_at);
        const old = before[table]!.find((b) => b.id === r.id)!;
        const meta = ['_deleted_at', '_deleted_seen_at', '_synced_at'];
        const strip = (x: ExpRow) => Object.fromEntries(Object.entries(x).filter(([k]) => !meta.includes(k)));
        expect(strip(r), `${table} ${String(r.id)} kept as it was`).toEqual(strip(old));
      }
    };
    const s = f.sim.store;
    const companyEntries = before.list_entries!.filter((e) => e.entity_type === 'company' && e.entity_id === t.company).map((e) => e.id as number);
    const oppEntry = before.opportunities!.find((o) => o.id === t.opportunity)!.list_entry_id as number;
    await check('companies', [t.company]);
    await check('persons', [t.person]);
    await check('opportunities', [t.opportunity]);
    await check('list_entries', [t.entry.id, oppEntry, ...companyEntries.filter((id) => !s.listEntries.has(id))]);
    await check('notes', [t.note, ...t.noteReplies]);
  });

  it('the merged duplicate is soft-deleted and points at its survivor', async () => {
    const [dup] = await deletedOf('companies', [t.merge.duplicate]);
    expect(dup).toMatchObject({ merged_into_id: t.merge.primary });
    expect(dup!._deleted_at).not.toBeNull();
    const live = await readTable(f.db, 'company_persons');
    expect(live.some((r) => r.company_id === t.merge.duplicate)).toBe(false);
  });

  it('everything else equals the store exactly (new company, new values, new associations)', async () => {
    const r = await expectWarehouseMatchesStore(f.db, f.sim);
    // The deleted company and the merged one, plus a row for each duplicate merged before the first sync.
    const mergedBefore = new Set(
      [...f.sim.store.merges.values()]
        .filter((m) => m.kind === 'company' && m.status === 'success' && m.duplicateId !== t.merge.duplicate)
        .map((m) => m.duplicateId),
    );
    expect(r.counts.companies?.deleted).toBe(2 + mergedBefore.size);
    const companies = await readTable(f.db, 'companies');
    expect(companies.find((c) => c.id === created)).toMatchObject({ name: 'Freshly Made Inc', domain: 'freshly.example', _deleted_at: null });
    const values = (await readTable(f.db, 'field_values')).filter((v) => v.entity_id === t.edited && v.list_entry_id === 0);
    expect(values.find((v) => v.value_type === 'text' && v.value_text === 'rewritten summary')).toBeDefined();
    expect(values.find((v) => v.value_type === 'company' && v.ref_id === created)).toBeDefined();
    expect(values.some((v) => v.value_type === 'number-multi')).toBe(false);
  });
});
