/**
 * Incremental sync of what the service's change log reports (issue 6). After a full sync, field values
 * of EVERY change-tracked field are written on a company, a person and one entry of each list (company,
 * person and opportunity lists): every tracked value type, cleared values and -multi values that gain
 * and lose elements. A note is added and another edited through `/v2`. ONE incremental run with the
 * default sweep intervals (no entity sweep due) must then leave the warehouse exactly as a fresh full
 * sync of the same data leaves a second database, and as the store holds it, for a fraction of the calls.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WarehouseTableName } from '../../src/load/schema-warehouse.ts';
import { WAREHOUSE_TABLES } from '../../src/load/tables.ts';
import type { SyncResult } from '../../src/runner/run-sync.ts';
import { simCall } from '../../src/simulator/test-client.ts';
import { iterFieldValues, type FieldValue, type ScaleCounts, type SimField, type SimStore } from '../../src/simulator/index.ts';
import { forEachContract } from '../helpers/dialects.ts';
import { startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';
import { dumpWarehouse, expectWarehouseMatchesStore, readTable } from '../helpers/warehouse-compare.ts';

const RAW_OMIT = ['_synced_at', '_deleted_seen_at', '_raw'] as const;
import type { ExpRow } from './support/norm.ts';

/**
 * Over 100 companies, persons and opportunity entries, so ids lookups of a few changed records beat a
 * sweep (see planReRead: one ids call against ceil(n / 100) pages), and enough records that the calls
 * every run spends on metadata and feeds (about 20) stay small beside a full sync's. Each company is also one
 * single read in every full sync, and this file syncs the tenant 12 times (three runs under each contract and
 * dialect): 300/600/4/200 took 38 s of CPU and 14 s of PostgreSQL's, this scale 26 s and 9 s. The scale changes which records the mutations pick: at
 * 200/400/4/150 and 110/220/4/110 one leaves a dropdown option with a colour the incremental run learned and a
 * fresh sync cannot know, a difference this file does not cover.
 */
const SCALE: ScaleCounts = { companies: 120, persons: 240, lists: 4, opportunities: 120 };

type Dump = Record<string, ExpRow[]>;

const short = (v: unknown) => {
  const t = JSON.stringify(v) ?? 'undefined';
  return t.length > 120 ? `${t.slice(0, 120)}…` : t;
};

/** Where two JSON values first differ, e.g. `.fields[17].value.data: 23389 vs 10020`. */
function firstDiff(a: unknown, b: unknown, path = ''): string {
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    for (const k of keys) {
      const x = (a as Record<string, unknown>)[k];
      const y = (b as Record<string, unknown>)[k];
      if (JSON.stringify(x) !== JSON.stringify(y)) return firstDiff(x, y, Array.isArray(a) ? `${path}[${k}]` : `${path}.${k}`);
    }
  }
  return `${path}: ${short(a)} vs ${short(b)}`;
}

/** Per table, the rows that differ between two dumps (by primary key, naming the columns), for a readable failure. */
function dumpDifferences(actual: Dump, expected: Dump): string[] {
  const out: string[] = [];
  for (const table of Object.keys(expected)) {
    const pk = WAREHOUSE_TABLES[table as WarehouseTableName].pk;
    const key = (r: ExpRow) => pk.map((c) => String(r[c])).join('/');
    const a = new Map((actual[table] ?? []).map((r) => [key(r), r]));
    const e = new Map((expected[table] ?? []).map((r) => [key(r), r]));
    const lines: string[] = [];
    for (const [k, er] of e) {
      const ar = a.get(k);
      if (!ar) {
        lines.push(`${k}: missing after the incremental run`);
        continue;
      }
      const cols = Object.keys(er).filter((c) => er[c] !== ar[c] && JSON.stringify(er[c]) !== JSON.stringify(ar[c]));
      if (cols.length) lines.push(`${k}: ${cols.map((c) => `${c}${firstDiff(ar[c], er[c])} (incremental vs fresh)`).join('; ')}`);
    }
    for (const k of a.keys()) if (!e.has(k)) lines.push(`${k}: only after the incremental run`);
    if (lines.length) out.push(`${table}: ${lines.length} row(s) differ; first 4:\n    ${lines.slice(0, 4).join('\n    ')}`);
  }
  return out;
}

