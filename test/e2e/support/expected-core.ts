/**
 * Expected warehouse rows for the core tables, derived from the simulator's store (its canonical model),
 * independently of relsync's transforms: companies, persons, opportunities, lists, list entries, fields,
 * field scopes, the association tables, saved views, users, teams, webhooks and merges.
 */
import { fieldMeta, type ContractName, type SimStore, type SimField } from '@relsync/simulator';
import { e2eContract } from '../../helpers/sync-fixture.ts';
import type { TableExpectation } from './expect-types.ts';
import { keyOf, ts, type Cell, type ExpRow } from './norm.ts';

const exists = (store: SimStore, type: string, id: number): boolean =>
  type === 'company' ? store.companies.has(id) : type === 'person' ? store.persons.has(id) : store.opportunities.has(id);

export function mergedCheck(store: SimStore, kind: 'company' | 'person') {
  return (row: ExpRow): string | null => {
    const id = row.id as number;
    const want = store.mergedInto[kind].has(id) ? store.resolveMerged(kind, id) : null;
    return row.merged_into_id === want ? null : `merged_into_id is ${String(row.merged_into_id)}, expected ${String(want)}`;
  };
}

/**
 * Fields the older interface lists (`GET /fields`, the source of track_changes and dropdown options):
 * custom fields, which have a numeric id (docs/contract.md §5 "`field-<int>` … `<int>` = v1 numeric field id"),
 * of a value type its integer enum covers (docs/contract.md §5 "Field `value_type` | 0 person, 1 organization, 2
 * dropdown, 3 number, 4 date, 5 location, 6 text, 7 ranked dropdown; … 10 = filterable text"), the
 * simulator's formula numbers included as numbers. Interaction, note, reminder and list values have none.
 */
const NO_V1_TYPE = new Set(['interaction', 'note', 'reminder', 'list-multi']);
export const listedByV1 = (f: SimField): boolean => f.v1Id !== null && !NO_V1_TYPE.has(f.valueType);

/**
 * The core tables. `contract` decides which field definitions `/v2` shows: the association fields exist
 * only under `reference` (packages/simulator/src/contract.ts); the association tables are the store's pairs in both.
 */
