/**
 * What each stream's request must return, taken from the simulator's store (the canonical model), so an
 * extract test can page a stream with the product's own `def.request(...)` and compare record keys.
 * Partitions come from the streams' own `partitions()` over a warehouse seeded with the store's lists
 * and fields (only the columns the partition builders read), so the real partition code runs too.
 */
import type { z } from 'zod';
import type { Db } from '../../src/load/db.ts';
import type { AffinityClient } from '../../src/extract/http/client.ts';
import { Pager, type InvalidRecord, type PageRequest } from '../../src/extract/pager.ts';
import { WHOLE, type AnyStream, type Partition, type StreamContext } from '../../src/streams/define.ts';
import type { ContractName, InteractionKind, SimField, SimStore } from '@relsync/simulator';

export type Key = number | string;

/** One read to page to the end, and what the store says it must return. */
export interface ReadCase {
  label: string;
  request: PageRequest;
  schema: z.ZodType<unknown>;
  /** Keys the store says the read returns, each exactly once. */
  expected: readonly Key[];
  key: (record: unknown) => Key;
  /** Content the store pins down beyond the key (association arrays, parents): a problem, or null. */
  check?: (record: unknown) => string | null;
}

export interface CaseEnv {
  store: SimStore;
  ctx: StreamContext;
  /** The contract the simulator serves (whether the older search carries association arrays). */
  contract: ContractName;
}

/**
 * Value types the older interface knows (docs/contract.md §5 / seed field value types 0-10: person, company,
 * dropdown, number, date, location, text, ranked dropdown, filterable text, their -multi forms, and
 * formula numbers); a field of another type, or without a numeric id, is `/v2` only.
 */
const V1_VALUE_TYPES = new Set([
  'person',
  'person-multi',
  'company',
  'company-multi',
  'dropdown',
  'dropdown-multi',
  'number',
  'number-multi',
  'formula-number',
  'datetime',
  'location',
  'location-multi',
  'text',
  'ranked-dropdown',
  'filterable-text',
  'filterable-text-multi',
]);
const onV1 = (f: SimField): boolean => f.v1Id !== null && V1_VALUE_TYPES.has(f.valueType);

export type CaseBuilder = (def: AnyStream, env: CaseEnv) => Promise<ReadCase[]>;

type Rec = Record<string, unknown>;
const rec = (r: unknown): Rec => r as Rec;
const byId = (r: unknown): Key => rec(r).id as Key;
const sortedKeys = (m: Map<number, unknown>): number[] => [...m.keys()].sort((a, b) => a - b);
const same = (a: unknown, b: readonly number[]): boolean => JSON.stringify(a ?? []) === JSON.stringify(b);

function whole(expected: (s: SimStore) => readonly Key[], check?: (s: SimStore) => (r: unknown) => string | null): CaseBuilder {
  return async (def, { store }) => [
    {
      label: def.name,
      request: fullRequest(def, WHOLE),
      schema: def.schema,
      expected: expected(store),
      key: byId,
      ...(check ? { check: check(store) } : {}),
    },
  ];
}

/** One case per partition the stream's own `partitions()` yields from the seeded warehouse. */
function perPartition(expected: (s: SimStore, p: Partition<unknown>) => readonly Key[], check?: (s: SimStore) => (r: unknown) => string | null): CaseBuilder {
  return async (def, { store, ctx }) => {
    const read = def.read;
    if (!read.partitions) throw new Error(`${def.name} has no partitions`);
    return (await read.partitions(ctx)).map((p) => ({
      label: `${def.name}[${p.key}]`,
      request: fullRequest(def, p),
      schema: def.schema,
      expected: expected(store, p),
      key: byId,
      ...(check ? { check: check(store) } : {}),
    }));
  };
}

/** A high-water feed read from no mark: the whole feed. */
function feedFromStart(expected: (s: SimStore) => readonly Key[]): CaseBuilder {
  return async (def, { store }) => {
    if (def.read.kind !== 'feed') throw new Error(`${def.name} is not a feed`);
    return [{ label: def.name, request: def.read.request(null, WHOLE), schema: def.schema, expected: expected(store), key: byId }];
  };
}

const interactions = (kind: InteractionKind) => whole((s) => [...s.interactions.values()].filter((i) => i.kind === kind).map((i) => i.id));
const merges = (kind: 'company' | 'person') => whole((s) => [...s.merges.values()].filter((m) => m.kind === kind).map((m) => m.id));
type Params = Record<string, unknown>;
const params = (p: Partition<unknown>): Params => p.params as Params;
const listId = (p: Partition<unknown>): number => Number(params(p).listId ?? p.key);

