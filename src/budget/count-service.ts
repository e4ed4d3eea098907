/**
 * Before the first sync, `relsync plan` asks the service a few cheap counting questions, never more than
 * `cap` calls, and uses only what the documents promise:
 *   - `GET /lists`: every list with its type and, where the answer carries it, `list_size` (docs/contract.md §6.4
 *     has it on the list resource; the seed, docs/contract.md §S4, promises it only from `GET /lists/{id}`, which is
 *     asked per list when the listing lacks it);
 *   - opportunities: the sizes of the opportunity lists (each opportunity is on exactly one list: docs/contract.md
 *     §6.3, seed "opportunities are scoped to one list");
 *   - `GET /opportunities?page_size=1`: whether the search carries `person_ids` / `organization_ids`
 *     (docs/contract.md §6.3 yes; the seed, docs/contract.md §S3, only on the single read): without them every opportunity
 *     needs its single read;
 *   - `GET /v2/notes?totalCount=true`: `pagination.totalCount` (docs/contract.md §4); an answer without it
 *     (the seed's envelope, docs/contract.md §S2, has no such member) leaves notes uncounted;
 *   - companies and persons: no document publishes a count, so the older searches are paged at their
 *     largest page (500, docs/contract.md §4, the seed, docs/contract.md §S13) until the cap; a count cut there is "at least".
 * Everything else is not counted, and the plan says so.
 */
import { z } from 'zod';
import { ApiError } from '../extract/http/errors.ts';
import type { AffinityClient } from '../extract/http/client.ts';
import { V1_SEARCH_PAGE } from '../extract/limits.ts';
import { Pager } from '../extract/pager.ts';
import { v1ListSchema } from '../extract/schemas/index.ts';
import type { Count, ListKind, ServiceCounts } from './counted-costs.ts';

const LIST_KIND: Record<number, ListKind> = { 0: 'person', 1: 'company', 8: 'opportunity' };
const listsSchema = z.array(v1ListSchema);
const oppSearchSchema = z.looseObject({ opportunities: z.array(z.looseObject({})).nullish() });
const notesSchema = z.looseObject({ pagination: z.looseObject({ totalCount: z.number().int().nonnegative().optional() }).nullish() });

export interface CountingResult {
  counts: ServiceCounts;
  /** Calls the counting spent (at most `cap`). */
  calls: number;
  cap: number;
}

/** A question the service may decline (a permission, a parameter it does not take): the count stays unknown. */
function declined(err: unknown): boolean {
  return err instanceof ApiError && err.status !== null && [400, 403, 404, 422].includes(err.status);
}

async function optional<T>(ask: () => Promise<T>): Promise<T | null> {
  try {
    return await ask();
  } catch (err) {
    if (declined(err)) return null;
    throw err;
  }
}

/** Page an older search at 500 a call, at most `calls` calls: the exact count, or at least what was seen. */
async function pageCount(client: AffinityClient, path: string, key: string, calls: number): Promise<Count | null> {
  if (calls <= 0) return null;
  const pager = new Pager(client, { path, query: { page_size: V1_SEARCH_PAGE }, paginator: 'v1-token', recordsKey: key }, z.unknown());
  let n = 0;
  for (let i = 0; i < calls && !pager.done; i++) n += (await pager.next()).records.length;
  return { n, exact: pager.done };
}

export async function countService(client: AffinityClient, cap: number): Promise<CountingResult> {
  const start = client.totalCalls();
  const left = () => cap - (client.totalCalls() - start);
  const raw = listsSchema.parse(await client.get('/lists', undefined, { endpoint: 'GET /lists' }));
  const lists: ServiceCounts['lists'] = [];
  for (const l of raw) {
    let size = l.list_size ?? null;
    if (size === null && left() > 0) {
      const one = await optional(() => client.get(`/lists/${l.id}`, undefined, { endpoint: 'GET /lists/{id}' }));
      size = one === null ? null : (v1ListSchema.parse(one).list_size ?? null);
    }
    lists.push({ id: l.id, kind: LIST_KIND[l.type] ?? null, size: size === null ? null : { n: size, exact: true } });
  }
  const oppLists = lists.filter((l) => l.kind === 'opportunity');
  const opportunities: Count = { n: oppLists.reduce((n, l) => n + (l.size?.n ?? 0), 0), exact: oppLists.every((l) => l.size !== null) };

  let opportunitySearchArrays: boolean | null = null;
  if (left() > 0 && opportunities.n > 0) {
    const page = await optional(async () => oppSearchSchema.parse(await client.get('/opportunities', { page_size: 1 }, { endpoint: 'GET /opportunities' })));
    const first = page?.opportunities?.[0];
    if (first) opportunitySearchArrays = Array.isArray(first.person_ids) && Array.isArray(first.organization_ids);
  }

  let notes: Count | null = null;
  if (left() > 0) {
    const page = await optional(async () => notesSchema.parse(await client.get('/v2/notes', { limit: 1, totalCount: 'true' }, { endpoint: 'GET /v2/notes' })));
    const total = page?.pagination?.totalCount;
    notes = total === undefined ? null : { n: total, exact: true };
  }

  // What is left goes to the two searches, companies first (half, rounded up).
  const companies = await pageCount(client, '/organizations', 'organizations', Math.ceil(left() / 2));
  const persons = await pageCount(client, '/persons', 'persons', left());
  return { counts: { lists, companies, persons, opportunities, notes, opportunitySearchArrays }, calls: client.totalCalls() - start, cap };
}
