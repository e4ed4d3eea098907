import { sql } from 'kysely';
import { v2CompanySchema, v2ListEntryWithEntitySchema, v2PersonSchema } from '../schemas/index.ts';
import { v2CompanyRows, v2ListEntryRows, v2PersonRows } from '../../transform/index.ts';
import { dirtyCountsByList, dirtyIds, type DirtyKind } from '../../state/dirty.ts';
import { planReRead } from '../planner.ts';
import { defineStream, type Partition, type StreamContext } from '../stream.ts';
import { ENTITY_FIELD_TYPES, perRecord } from './common.ts';

/**
 * Targeted re-reads of what the change log marked. Each stream runs after the sweep of its collection
 * (which, when it runs, clears the marks it covers), so a record is never read twice in one run.
 */

async function liveCount(ctx: StreamContext, table: 'companies' | 'persons'): Promise<number> {
  const r = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where _deleted_at is null`.execute(ctx.db.kysely);
  return Number(r.rows[0]?.n ?? 0);
}

async function liveEntriesOfList(ctx: StreamContext, listId: number): Promise<number> {
  const r = await sql<{ n: number }>`select count(*) as n from list_entries where list_id = ${listId} and _deleted_at is null`.execute(ctx.db.kysely);
  return Number(r.rows[0]?.n ?? 0);
}

/** Planner hook for a collection sweep: sweep now when that costs no more than the targeted reads. */
export function sweepWhenCheaper(kind: Extract<DirtyKind, 'company' | 'person'>, table: 'companies' | 'persons') {
  return async (ctx: StreamContext): Promise<boolean> => {
    const changed = (await dirtyIds(ctx.db.kysely, kind)).length;
    if (changed === 0) return false;
    const plan = planReRead({ total: await liveCount(ctx, table), changed });
    return plan.strategy === 'bulk';
  };
}

/** Per list: one call per changed entry, or a sweep of the list when that is cheaper. */
export async function listSweepCheaper(ctx: StreamContext, p: Partition): Promise<boolean> {
  const changed = (await dirtyCountsByList(ctx.db.kysely)).get(Number(p.key)) ?? 0;
  if (changed === 0) return false;
  const pages = Math.ceil((await liveEntriesOfList(ctx, Number(p.key))) / 100);
  return changed >= Math.max(1, pages);
}

export const companiesChangedStream = defineStream({
  name: 'companies_changed',
  description: 'companies named by the change log, 100 per call (GET /v2/companies?ids=…)',
  group: 'metadata',
  dependsOn: ['field_value_changes', 'field_value_changes_v1', 'companies'],
  request: () => ({ path: '/v2/companies', paginator: 'v2' }),
  byIds: {
    ids: (ctx) => dirtyIds(ctx.db.kysely, 'company'),
    batchSize: 100,
    consumes: 'company',
    request: (ids) => ({ path: '/v2/companies', query: { ids: [...ids], fieldTypes: [...ENTITY_FIELD_TYPES], limit: 100 }, paginator: 'v2', endpoint: 'GET /v2/companies?ids' }),
  },
  schema: v2CompanySchema,
  transform: perRecord((c, raw) => v2CompanyRows(c, raw, { fieldsRequested: true })),
});

export const personsChangedStream = defineStream({
  name: 'persons_changed',
  description: 'persons named by the change log, 100 per call (GET /v2/persons?ids=…)',
  group: 'metadata',
  dependsOn: ['field_value_changes', 'field_value_changes_v1', 'persons'],
  request: () => ({ path: '/v2/persons', paginator: 'v2' }),
  byIds: {
    ids: (ctx) => dirtyIds(ctx.db.kysely, 'person'),
    batchSize: 100,
    consumes: 'person',
    request: (ids) => ({ path: '/v2/persons', query: { ids: [...ids], fieldTypes: [...ENTITY_FIELD_TYPES], limit: 100 }, paginator: 'v2', endpoint: 'GET /v2/persons?ids' }),
  },
  schema: v2PersonSchema,
  transform: perRecord((p, raw) => v2PersonRows(p, raw, { fieldsRequested: true })),
});

/** Changed list entries, one read each, for lists where that beats a sweep (see listSweepCheaper). */
export const listEntriesChangedStream = defineStream({
  name: 'list_entries_changed',
  description: 'list entries named by the change log (GET /v2/lists/{id}/list-entries/{entryId})',
  group: 'metadata',
  dependsOn: ['field_value_changes', 'field_value_changes_v1', 'list_entries'],
  partitions: async (ctx) => [...(await dirtyCountsByList(ctx.db.kysely)).keys()].sort((a, b) => a - b).map((id) => ({ key: String(id), params: { listId: id } })),
  request: () => ({ path: '/v2/lists', paginator: 'single' }),
  byIds: {
    ids: (ctx, p) => dirtyIds(ctx.db.kysely, 'list_entry', Number(p.key)),
    batchSize: 1,
    consumes: 'list_entry',
    request: (ids, p) => ({
      path: `/v2/lists/${p.key}/list-entries/${ids[0]}`,
      query: { fieldTypes: ['list'] },
      paginator: 'single',
      endpoint: 'GET /v2/lists/{id}/list-entries/{id}',
    }),
  },
  schema: v2ListEntryWithEntitySchema,
  transform: perRecord((e, raw) => v2ListEntryRows(e, raw, { fieldsRequested: true })),
});