/** The request of a stream's full read: a sweep's, or a feed's from no mark (a between-sweeps feed is not the full read). */
function fullRequest(def: AnyStream, p: Partition<unknown>): PageRequest {
  if (def.read.kind === 'ids') throw new Error(`${def.name} reads by ids`);
  return def.read.kind === 'feed' ? def.read.request(null, p) : def.read.request(p);
}

/** Paged collections: every record of the collection (or of the partition), each once. */
export const COLLECTION_CASES: Record<string, CaseBuilder> = {
  lists: whole((s) => sortedKeys(s.lists)),
  lists_v1: whole((s) => sortedKeys(s.lists)),
  fields: perPartition((s, p) => {
    if (params(p).listId === undefined) return (s.fieldsByEntity.get(params(p).entityType as 'company' | 'person') ?? []).map((f) => f.id);
    const l = s.lists.get(listId(p));
    return l ? s.applicableFields(l.type, l.id).map((f) => f.id) : [];
  }),
  fields_v1: whole((s) => [...s.fields.values()].filter(onV1).map((f) => f.v1Id as number)),
  companies: whole((s) => sortedKeys(s.companies)),
  persons: whole((s) => sortedKeys(s.persons)),
  opportunities: whole((s) => sortedKeys(s.opportunities)),
  list_entries: perPartition(
    (s, p) => s.entriesByList.get(listId(p))?.values() ?? [],
    (s) => (r) => {
      const want = s.listEntries.get(rec(r).id as number)?.entityId;
      const got = rec(rec(r).entity).id;
      return got === want ? null : `entry ${String(rec(r).id)}: entity ${String(got)}, store says ${String(want)}`;
    },
  ),
  // The older search: whole arrays, exactly the store's, under the reference (docs/contract.md §6.3; no cut is
  // documented); under the seed the members are absent (only `GET /opportunities/{id}` has them).
  opportunity_associations: async (def, env) =>
    await whole(
      (s) => sortedKeys(s.opportunities),
      (s) => (r) => {
        const o = s.opportunities.get(rec(r).id as number);
        if (!o) return `unknown opportunity ${String(rec(r).id)}`;
        if (env.contract === 'seed') {
          return rec(r).person_ids === undefined && rec(r).organization_ids === undefined
            ? null
            : `opportunity ${o.id}: the seed's search carries association arrays`;
        }
        if (!Array.isArray(rec(r).person_ids) || !same(rec(r).person_ids, o.personIds)) return `opportunity ${o.id}: person_ids differ from the store's`;
        return Array.isArray(rec(r).organization_ids) && same(rec(r).organization_ids, o.companyIds) ? null : `opportunity ${o.id}: organization_ids differ`;
      },
    )(def, env),
  notes: whole(
    (s) => sortedKeys(s.notes),
    (s) => (r) => {
      const want = s.notes.get(rec(r).id as number)?.parentId;
      return rec(r).parent_id === want ? null : `note ${String(rec(r).id)}: parent ${String(rec(r).parent_id)}, store says ${String(want)}`;
    },
  ),
  reminders: whole((s) => sortedKeys(s.reminders)),
  emails: interactions('email'),
  meetings: interactions('meeting'),
  calls: interactions('call'),
  chat_messages: interactions('chat-message'),
  transcripts: whole((s) => sortedKeys(s.transcripts)),
  files: whole((s) => sortedKeys(s.files)),
  users: whole((s) => sortedKeys(s.users)),
  teams: whole((s) => sortedKeys(s.teams)),
  webhooks: whole((s) => sortedKeys(s.webhooks)),
  company_merges: merges('company'),
  person_merges: merges('person'),
  saved_views: perPartition((s, p) => [...s.savedViews.values()].filter((v) => v.listId === listId(p)).map((v) => v.id)),
  field_value_changes: whole((s) => s.fieldValueChanges.filter((c) => s.fields.has(c.fieldKey)).map((c) => c.id)),
  // One case per batch of tracked fields the planner makes from the seeded warehouse.
  field_value_changes_by_field: perPartition((s, p) => {
    const ids = new Set(params(p).fieldIds as string[]);
    return s.fieldValueChanges.filter((c) => s.fields.has(c.fieldKey) && ids.has(s.fields.get(c.fieldKey)!.id)).map((c) => c.id);
  }),
  field_value_changes_v1: perPartition((s, p) => s.fieldValueChanges.filter((c) => s.fields.get(c.fieldKey)?.v1Id === Number(params(p).v1Id)).map((c) => c.id)),
  // `/v2/notes` lists root notes only; replies come with the older sweep.
  notes_updates: feedFromStart((s) => s.idx.rootNotes.values()),
  reminders_updates: feedFromStart((s) => sortedKeys(s.reminders)),
};