async function call(f: SyncFixture, path: string, method: string, body?: unknown): Promise<unknown> {
  const r = await simCall(f.sim, path, { method, ...(body === undefined ? {} : { body }) });
  if (r.status >= 300) throw new Error(`${method} ${path} -> ${r.status} ${r.text.slice(0, 300)}`);
  return r.json;
}

function elementsOf(v: FieldValue | null): unknown[] {
  if (!v || v.data === null || v.data === undefined) return [];
  return Array.isArray(v.data) ? v.data : [v.data];
}

/**
 * The values to write, in order, so that the field's value changes: singles get a different value, a
 * -multi drops its first element and gains a new one (two writes when it starts empty, so it both gains
 * and loses). References are to records other than the current ones.
 */
function newValues(s: SimStore, f: SimField, current: FieldValue | null, salt: number): Array<unknown> {
  const base = f.valueType.replace(/-multi$/, '');
  const curEls = elementsOf(current).map((e) => JSON.stringify(e));
  const fresh = (k: number): unknown => {
    switch (base) {
      case 'number':
        return 10_000 + salt * 10 + k;
      case 'datetime':
        return `2025-0${1 + ((salt + k) % 9)}-1${k}T00:00:00Z`;
      case 'location':
        return { streetAddress: null, city: `City ${salt}-${k}`, state: null, country: 'Portugal', continent: 'Europe' };
      case 'ranked-dropdown':
      case 'dropdown':
        return { dropdownOptionId: s.options(f).filter((o) => !curEls.includes(JSON.stringify({ dropdownOptionId: o.id })))[k]!.id };
      case 'person':
        return { id: [...s.persons.keys()].filter((id) => !curEls.includes(JSON.stringify({ id })))[salt + k]! };
      case 'company':
        return { id: [...s.companies.keys()].filter((id) => !curEls.includes(JSON.stringify({ id })))[salt + k]! };
      default:
        throw new Error(`no test value for ${f.valueType}`);
    }
  };
  if (!f.valueType.endsWith('-multi')) return [fresh(0)];
  const cur = elementsOf(current);
  if (cur.length > 0) return [[...cur.slice(1), fresh(0)]];
  return [
    [fresh(0), fresh(1)],
    [fresh(1), fresh(2)],
  ];
}

/** Notes that a `note`-typed field value embeds (e.g. a company's "Latest Note"). */
function notesShownInFields(s: SimStore): Set<number> {
  const out = new Set<number>();
  for (const v of iterFieldValues(s)) if (v.value.type === 'note') for (const e of elementsOf(v.value)) out.add((e as { id: number }).id);
  return out;
}

const tracked = (fields: readonly SimField[]) => fields.filter((x) => x.trackChanges && !x.association);

interface Mutations {
  company: number;
  person: number;
  entries: Array<{ id: number; listId: number; type: string }>;
  newNote: number;
  editedNote: number;
  cleared: string[];
}

