import { SortedIds } from './sorted-ids.ts';
import { ID_BASE, noteEntityKeys, pushTo, removeFrom, type FieldValueSource, type IdKind, type LagKind, type OverrideCell } from './store-support.ts';
import type {
  EntityType,
  InteractionKind,
  SimCompany,
  SimDropdownOption,
  SimField,
  SimFieldValueChange,
  SimFile,
  SimInteraction,
  SimList,
  SimListEntry,
  SimMerge,
  SimNote,
  SimOpportunity,
  SimPerson,
  SimReminder,
  SimSavedView,
  SimTeam,
  SimTenant,
  SimTranscript,
  SimUser,
  SimWebhook,
} from './store-types.ts';

export * from './store-types.ts';

export { ID_BASE, noteEntityKeys, pushTo, removeFrom } from './store-support.ts';
export type { IdKind, LagKind, FieldValueSource, OverrideCell } from './store-support.ts';

export class SimStore {
  readonly seed: number;
  tenant: SimTenant = { id: 1, name: 'Simulated Ventures', subdomain: 'simulated' };
  readonly users = new Map<number, SimUser>();
  readonly teams = new Map<number, SimTeam>();
  readonly companies = new Map<number, SimCompany>();
  readonly persons = new Map<number, SimPerson>();
  readonly opportunities = new Map<number, SimOpportunity>();
  readonly lists = new Map<number, SimList>();
  readonly listEntries = new Map<number, SimListEntry>();
  /** Keyed by SimField.key. */
  readonly fields = new Map<string, SimField>();
  /** Options of dropdown / ranked-dropdown fields, keyed by SimField.key. */
  readonly dropdownOptions = new Map<string, SimDropdownOption[]>();
  /** Append-only, ascending by id, which is also ascending by changedAt. */
  readonly fieldValueChanges: SimFieldValueChange[] = [];
  readonly notes = new Map<number, SimNote>();
  readonly reminders = new Map<number, SimReminder>();
  /** All interaction kinds; ids are unique across kinds in the simulator. */
  readonly interactions = new Map<number, SimInteraction>();
  readonly transcripts = new Map<number, SimTranscript>();
  readonly files = new Map<number, SimFile>();
  readonly savedViews = new Map<number, SimSavedView>();
  readonly webhooks = new Map<number, SimWebhook>();
  /** Company and person merges (completed ones, plus any in progress). */
  readonly merges = new Map<number, SimMerge>();
  /** Old id -> survivor id of completed merges. */
  readonly mergedInto = { company: new Map<number, number>(), person: new Map<number, number>() };
  /** Written or deleted field values, keyed `${fieldKey}|${rowKey}`; overrides the generated baseline. */
  readonly overrides = new Map<string, OverrideCell>();
  source: FieldValueSource = {
    baseline: () => null,
    baselineTimes: () => ({ createdAt: '2020-01-01T00:00:00.000Z', updatedAt: '2020-01-01T00:00:00.000Z' }),
  };
  /** Highest row id per row space that the baseline may answer for (later rows have no generated values). */
  readonly generatedMax = { person: 0, company: 0, opportunity: 0, listEntry: 0 };

  /** Sorted id indexes used for paging. */
  readonly idx = {
    companies: new SortedIds(),
    persons: new SortedIds(),
    opportunities: new SortedIds(),
    rootNotes: new SortedIds(),
    notes: new SortedIds(),
    reminders: new SortedIds(),
    transcripts: new SortedIds(),
    files: new SortedIds(),
    interactions: {
      email: new SortedIds(),
      meeting: new SortedIds(),
      call: new SortedIds(),
      'chat-message': new SortedIds(),
    } as Record<InteractionKind, SortedIds>,
  };
  readonly entriesByList = new Map<number, SortedIds>();
  /** Entity id -> list entry ids (entity id spaces are disjoint, so the id alone is a key). */
  readonly entriesByEntity = new Map<number, number[]>();
  readonly repliesByNote = new Map<number, number[]>();
  /** Entity id -> root note ids attached to it. */
  readonly notesByEntity = new Map<number, number[]>();
  /** Field keys per entity type (non-list fields) and per list (list fields), ascending by ordinal. */
  readonly fieldsByEntity = new Map<EntityType, SimField[]>();
  readonly fieldsByList = new Map<number, SimField[]>();
  readonly fieldsByOrdinal = new Map<number, SimField>();

  /** Wall-clock ms until which a v1-created record is invisible on /v2, keyed `${LagKind}:${id}`. */
  readonly hiddenUntil = new Map<string, number>();

