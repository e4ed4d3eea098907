/**
 * What test/e2e/incremental-changes*.test.ts share: the mutations written between a full and an incremental
 * run (every tracked field on one company, one person and one entry per list, plus two notes), and a
 * readable per-row difference of two warehouse dumps.
 */
import type { WarehouseTableName } from '../../../src/load/schema/warehouse-tables.ts';
import { WAREHOUSE_TABLES } from '../../../src/load/schema/table-specs.ts';
import { simCall } from '@relsync/simulator/test-client';
import { getFieldValue, iterFieldValues, updateFieldValue, type FieldValue, type SimField, type SimStore } from '@relsync/simulator';
import type { SyncFixture } from '../../helpers/sync-fixture.ts';
import type { ExpRow } from './norm.ts';

export type Dump = Record<string, ExpRow[]>;

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
export function dumpDifferences(actual: Dump, expected: Dump): string[] {
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

/** A simulator API call that must succeed; its JSON body. */
export async function call(f: SyncFixture, path: string, method: string, body?: unknown): Promise<unknown> {
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

export const tracked = (fields: readonly SimField[]) => fields.filter((x) => x.trackChanges && !x.association);

export interface Mutations {
  company: number;
  person: number;
  entries: Array<{ id: number; listId: number; type: string }>;
  newNote: number;
  editedNote: number;
  cleared: string[];
}

/** Write every tracked field on one company, one person and one entry per list; one value per target is cleared. */
export async function mutate(f: SyncFixture): Promise<Mutations> {
  const s = f.sim.store;
  const cleared: string[] = [];
  const companyFields = tracked(s.fieldsByEntity.get('company') ?? []);
  const personFields = tracked(s.fieldsByEntity.get('person') ?? []);
  // The target with values in the most tracked fields, so updates and deletes (not only adds) are logged.
  const withValues = (ids: Iterable<number>, fields: SimField[], row: (id: number) => number) => {
    let best = { id: 0, n: -1 };
    for (const id of ids) {
      const n = fields.filter((x) => getFieldValue(s, x.key, row(id), row(id)) !== null).length;
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
    const clear = fields.find((x) => getFieldValue(s, x.key, entityId, row) !== null && !x.valueType.endsWith('-multi'));
    for (const x of fields) {
      if (x === clear) {
        await write(x, null);
        cleared.push(x.key);
        continue;
      }
      for (const v of newValues(s, x, getFieldValue(s, x.key, entityId, row), salt)) await write(x, v);
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
      updateFieldValue(s, x.key, person, null, v === null ? null : ({ type: x.valueType, data: v } as FieldValue));
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
