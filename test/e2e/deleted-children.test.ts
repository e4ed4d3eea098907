/**
 * Issue 12, item 10: after a record is deleted (or merged away) upstream and the sweep marks it, no
 * child row still references it, and its tombstone keeps `_raw`. Deletes and the merge go through the
 * simulator's own HTTP API between full syncs; then one person is deleted and ONLY the persons sweep
 * runs, so what removes the rows of other tables is the soft delete itself, not a re-read of them.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { simCall } from '@relsync/simulator/test-client';
import type { SimStore } from '@relsync/simulator';
import { forEachDialect } from '../helpers/dialects.ts';
import { startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';
import { expectWarehouseMatchesStore, readTable } from '../helpers/warehouse-compare.ts';
import type { ExpRow } from './support/norm.ts';

type Kind = 'company' | 'person';

/** Every child-table column that can hold a company or person id (written out here, not taken from src). */
const REFERENCES: Record<
  Kind,
  ReadonlyArray<{
    table: 'field_values' | 'company_persons' | 'opportunity_persons' | 'opportunity_companies' | 'note_attachments' | 'interaction_participants';
    column: string;
    when?: (r: ExpRow) => boolean;
  }>
> = {
  company: [
    { table: 'field_values', column: 'entity_id', when: (r) => r.entity_type === 'company' },
    { table: 'field_values', column: 'ref_id', when: (r) => String(r.value_type).startsWith('company') },
    { table: 'company_persons', column: 'company_id' },
    { table: 'opportunity_companies', column: 'company_id' },
    { table: 'note_attachments', column: 'entity_id', when: (r) => r.entity_type === 'company' },
  ],
  person: [
    { table: 'field_values', column: 'entity_id', when: (r) => r.entity_type === 'person' },
    { table: 'field_values', column: 'ref_id', when: (r) => String(r.value_type).startsWith('person') },
    { table: 'company_persons', column: 'person_id' },
    { table: 'opportunity_persons', column: 'person_id' },
    { table: 'note_attachments', column: 'entity_id', when: (r) => r.entity_type === 'person' },
    { table: 'interaction_participants', column: 'person_id' },
  ],
};

async function referencesTo(f: SyncFixture, kind: Kind, id: number, skip: readonly string[] = []): Promise<string[]> {
  const found: string[] = [];
  for (const ref of REFERENCES[kind]) {
    if (skip.includes(`${ref.table}.${ref.column}`)) continue;
    const rows = (await readTable(f.db, ref.table)).filter((r) => r[ref.column] === id && (ref.when?.(r) ?? true));
    if (rows.length) found.push(`${rows.length} ${ref.table} row(s) by ${ref.column}`);
  }
  return found;
}

async function call(f: SyncFixture, path: string, method: string, body?: unknown): Promise<void> {
  const r = await simCall(f.sim, path, { method, ...(body === undefined ? {} : { body }) });
  if (r.status >= 300) throw new Error(`${method} ${path} -> ${r.status} ${r.text.slice(0, 300)}`);
}

/** The external person with the most links (companies, deals, notes, interactions), so every child table is exercised. */
function busiestPersons(s: SimStore, n: number): number[] {
  const degree = (id: number) => {
    const p = s.persons.get(id)!;
    const notes = s.notesByEntity.get(id)?.length ?? 0;
    const talks = [...s.interactions.values()].filter((i) => i.personIds.includes(id) || i.fromPersonId === id).length;
    return Math.min(p.companyIds.length, 1) + Math.min(p.opportunityIds.length, 1) + Math.min(notes, 1) + Math.min(talks, 1) + s.entriesOf('person', id).length;
  };
  return [...s.persons.values()]
    .filter((p) => p.type === 'external')
    .map((p) => p.id)
    .sort((a, b) => degree(b) - degree(a) || a - b)
    .slice(0, n);
}