  private readonly counters: Record<IdKind, number> = { ...ID_BASE };
  private lastNowMs = 0;
  /**
   * The store's time source: the wall clock, or a simulated clock shared with relsync (the month bench
   * runs 30 simulated days in minutes). Writes are stamped from it.
   */
  clock: () => number = () => Date.now();

  constructor(seed: number) {
    this.seed = seed;
  }

  /** Monotonic store clock for writes: `clock` time, but strictly increasing across calls. */
  nowMs(): number {
    const t = Math.max(this.clock(), this.lastNowMs + 1);
    this.lastNowMs = t;
    return t;
  }
  now(): string {
    return new Date(this.nowMs()).toISOString();
  }

  allocId(kind: IdKind): number {
    this.counters[kind] += 1;
    return this.counters[kind];
  }
  /** Make sure later allocations do not collide with an id assigned explicitly (generator). */
  reserveId(kind: IdKind, id: number): void {
    if (id > this.counters[kind]) this.counters[kind] = id;
  }

  // ---- visibility (v1 create -> /v2 lag) ----
  hide(kind: LagKind, id: number, untilMs: number): void {
    this.hiddenUntil.set(`${kind}:${id}`, untilMs);
  }
  visibleOnV2(kind: LagKind, id: number, nowMs: number = Date.now()): boolean {
    if (this.hiddenUntil.size === 0) return true;
    const until = this.hiddenUntil.get(`${kind}:${id}`);
    if (until === undefined) return true;
    if (nowMs >= until) {
      this.hiddenUntil.delete(`${kind}:${id}`);
      return true;
    }
    return false;
  }

  // ---- fields ----
  addField(f: SimField): void {
    this.fields.set(f.key, f);
    this.fieldsByOrdinal.set(f.ordinal, f);
    const bucket = f.listId === null ? this.fieldsByEntity : this.fieldsByList;
    const k = (f.listId ?? f.entityType) as never;
    const arr = (bucket as Map<unknown, SimField[]>).get(k) ?? [];
    arr.push(f);
    arr.sort((a, b) => a.ordinal - b.ordinal);
    (bucket as Map<unknown, SimField[]>).set(k, arr);
  }
  /** Remove a field (v1 DELETE /fields/{id}); its values and change history stay unreachable. */
  removeField(f: SimField): void {
    this.fields.delete(f.key);
    this.fieldsByOrdinal.delete(f.ordinal);
    const arr = f.listId === null ? this.fieldsByEntity.get(f.entityType) : this.fieldsByList.get(f.listId);
    if (arr) arr.splice(arr.indexOf(f), 1);
  }
  /** Non-list fields of an entity type plus, with a list id, that list's fields. */
  applicableFields(entityType: EntityType, listId: number | null): SimField[] {
    const own = this.fieldsByEntity.get(entityType) ?? [];
    if (listId === null) return own;
    return own.concat(this.fieldsByList.get(listId) ?? []);
  }
  /** Resolve a wire field id in the context of an entity type (and list). */
  findField(entityType: EntityType, wireId: string, listId: number | null): SimField | undefined {
    return this.applicableFields(entityType, listId).find((f) => f.id === wireId);
  }
  fieldByV1Id(v1Id: number): SimField | undefined {
    const f = this.fields.get(`field-${v1Id}`);
    return f && f.v1Id === v1Id ? f : undefined;
  }
  options(field: SimField): SimDropdownOption[] {
    return this.dropdownOptions.get(field.key) ?? [];
  }

