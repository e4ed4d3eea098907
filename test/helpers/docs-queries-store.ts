/**
 * The answers to docs/queries.md questions 7-10, computed from the simulator's own store (its change
 * records, values and notes), never from the warehouse: what test/integration/load-docs-queries-views.test.ts
 * compares the documented SQL with.
 */
import { iterFieldValues, type SimField, type SimFieldValueChange, type SimStore } from '@relsync/simulator';

function listField(store: SimStore, listId: number, name: string): SimField {
  const f = [...store.fields.values()].find((x) => x.listId === listId && x.name === name);
  if (!f) throw new Error(`no field ${name} on list ${listId}`);
  return f;
}

const optionIdOf = (c: SimFieldValueChange): number | null => {
  const d = c.value.data as { dropdownOptionId?: number } | number | null;
  return typeof d === 'number' ? d : (d?.dropdownOptionId ?? null);
};

/** Each live entry's logged changes of one field, in order. */
function changesByEntry(store: SimStore, field: SimField): Map<number, SimFieldValueChange[]> {
  const out = new Map<number, SimFieldValueChange[]>();
  for (const c of store.fieldValueChanges) {
    if (c.fieldKey !== field.key || c.listEntryId === null || !store.listEntries.has(c.listEntryId)) continue;
    out.set(c.listEntryId, [...(out.get(c.listEntryId) ?? []), c]);
  }
  return out;
}

/** An entry's changes without those that set the option it already had (they continue a spell). */
function spellChanges(changes: readonly SimFieldValueChange[]): SimFieldValueChange[] {
  return changes.filter((c, i) => {
    const prev = changes[i - 1];
    return !(prev && c.actionType !== 'delete' && prev.actionType !== 'delete' && optionIdOf(c) === optionIdOf(prev));
  });
}

/**
 * A Status history for the first entries of a list, as the service would have logged it from `from` on:
 * entry k moves up the ranks, k % 5 + 1 stages, days apart by entry and stage; the fourth entry's value is
 * then cleared (a delete). Returned in time order, for `store.appendChanges` (ids follow time).
 */
export function statusHistory(store: SimStore, listId: number, from: string): Array<Omit<SimFieldValueChange, 'id'>> {
  const field = listField(store, listId, 'Status');
  const options = [...store.options(field)].sort((a, b) => a.rank - b.rank);
  const entries = [...store.listEntries.values()].filter((e) => e.listId === listId).slice(0, 8);
  const out: Array<Omit<SimFieldValueChange, 'id'>> = [];
  const day = 86_400_000;
  entries.forEach((e, k) => {
    let at = Date.parse(from) + k * 3_600_000;
    const base = { fieldKey: field.key, entityType: 'opportunity' as const, entityId: e.entityId, listEntryId: e.id, changerId: null };
    for (let stage = 0; stage <= k % 5; stage++) {
      const value = { type: field.valueType, data: { dropdownOptionId: options[stage]!.id } };
      out.push({ ...base, actionType: stage === 0 ? 'add' : 'update', changedAt: new Date(at).toISOString(), value });
      // Entry 2 has its second stage set again a day in: the same spell (issue 35).
      if (k === 2 && stage === 1) out.push({ ...base, actionType: 'update', changedAt: new Date(at + day).toISOString(), value });
      at += ((k + 1) * 2 + stage * 3) * day + 12_345_000;
    }
    if (k === 3)
      out.push({
        ...base,
        actionType: 'delete',
        changedAt: new Date(at).toISOString(),
        value: { type: field.valueType, data: { dropdownOptionId: options[k % 5]!.id } },
      });
  });
  return out.sort((a, b) => Date.parse(a.changedAt) - Date.parse(b.changedAt));
}

const round1 = (x: number) => Math.round(x * 10) / 10;

function median(xs: number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor((s.length - 1) / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid]! + s[mid + 1]!) / 2;
}

export interface FunnelRow {
  rank: number;
  stage: string;
  entered: number;
  movedOn: number;
  pctMovedOn: number | null;
  medianDays: number | null;
}

/**
 * Query 7: per option of the list's Status field, entries that entered it, those of them that later
 * entered a higher-ranked option (and their % of those that entered), median days of its spells.
 */
export function funnel(store: SimStore, listId: number): FunnelRow[] {
  const field = listField(store, listId, 'Status');
  const rank = new Map(store.options(field).map((o) => [o.id, o.rank]));
  const entered = new Map<number, Set<number>>();
  const movedOn = new Map<number, Set<number>>();
  const days = new Map<number, number[]>();
  for (const [entry, all] of changesByEntry(store, field)) {
    const changes = spellChanges(all);
    changes.forEach((c, i) => {
      const option = optionIdOf(c);
      if (c.actionType === 'delete' || option === null) return;
      entered.set(option, (entered.get(option) ?? new Set()).add(entry));
      const later = changes.slice(i + 1).some((l) => l.actionType !== 'delete' && (rank.get(optionIdOf(l) ?? -1) ?? -1) > rank.get(option)!);
      if (later) movedOn.set(option, (movedOn.get(option) ?? new Set()).add(entry));
      const next = changes[i + 1];
      if (next) days.set(option, [...(days.get(option) ?? []), Math.round((Date.parse(next.changedAt) - Date.parse(c.changedAt)) / 1000) / 86400]);
    });
  }
  const options = [...store.options(field)].sort((a, b) => a.rank - b.rank);
  return options.map((o) => {
    const n = entered.get(o.id)?.size ?? 0;
    const moved = movedOn.get(o.id)?.size ?? 0;
    const m = median(days.get(o.id) ?? []);
    return {
      rank: o.rank,
      stage: o.text,
      entered: n,
      movedOn: moved,
      pctMovedOn: n > 0 ? round1((100 * moved) / n) : null,
      medianDays: m === null ? null : round1(m),
    };
  });
}