function byIdCases(def: AnyStream, groups: ReadonlyArray<{ ids: number[]; p?: Partition<unknown> }>, check?: (r: unknown) => string | null): ReadCase[] {
  const b = def.read;
  if (b.kind !== 'ids') throw new Error(`${def.name} does not read by ids`);
  return groups.map(({ ids, p = WHOLE }) => ({
    label: `${def.name}[${p.key ? `${p.key}:` : ''}${ids.length === 1 ? ids[0] : `${ids.length} ids`}]`,
    // As the runner sends it: a by-id read expects the record to exist (read-after-create lag retries).
    request: { ...b.request(ids, p), expectExists: true },
    schema: def.schema,
    expected: ids,
    key: byId,
    ...(check ? { check } : {}),
  }));
}

const single = (ids: number[]) => ids.map((id) => ({ ids: [id] }));
/** Owners whose association list passes the cap of 100, plus two ordinary ones. */
function capped<T extends { id: number }>(m: Map<number, T>, size: (x: T) => number): number[] {
  const all = [...m.values()].sort((a, b) => a.id - b.id);
  return [...all.filter((x) => size(x) >= 100), ...all.filter((x) => size(x) > 0 && size(x) < 100).slice(0, 2)].map((x) => x.id);
}

/** By-id reads: the requested records come back, with their full association lists. */
export const BY_ID_CASES: Record<string, CaseBuilder> = {
  companies_changed: async (def, { store }) => byIdCases(def, [{ ids: sortedKeys(store.companies).slice(0, 100) }]),
  persons_changed: async (def, { store }) => byIdCases(def, [{ ids: sortedKeys(store.persons).slice(-100) }]),
  list_entries_changed: async (def, { store }) =>
    byIdCases(
      def,
      sortedKeys(store.lists).flatMap((l) => {
        const ids = store.entriesByList.get(l)?.values() ?? [];
        const p: Partition<unknown> = { key: String(l), params: { listId: l } };
        return [...new Set([ids[0], ids[ids.length - 1]])].filter((x): x is number => x !== undefined).map((id) => ({ ids: [id], p }));
      }),
    ),
  opportunity_associations_full: async (def, { store }) =>
    byIdCases(def, single(capped(store.opportunities, (o) => Math.max(o.personIds.length, o.companyIds.length))), (r) => {
      const o = store.opportunities.get(rec(r).id as number);
      return o && same(rec(r).person_ids, o.personIds) && same(rec(r).organization_ids, o.companyIds)
        ? null
        : `opportunity ${String(rec(r).id)}: associations differ from the store`;
    }),
  company_persons_full: async (def, { store }) =>
    byIdCases(def, single(capped(store.companies, (c) => c.personIds.length)), (r) => {
      const c = store.companies.get(rec(r).id as number);
      return c && same(rec(r).person_ids, c.personIds) ? null : `company ${String(rec(r).id)}: person_ids differ from the store`;
    }),
  person_companies_full: async (def, { store }) => {
    const most = [...store.persons.values()].sort((a, b) => b.companyIds.length - a.companyIds.length || a.id - b.id).slice(0, 3);
    return byIdCases(def, single(most.map((p) => p.id)), (r) => {
      const p = store.persons.get(rec(r).id as number);
      return p && same(rec(r).organization_ids, p.companyIds) ? null : `person ${String(rec(r).id)}: organization_ids differ from the store`;
    });
  },
  // The same single read as person_companies_full; its ids are the persons a lookup by id left out.
  persons_unseen: async (def, { store }) => {
    const some = [...store.persons.keys()].sort((a, b) => a - b).slice(0, 2);
    return byIdCases(def, single(some), (r) => (store.persons.has(rec(r).id as number) ? null : `person ${String(rec(r).id)}: not in the store`));
  },
  companies_unseen: async (def, { store }) => {
    const some = [...store.companies.keys()].sort((a, b) => a - b).slice(0, 2);
    return byIdCases(def, single(some), (r) => (store.companies.has(rec(r).id as number) ? null : `company ${String(rec(r).id)}: not in the store`));
  },
  // Per entity, the first one with files of each kind: its files are what comes back, not the entity.
  files_per_entity: async (def, { store }) => {
    const files = [...store.files.values()];
    const scopes = [
      ['persons', 'personId'],
      ['companies', 'companyId'],
      ['opportunities', 'opportunityId'],
    ] as const;
    return scopes.flatMap(([key, member]) => {
      const owner = files.find((f) => f[member] !== null)?.[member];
      if (owner === undefined || owner === null) return [];
      const p: Partition<unknown> = {
        key,
        params: { table: key, param: { persons: 'person_id', companies: 'organization_id', opportunities: 'opportunity_id' }[key] },
      };
      return byIdCases(def, [{ ids: [owner], p }]).map((c) => ({ ...c, expected: files.filter((f) => f[member] === owner).map((f) => f.id) }));
    });
  },
  // These read a sub-collection per id: the records are members / fragments, not the id itself.
  team_members: async (def, { store }) =>
    byIdCases(def, single(sortedKeys(store.teams))).map((c) => {
      const team = store.teams.get(Number(c.expected[0]));
      return { ...c, expected: (team?.memberIds ?? []).filter((id) => store.users.has(id)) };
    }),
  transcript_fragments: async (def, { store }) =>
    byIdCases(def, single(sortedKeys(store.transcripts))).map((c) => {
      const t = store.transcripts.get(Number(c.expected[0]));
      const frags = t?.fragments ?? [];
      return {
        ...c,
        expected: frags.map((_f, i) => i + 1),
        check: (r: unknown) =>
          frags[(rec(r).id as number) - 1]?.content === rec(r).content ? null : `transcript ${String(t?.id)} fragment ${String(rec(r).id)}: content differs`,
      };
    }),
};