  // ---- registration (generator and writes keep the indexes in step) ----
  addCompany(c: SimCompany): void {
    this.companies.set(c.id, c);
    this.idx.companies.add(c.id);
    this.reserveId('company', c.id);
  }
  addPerson(p: SimPerson): void {
    this.persons.set(p.id, p);
    this.idx.persons.add(p.id);
    this.reserveId('person', p.id);
  }
  addOpportunity(o: SimOpportunity): void {
    this.opportunities.set(o.id, o);
    this.idx.opportunities.add(o.id);
    this.reserveId('opportunity', o.id);
  }
  addList(l: SimList): void {
    this.lists.set(l.id, l);
    if (!this.entriesByList.has(l.id)) this.entriesByList.set(l.id, new SortedIds());
    this.reserveId('list', l.id);
  }
  addListEntry(e: SimListEntry): void {
    this.listEntries.set(e.id, e);
    let byList = this.entriesByList.get(e.listId);
    if (!byList) this.entriesByList.set(e.listId, (byList = new SortedIds()));
    byList.add(e.id);
    pushTo(this.entriesByEntity, e.entityId, e.id);
    this.reserveId('listEntry', e.id);
  }
  removeListEntry(id: number): SimListEntry | undefined {
    const e = this.listEntries.get(id);
    if (!e) return undefined;
    this.listEntries.delete(id);
    this.entriesByList.get(e.listId)?.remove(id);
    removeFrom(this.entriesByEntity, e.entityId, id);
    return e;
  }
  entriesOf(entityType: EntityType, entityId: number): SimListEntry[] {
    const ids = this.entriesByEntity.get(entityId) ?? [];
    const out: SimListEntry[] = [];
    for (const id of ids) {
      const e = this.listEntries.get(id);
      if (e) out.push(e);
    }
    return out;
  }
  addNote(n: SimNote): void {
    this.notes.set(n.id, n);
    this.idx.notes.add(n.id);
    if (n.parentId === null) {
      this.idx.rootNotes.add(n.id);
      for (const key of noteEntityKeys(n)) pushTo(this.notesByEntity, key, n.id);
    } else {
      pushTo(this.repliesByNote, n.parentId, n.id);
    }
    this.reserveId('note', n.id);
  }
  removeNote(id: number): SimNote | undefined {
    const n = this.notes.get(id);
    if (!n) return undefined;
    this.notes.delete(id);
    this.idx.notes.remove(id);
    if (n.parentId === null) {
      this.idx.rootNotes.remove(id);
      for (const key of noteEntityKeys(n)) removeFrom(this.notesByEntity, key, id);
      for (const r of this.repliesByNote.get(id) ?? []) {
        this.notes.delete(r);
        this.idx.notes.remove(r);
      }
      this.repliesByNote.delete(id);
    } else {
      removeFrom(this.repliesByNote, n.parentId, id);
    }
    return n;
  }
  /** Re-index a root note after its entity arrays changed. */
  reindexNote(n: SimNote, before: number[]): void {
    for (const key of before) removeFrom(this.notesByEntity, key, n.id);
    for (const key of noteEntityKeys(n)) pushTo(this.notesByEntity, key, n.id, true);
  }
  addReminder(r: SimReminder): void {
    this.reminders.set(r.id, r);
    this.idx.reminders.add(r.id);
    this.reserveId('reminder', r.id);
  }
  removeReminder(id: number): boolean {
    this.idx.reminders.remove(id);
    return this.reminders.delete(id);
  }
  addInteraction(i: SimInteraction): void {
    this.interactions.set(i.id, i);
    this.idx.interactions[i.kind].add(i.id);
    this.reserveId('interaction', i.id);
  }
  addTranscript(t: SimTranscript): void {
    this.transcripts.set(t.id, t);
    this.idx.transcripts.add(t.id);
    this.reserveId('transcript', t.id);
  }
  addFile(f: SimFile): void {
    this.files.set(f.id, f);
    this.idx.files.add(f.id);
    this.reserveId('file', f.id);
  }
  addSavedView(v: SimSavedView): void {
    this.savedViews.set(v.id, v);
    this.reserveId('savedView', v.id);
  }
  addWebhook(w: SimWebhook): void {
    this.webhooks.set(w.id, w);
    this.reserveId('webhook', w.id);
  }
  addTeam(t: SimTeam): void {
    this.teams.set(t.id, t);
    this.reserveId('team', t.id);
  }
  addMerge(m: SimMerge): void {
    this.merges.set(m.id, m);
    this.reserveId('merge', m.id);
  }
  /** Bulk append (generator): ids assigned in order. */
  appendChanges(cs: Array<Omit<SimFieldValueChange, 'id'>>): void {
    for (const c of cs) {
      (c as SimFieldValueChange).id = this.allocId('fieldValueChange');
      this.fieldValueChanges.push(c as SimFieldValueChange);
    }
  }
  appendChange(c: Omit<SimFieldValueChange, 'id'>): SimFieldValueChange {
    const full: SimFieldValueChange = { id: this.allocId('fieldValueChange'), ...c };
    this.fieldValueChanges.push(full);
    return full;
  }

  /** Follow merge records to the surviving id (or the id itself). */
  resolveMerged(kind: 'company' | 'person', id: number): number {
    let cur = id;
    for (let i = 0; i < 20; i++) {
      const next = this.mergedInto[kind].get(cur);
      if (next === undefined) return cur;
      cur = next;
    }
    return cur;
  }
}

/** Index keys of a note's attached entities (entity ids are unique across types). */