export function coreExpectations(store: SimStore, contract: ContractName = e2eContract()): TableExpectation[] {
  const out: TableExpectation[] = [];
  out.push({
    table: 'companies',
    key: ['id'],
    columns: ['name', 'domain', 'domains_json', 'is_global', 'merged_into_id'],
    rows: [...store.companies.values()].map((c) => ({
      id: c.id,
      name: c.name,
      domain: c.domain,
      domains_json: c.domains,
      is_global: c.isGlobal,
      merged_into_id: null,
    })),
    deletedCheck: mergedCheck(store, 'company'),
  });
  out.push({
    table: 'persons',
    key: ['id'],
    columns: ['first_name', 'last_name', 'primary_email', 'emails_json', 'type', 'merged_into_id'],
    rows: [...store.persons.values()].map((p) => ({
      id: p.id,
      first_name: p.firstName,
      last_name: p.lastName,
      primary_email: p.primaryEmailAddress,
      emails_json: p.emailAddresses,
      type: p.type,
      merged_into_id: null,
    })),
    deletedCheck: mergedCheck(store, 'person'),
  });
  out.push({
    table: 'opportunities',
    key: ['id'],
    columns: ['name', 'list_id', 'list_entry_id', 'created_at', 'creator_id'],
    rows: [...store.opportunities.values()].map((o) => {
      const e = store.entriesOf('opportunity', o.id)[0];
      return { id: o.id, name: o.name, list_id: o.listId, list_entry_id: e?.id ?? null, created_at: ts(e?.createdAt), creator_id: e?.creatorId ?? null };
    }),
  });
  out.push({
    table: 'lists',
    key: ['id'],
    columns: ['name', 'type', 'is_public', 'owner_id', 'creator_id', 'created_at', 'size'],
    rows: [...store.lists.values()].map((l) => ({
      id: l.id,
      name: l.name,
      type: l.type,
      is_public: l.isPublic,
      owner_id: l.ownerId,
      creator_id: l.creatorId,
      created_at: ts(l.createdAt),
      // The seed, docs/contract.md §S4: the size is "readable only through the older single-list read", which relsync does not spend.
      size: contract === 'seed' ? null : (store.entriesByList.get(l.id)?.length ?? 0),
    })),
  });
  out.push({
    table: 'list_entries',
    key: ['id'],
    columns: ['list_id', 'entity_type', 'entity_id', 'created_at', 'creator_id'],
    rows: [...store.listEntries.values()].map((e) => ({
      id: e.id,
      list_id: e.listId,
      entity_type: e.entityType,
      entity_id: e.entityId,
      created_at: ts(e.createdAt),
      creator_id: e.creatorId,
    })),
  });
  out.push(fieldsExpectation(store, contract));
  out.push(fieldScopesExpectation(store, contract));
  const companyOwner = {
    live: (r: ExpRow) => store.companies.has(r.company_id as number),
    parent: (r: ExpRow) => ({ table: 'companies' as const, key: String(r.company_id) }),
  };
  // Association pairs straight from the store's records, every pair (companies and opportunities with
  // more than 100 persons included): no rendering, no cut, the same under both contracts.
  out.push({
    table: 'company_persons',
    key: ['company_id', 'person_id'],
    columns: [],
    rows: [...store.companies.values()].flatMap((c) => c.personIds.map((p) => ({ company_id: c.id, person_id: p }))),
    owner: companyOwner,
  });
  const oppOwner = {
    live: (r: ExpRow) => store.opportunities.has(r.opportunity_id as number),
    parent: (r: ExpRow) => ({ table: 'opportunities' as const, key: String(r.opportunity_id) }),
  };
  out.push({
    table: 'opportunity_persons',
    key: ['opportunity_id', 'person_id'],
    columns: [],
    rows: [...store.opportunities.values()].flatMap((o) => o.personIds.map((p) => ({ opportunity_id: o.id, person_id: p }))),
    owner: oppOwner,
  });
  out.push({
    table: 'opportunity_companies',
    key: ['opportunity_id', 'company_id'],
    columns: [],
    rows: [...store.opportunities.values()].flatMap((o) => o.companyIds.map((c) => ({ opportunity_id: o.id, company_id: c }))),
    owner: oppOwner,
  });
  out.push({
    table: 'saved_views',
    key: ['id'],
    columns: ['list_id', 'name', 'type', 'created_at'],
    rows: [...store.savedViews.values()].map((v) => ({ id: v.id, list_id: v.listId, name: v.name, type: v.type, created_at: ts(v.createdAt) })),
  });
  out.push({
    table: 'users',
    key: ['id'],
    columns: ['first_name', 'last_name', 'email_address', 'type'],
    // type: GAP (see SOURCE_GAPS).
    rows: [...store.users.values()].map((u) => ({ id: u.id, first_name: u.firstName, last_name: u.lastName, email_address: u.emailAddress, type: null })),
  });
  out.push({ table: 'teams', key: ['id'], columns: ['name'], rows: [...store.teams.values()].map((t) => ({ id: t.id, name: t.name })) });
  out.push({
    table: 'team_members',
    key: ['team_id', 'user_id'],
    columns: [],
    rows: [...store.teams.values()].flatMap((t) => t.memberIds.filter((u) => store.users.has(u)).map((u) => ({ team_id: t.id, user_id: u }))),
    owner: { live: (r) => store.teams.has(r.team_id as number), parent: (r) => ({ table: 'teams', key: String(r.team_id) }) },
  });
  out.push({
    table: 'webhooks',
    key: ['id'],
    columns: ['url', 'subscriptions_json', 'status', 'creator_id', 'created_at', 'updated_at'],
    // Read through /v2/webhooks (the e2e API version is after 2026-07-15), which carries both times.
    rows: [...store.webhooks.values()].map((w) => ({
      id: w.id,
      url: w.url,
      subscriptions_json: w.subscriptions,
      status: w.status,
      creator_id: w.creatorId,
      created_at: ts(w.createdAt),
      updated_at: ts(w.updatedAt),
    })),
  });
  out.push({
    table: 'merges',
    key: ['entity_type', 'id'],
    columns: ['primary_id', 'duplicate_id', 'status', 'error_message', 'task_id', 'created_at', 'completed_at'],
    rows: [...store.merges.values()].map((m) => ({
      entity_type: m.kind,
      id: m.id,
      primary_id: m.primaryId,
      duplicate_id: m.duplicateId,
      status: m.status,
      error_message: m.errorMessage,
      task_id: m.taskId,
      created_at: ts(m.startedAt),
      completed_at: ts(m.completedAt),
    })),
  });
  out.push({ table: 'relationship_strengths', key: ['internal_id', 'external_id'], columns: ['strength'], rows: [] });
  return out;
}