/** Streams with no case above, and why: the coverage test fails for any stream missing from all three. */
export const NOT_COVERED: Record<string, string> = {
  company_duplicate_suggestions:
    'the generated data has no suggested pairs at tiny or small scale; test/e2e/duplicate-suggestions.test.ts creates twins and checks the stream',
  person_duplicate_suggestions: 'as company_duplicate_suggestions',
  relationship_strengths: 'opt-in, one call per person; strengths are derived per (user, person) with no store record to compare',
};

/** Seed the warehouse tables the partition builders read (lists; fields with v1 ids and change tracking). */
export async function seedPartitionSources(db: Db, store: SimStore): Promise<void> {
  const now = new Date().toISOString();
  const bool = (b: boolean) => (db.dialect.name === 'sqlite' ? (b ? 1 : 0) : b) as never;
  const lists = [...store.lists.values()].map((l) => ({ id: l.id, name: l.name, type: l.type, _synced_at: now }));
  if (lists.length > 0) await db.kysely.insertInto('lists').values(lists).execute();
  const fields = [...store.fields.values()].filter(onV1).map((f) => ({
    id: f.id,
    v1_id: f.v1Id,
    name: f.name,
    value_type: f.valueType,
    entity_type: f.entityType,
    list_id: f.listId,
    track_changes: bool(f.trackChanges),
    _synced_at: now,
  }));
  if (fields.length > 0) await db.kysely.insertInto('fields').values(fields).execute();
}

export interface ReadResult {
  records: unknown[];
  invalid: InvalidRecord[];
  pages: number;
}

/** Page a read to the end with the product's Pager. */
export async function readAll(client: AffinityClient, c: ReadCase): Promise<ReadResult> {
  const pager = new Pager(client, c.request, c.schema);
  const out: ReadResult = { records: [], invalid: [], pages: 0 };
  while (!pager.done) {
    const page = await pager.next();
    out.records.push(...page.records);
    out.invalid.push(...page.invalid);
    out.pages += 1;
  }
  return out;
}

/** Keys seen more than once. */
export function duplicates(keys: readonly Key[]): Key[] {
  const seen = new Set<Key>();
  const dup = new Set<Key>();
  for (const k of keys) (seen.has(k) ? dup : seen).add(k);
  return [...dup];
}

/** Sorted copy for set comparison (numbers numerically, strings lexically). */
export function sortKeys(keys: readonly Key[]): Key[] {
  return [...keys].sort((a, b) => (typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b))));
}