/** The newest change the store logged: the as-of moment of the documented queries. */
export function newestChange(store: SimStore): string {
  return store.fieldValueChanges
    .map((c) => c.changedAt)
    .sort((a, b) => Date.parse(a) - Date.parse(b))
    .at(-1)!;
}

/** Changes logged in the `days` up to `at` (after `at - days`, at or before `at`), oldest first. */
export function changesWithin(store: SimStore, at: string, days: number): SimFieldValueChange[] {
  const end = Date.parse(at);
  return store.fieldValueChanges.filter((c) => Date.parse(c.changedAt) > end - days * 86_400_000 && Date.parse(c.changedAt) <= end);
}

/** Query 15: `[list entry id, stage, entered, days in it at `at`]` of live entries of a list's Status, by entry. */
export function daysInStage(store: SimStore, listId: number, at: string): Array<[number, string, string, number]> {
  const field = listField(store, listId, 'Status');
  const text = new Map(store.options(field).map((o) => [o.id, o.text]));
  const out: Array<[number, string, string, number]> = [];
  for (const [entry, all] of changesByEntry(store, field)) {
    const c = spellChanges(all.filter((x) => Date.parse(x.changedAt) <= Date.parse(at))).at(-1);
    if (!c || c.actionType === 'delete' || text.get(optionIdOf(c) ?? -1) === undefined) continue;
    const entered = new Date(c.changedAt).toISOString();
    out.push([entry, text.get(optionIdOf(c)!)!, entered, round1((Date.parse(at) - Date.parse(entered)) / 86_400_000)]);
  }
  return out.sort((a, b) => a[0] - b[0]);
}

/** Query 13: `[UTC month, emails]` of the store's emails, by month. */
export function emailsPerMonth(store: SimStore): Array<[string, number]> {
  const n = new Map<string, number>();
  for (const i of store.interactions.values()) {
    const month = new Date(i.date).toISOString().slice(0, 7);
    if (i.kind === 'email') n.set(month, (n.get(month) ?? 0) + 1);
  }
  return [...n].sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

/** Query 8: `[list entry id, stage]` of every live entry whose Status at `at` is known, by entry id. */
export function asOfStages(store: SimStore, listId: number, at: string): Array<[number, string]> {
  const field = listField(store, listId, 'Status');
  const text = new Map(store.options(field).map((o) => [o.id, o.text]));
  const out: Array<[number, string]> = [];
  const t = Date.parse(at);
  for (const [entry, changes] of changesByEntry(store, field)) {
    const before = changes.filter((c) => Date.parse(c.changedAt) <= t).at(-1);
    const first = changes[0]!;
    // The last change by then set the stage; with none by then, a first change that deletes names the stage it left.
    const c = before ? (before.actionType === 'delete' ? null : before) : first.actionType === 'delete' ? first : null;
    const stage = c ? text.get(optionIdOf(c) ?? -1) : undefined;
    if (stage !== undefined) out.push([entry, stage]);
  }
  return out.sort((a, b) => a[0] - b[0]);
}

/** Query 9: `[option text, entries]` of a multi-select list field, by count desc then text. */
export function tagCounts(store: SimStore, listId: number, name: string): Array<[string, number]> {
  const field = listField(store, listId, name);
  const text = new Map(store.options(field).map((o) => [o.id, o.text]));
  const entries = new Map<string, Set<number>>();
  for (const v of iterFieldValues(store)) {
    if (v.fieldKey !== field.key || v.listEntryId === null) continue;
    for (const el of (v.value.data as Array<{ dropdownOptionId: number }> | null) ?? []) {
      const t = text.get(el.dropdownOptionId);
      if (t !== undefined) entries.set(t, (entries.get(t) ?? new Set()).add(v.listEntryId));
    }
  }
  return [...entries].map(([t, s]): [string, number] => [t, s.size]).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** Query 10: `[person id, notes @-mentioning them]` for live persons, by count desc then id. */
export function mentions(store: SimStore): Array<[number, number]> {
  const n = new Map<number, number>();
  for (const note of store.notes.values()) {
    if (note.parentId !== null) continue;
    for (const p of new Set(note.mentionedPersonIds)) if (store.persons.has(p)) n.set(p, (n.get(p) ?? 0) + 1);
  }
  return [...n].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
}