forEachDialect('e2e: child rows of deleted and merged records', (dialect) => {
  let f: SyncFixture;
  let t: { person: number; company: number; entry: number; dup: number; survivor: number; alone: number };
  let before: Record<'persons' | 'companies' | 'list_entries', ExpRow[]>;

  beforeAll(async () => {
    f = await startSyncFixture({ dialect, scale: 'tiny' });
    expect((await f.runFull()).summary.status).toBe('succeeded');
    const s = f.sim.store;
    const [person, dup, survivor, alone] = busiestPersons(s, 4) as [number, number, number, number];
    const company = [...s.companies.values()]
      .filter((c) => !c.isGlobal && c.personIds.length > 0 && s.entriesOf('company', c.id).length > 0)
      .sort((a, b) => a.id - b.id)[0]!.id;
    const entry = [...s.listEntries.values()].find((e) => e.entityType === 'company' && e.entityId !== company)!.id;
    t = { person, company, entry, dup, survivor, alone };
    before = { persons: await readTable(f.db, 'persons'), companies: await readTable(f.db, 'companies'), list_entries: await readTable(f.db, 'list_entries') };
    // Sanity: the targets have child rows to lose.
    expect(await referencesTo(f, 'person', person)).not.toEqual([]);
    expect(await referencesTo(f, 'company', company)).not.toEqual([]);
    expect((await readTable(f.db, 'field_values')).some((r) => r.list_entry_id === entry)).toBe(true);

    const listId = s.listEntries.get(entry)!.listId;
    await call(f, `/persons/${person}`, 'DELETE');
    await call(f, `/organizations/${company}`, 'DELETE');
    await call(f, `/lists/${listId}/list-entries/${entry}`, 'DELETE');
    await call(f, '/v2/person-merges', 'POST', { primaryPersonId: survivor, duplicatePersonId: dup });
    expect((await f.runFull()).summary.status).toBe('succeeded');
  }, 180_000);
  afterAll(async () => {
    await f?.close();
  });

  it('no child row references the deleted person, company or list entry', async () => {
    expect(await referencesTo(f, 'person', t.person)).toEqual([]);
    expect(await referencesTo(f, 'company', t.company)).toEqual([]);
    expect((await readTable(f.db, 'field_values')).filter((r) => r.list_entry_id === t.entry)).toEqual([]);
  });

  it('the tombstones keep _raw as last read', async () => {
    for (const [table, id] of [
      ['persons', t.person],
      ['companies', t.company],
      ['list_entries', t.entry],
      ['persons', t.dup],
    ] as const) {
      const now = (await readTable(f.db, table)).find((r) => r.id === id)!;
      expect(now._deleted_at, `${table} ${id}`).not.toBeNull();
      expect(now._raw, `${table} ${id}`).not.toBeNull();
      expect(now._raw, `${table} ${id}`).toEqual(before[table].find((r) => r.id === id)!._raw);
    }
  });

  it('no child row references the merged-away person; its tombstone names the survivor', async () => {
    expect(await referencesTo(f, 'person', t.dup)).toEqual([]);
    const dup = (await readTable(f.db, 'persons')).find((r) => r.id === t.dup)!;
    expect(dup.merged_into_id).toBe(t.survivor);
  });

  it('everything else equals the store, children of deleted parents included', async () => {
    await expectWarehouseMatchesStore(f.db, f.sim);
  });

  it("the persons sweep alone takes a deleted person's rows out of the other tables", async () => {
    expect(await referencesTo(f, 'person', t.alone)).not.toEqual([]);
    await call(f, `/persons/${t.alone}`, 'DELETE');
    const r = await f.runFull({ streams: ['persons'] });
    expect(r.summary.streams.persons?.softDeleted).toBe(1);
    // Values of OTHER records that pointed at the person change when those records are read again.
    expect(await referencesTo(f, 'person', t.alone, ['field_values.ref_id'])).toEqual([]);
  });
});