/** Write every tracked field on one company, one person and one entry per list; one value per target is cleared. */
async function mutate(f: SyncFixture): Promise<Mutations> {
  const s = f.sim.store;
  const cleared: string[] = [];
  const companyFields = tracked(s.fieldsByEntity.get('company') ?? []);
  const personFields = tracked(s.fieldsByEntity.get('person') ?? []);
  // The target with values in the most tracked fields, so updates and deletes (not only adds) are logged.
  const withValues = (ids: Iterable<number>, fields: SimField[], row: (id: number) => number) => {
    let best = { id: 0, n: -1 };
    for (const id of ids) {
      const n = fields.filter((x) => s.getFieldValue(x.key, row(id), row(id)) !== null).length;
      if (n > best.n) best = { id, n };
    }
    return best.id;
  };
  const company = withValues(
    [...s.companies.keys()].filter((id) => !s.companies.get(id)!.isGlobal),
    companyFields,
    (id) => id,
  );
  const person = withValues(
    [...s.persons.values()].filter((p) => p.type === 'external').map((p) => p.id),
    personFields,
    (id) => id,
  );

  const writeAll = async (fields: SimField[], row: number, entityId: number, write: (x: SimField, v: unknown) => Promise<void>, salt: number) => {
    const clear = fields.find((x) => s.getFieldValue(x.key, entityId, row) !== null && !x.valueType.endsWith('-multi'));
    for (const x of fields) {
      if (x === clear) {
        await write(x, null);
        cleared.push(x.key);
        continue;
      }
      for (const v of newValues(s, x, s.getFieldValue(x.key, entityId, row), salt)) await write(x, v);
    }
  };
  // Companies and list entries through the API; the person through the store helper (same change log).
  await writeAll(
    companyFields,
    company,
    company,
    async (x, v) => {
      await call(f, `/v2/companies/${company}/fields/${x.id}`, 'POST', { value: v === null ? null : { type: x.valueType, data: v } });
    },
    1,
  );
  await writeAll(
    personFields,
    person,
    person,
    async (x, v) => {
      // The person's tracked types (ranked-dropdown, company, number) are stored in their wire form.
      s.updateFieldValue(x.key, person, null, v === null ? null : ({ type: x.valueType, data: v } as FieldValue));
    },
    2,
  );
  const entries: Mutations['entries'] = [];
  for (const list of [...s.lists.values()].sort((a, b) => a.id - b.id)) {
    const fields = tracked(s.fieldsByList.get(list.id) ?? []);
    const ids = s.entriesByList
      .get(list.id)!
      .values()
      .filter((id) => s.listEntries.get(id)!.entityId !== company && s.listEntries.get(id)!.entityId !== person);
    const entry = withValues(ids, fields, (id) => id);
    const e = s.listEntries.get(entry)!;
    entries.push({ id: entry, listId: list.id, type: list.type });
    await writeAll(
      fields,
      entry,
      e.entityId,
      async (x, v) => {
        await call(f, `/v2/lists/${list.id}/list-entries/${entry}/fields/${x.id}`, 'POST', { value: v === null ? null : { type: x.valueType, data: v } });
      },
      3 + entries.length,
    );
  }
  // Notes: one new (attached to the company and person), one existing root note edited.
  const created = (await call(f, '/v2/notes', 'POST', { content: '<p>Met the founders; strong team.</p>', companyIds: [company], personIds: [person] })) as {
    id: number;
  };
  // A note no `note` field shows: editing a shown note changes that field with no change signal (incremental-sweeps).
  const shown = notesShownInFields(s);
  const root = [...s.notes.values()].filter((n) => n.parentId === null && n.type === 'entities' && !shown.has(n.id)).sort((a, b) => a.id - b.id)[0]!;
  await call(f, `/v2/notes/${root.id}`, 'POST', { content: '<p>Edited: follow up in Q3.</p>' });
  return { company, person, entries, newNote: created.id, editedNote: root.id, cleared };
}