const CUSTOM_FIELD_ID = /^field-\d+$/;

/**
 * One `fields` row per wire id. A custom field (`field-123`) has one definition and its row carries all
 * of it; a system id (defined per entity type or list) carries only the members its definitions share,
 * a type and entity type derived from its definitions, and no list: each definition is in `field_scopes`.
 */
function fieldsExpectation(store: SimStore, contract: ContractName): TableExpectation {
  const columns = ['v1_id', 'name', 'type', 'value_type', 'entity_type', 'list_id', 'enrichment_source', 'allows_multiple', 'track_changes'] as const;
  const row = (f: SimField): Record<(typeof columns)[number], Cell> => ({
    v1_id: f.v1Id,
    name: f.name,
    type: f.type,
    value_type: f.valueType,
    entity_type: f.entityType,
    list_id: f.listId,
    enrichment_source: f.enrichmentSource,
    allows_multiple: f.valueType.endsWith('-multi'),
    // track_changes comes from v1 GET /fields only, which lists the fields the older interface knows.
    track_changes: listedByV1(f) ? f.trackChanges : null,
  });
  const byId = new Map<string, SimField[]>();
  for (const f of store.fields.values()) {
    if (f.association && contract === 'seed') continue; // the seed, docs/contract.md §S3: "`/v2` has no … association reads"
    byId.set(f.id, [...(byId.get(f.id) ?? []), f]);
  }
  const rows: ExpRow[] = [];
  for (const [id, defs] of byId) {
    const first = row(defs[0]!);
    if (CUSTOM_FIELD_ID.test(id)) {
      if (defs.length > 1) throw new Error(`expected-core: custom field ${id} has ${defs.length} definitions`);
      rows.push({ id, ...first });
      continue;
    }
    for (const c of ['name', 'value_type', 'enrichment_source', 'allows_multiple'] as const) {
      if (defs.some((f) => keyOf({ v: row(f)[c] }, ['v']) !== keyOf({ v: first[c] }, ['v']))) {
        throw new Error(`expected-core: system field ${id} has definitions that differ in ${c}; fields cannot hold one value`);
      }
    }
    // Derived from every definition (load/write/derive-system-fields.ts): the entity-type definition's type, else the
    // first list's; the entity type all definitions share, null when they differ.
    const lowest = Math.min(...defs.map((f) => f.listId ?? 0));
    const type =
      defs
        .filter((f) => (f.listId ?? 0) === lowest)
        .map((f) => f.type)
        .sort()[0] ?? null;
    const entityTypes = new Set(defs.map((f) => f.entityType));
    const entityType = entityTypes.size === 1 ? first.entity_type : null;
    rows.push({ id, ...first, v1_id: null, type, entity_type: entityType, list_id: null, track_changes: null });
  }
  return { table: 'fields', key: ['id'], columns, rows };
}

/** Every (field, entity type, list) definition, with the type and the `/v2` metadata that scope serves. */
function fieldScopesExpectation(store: SimStore, contract: ContractName): TableExpectation {
  const rows = new Map<string, ExpRow>();
  for (const f of store.fields.values()) {
    if (f.association && contract === 'seed') continue; // as in fieldsExpectation
    const r: ExpRow = { field_id: f.id, entity_type: f.entityType, list_id: f.listId ?? 0, type: f.type, definition_json: fieldMeta(f) };
    rows.set(keyOf(r, ['field_id', 'entity_type', 'list_id']), r);
  }
  return {
    table: 'field_scopes',
    key: ['field_id', 'entity_type', 'list_id'],
    columns: ['type', 'definition_json'],
    rows: [...rows.values()],
    owner: { live: () => true, parent: (r) => ({ table: 'fields', key: String(r.field_id) }) },
  };
}

export { exists as entityExists };