forEachContract('e2e: incremental sync of logged changes', (contract, dialect) => {
  let f: SyncFixture;
  let full: SyncResult;
  let inc: SyncResult;
  let m: Mutations;
  let changesBefore: number;
  let incDump: Dump;
  let freshDump: Dump;

  beforeAll(async () => {
    f = await startSyncFixture({ dialect, scale: SCALE, contract });
    full = await f.runFull();
    expect(full.summary.status).toBe('succeeded');
    changesBefore = f.sim.store.fieldValueChanges.length;
    m = await mutate(f);
    inc = await f.runIncremental();
    // `_raw` is each record as it was last READ: a change applied from the change log updates the
    // record's rows (field_values) but not that snapshot, so it is left out of this comparison; the
    // values themselves, in every table, must equal a fresh read.
    incDump = await dumpWarehouse(f.db, RAW_OMIT);
    // The reference: a fresh full sync of the same (unchanged since) simulator into a second database.
    const g = await startSyncFixture({ dialect, simulator: f.sim });
    try {
      const r = await g.runFull();
      expect(r.summary.status).toBe('succeeded');
      freshDump = await dumpWarehouse(g.db, RAW_OMIT);
    } finally {
      await g.close();
    }
  }, 120_000);
  afterAll(async () => {
    await f?.close();
  });

  it('the mutations cover every tracked value type on companies, persons and entries of every list type, with all three actions', () => {
    const s = f.sim.store;
    const fresh = s.fieldValueChanges.slice(changesBefore);
    const typesOf = (pred: (c: (typeof fresh)[number]) => boolean) => new Set(fresh.filter(pred).map((c) => s.fields.get(c.fieldKey)!.valueType));
    const all = new Set([...s.fields.values()].filter((x) => x.trackChanges).map((x) => x.valueType));
    expect([...typesOf(() => true)].sort()).toEqual([...all].sort());
    expect(typesOf((c) => c.listEntryId === null && c.entityType === 'company').size).toBe(tracked(s.fieldsByEntity.get('company')!).length);
    expect(typesOf((c) => c.listEntryId === null && c.entityType === 'person').size).toBe(tracked(s.fieldsByEntity.get('person')!).length);
    for (const e of m.entries)
      expect(
        fresh.some((c) => c.listEntryId === e.id),
        `list ${e.listId} (${e.type})`,
      ).toBe(true);
    expect(new Set(m.entries.map((e) => e.type))).toEqual(new Set(['company', 'person', 'opportunity']));
    expect(new Set(fresh.map((c) => c.actionType))).toEqual(new Set(['add', 'update', 'delete']));
    expect(m.cleared.length).toBe(2 + m.entries.length);
  });

  it('the incremental run succeeds and leaves exactly what a fresh full sync leaves', () => {
    expect(inc.summary.errors).toEqual([]);
    expect(inc.summary.status).toBe('succeeded');
    const diffs = dumpDifferences(incDump, freshDump);
    expect(diffs, `incremental warehouse differs from a fresh full sync:\n${diffs.join('\n')}`).toEqual([]);
  });

  it('the incremental warehouse equals the store (new values, cleared values, notes)', async () => {
    await expectWarehouseMatchesStore(f.db, f.sim);
  });

  it('field_value_changes holds every new change with its action', async () => {
    const s = f.sim.store;
    const fresh = s.fieldValueChanges.slice(changesBefore);
    expect(fresh.length).toBeGreaterThan(30);
    const rows = new Map((await readTable(f.db, 'field_value_changes')).map((r) => [r.id as number, r]));
    const wrong = fresh.flatMap((c) => {
      const r = rows.get(c.id);
      const want = { action_type: c.actionType, entity_id: c.entityId, list_entry_id: c.listEntryId, field_id: s.fields.get(c.fieldKey)!.id };
      const got = r && { action_type: r.action_type, entity_id: r.entity_id, list_entry_id: r.list_entry_id, field_id: r.field_id };
      return JSON.stringify(got) === JSON.stringify(want) ? [] : [`change ${c.id}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got ?? 'no row')}`];
    });
    expect(wrong).toEqual([]);
  });

  it('reads far fewer calls than the full sync and does not sweep companies or persons', () => {
    const st = inc.summary.streams;
    expect(inc.summary.callsTotal, `${inc.summary.callsTotal} calls vs ${full.summary.callsTotal} for the full sync`).toBeLessThan(
      full.summary.callsTotal * 0.25,
    );
    expect(st.companies?.mode).toBe('not due');
    expect(st.persons?.mode).toBe('not due');
    const calls = inc.summary.calls;
    expect(calls['GET /v2/companies'] ?? 0, 'plain company paging').toBe(0);
    expect(calls['GET /v2/persons'] ?? 0, 'plain person paging').toBe(0);
    // What the change log could not apply came back through ids lookups: one call each at most.
    expect(calls['GET /v2/companies?ids'] ?? 0).toBeLessThanOrEqual(1);
    expect(calls['GET /v2/persons?ids'] ?? 0).toBeLessThanOrEqual(1);
  });

  it('leaves no dirty marks behind but the record of which persons /v2 gave no company list', async () => {
    const rows = await f.db.kysely.selectFrom('sync_dirty').select(['kind', 'id']).execute();
    // Change-log marks are all consumed, and so are the association marks of the side the single reads
    // covered (companies, opportunities). `person_links` stays: persons' /v2 records carry no `companies`
    // member under either contract, and company reads already made every pair known (planner/associations.ts).
    expect(rows.filter((r) => r.kind !== 'person_links')).toEqual([]);
    expect(rows.filter((r) => r.kind === 'person_links').length).toBeGreaterThan(0);
  });

  it('the new and the edited note are in the warehouse with their content', async () => {
    const notes = await readTable(f.db, 'notes');
    expect(notes.find((n) => n.id === m.newNote)).toMatchObject({ content_html: '<p>Met the founders; strong team.</p>', _deleted_at: null });
    expect(notes.find((n) => n.id === m.editedNote)).toMatchObject({ content_html: '<p>Edited: follow up in Q3.</p>', _deleted_at: null });
  });
});
