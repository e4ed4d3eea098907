/**
 * Which write through the simulator's API fires which webhook event, and its body (docs/contract.md §6.11,
 * §10): the body is the older record shape the write answered with, `{id}` for a deletion,
 * `{changer, removed_company, company, merged_at}` for a company merge. Writes not in this table fire
 * nothing (lists, fields, files, interactions, person merges), as do changes made to the store directly:
 * those stand in for imports and automatic enrichment, which the reference says fire nothing.
 */
import type { Ctx, Reply } from '../http/http-types.ts';

export interface SimEvent {
  type: string;
  body: Record<string, unknown>;
}

type Derive = (ctx: Ctx, reply: Reply) => SimEvent | null;

const replied =
  (type: string): Derive =>
  (_ctx, reply) =>
    reply.body && typeof reply.body === 'object' && !Array.isArray(reply.body) ? { type, body: reply.body as Record<string, unknown> } : null;
const num = (s: string | undefined): number | null => (s !== undefined && /^\d+$/.test(s) ? Number(s) : null);
const deleted =
  (type: string, param: string): Derive =>
  (ctx) => {
    const id = num(ctx.params[param]);
    return id === null ? null : { type, body: { id } };
  };
const fieldWrite =
  (target: 'company' | 'person' | 'entry'): Derive =>
  (ctx) => {
    const p = ctx.params;
    const id = num(p.companyId ?? p.personId ?? p.listEntryId);
    if (id === null) return null;
    const body = target === 'entry' ? { list_entry_id: id, entity_id: null } : { entity_id: id, list_entry_id: null };
    return { type: 'field_value.updated', body: { ...body, field_id: p.fieldId ?? null } };
  };

const TABLE: Record<string, Derive> = {
  'POST /organizations': replied('organization.created'),
  'PUT /organizations/{id}': replied('organization.updated'),
  'DELETE /organizations/{id}': deleted('organization.deleted', 'id'),
  'POST /persons': replied('person.created'),
  'PUT /persons/{id}': replied('person.updated'),
  'DELETE /persons/{id}': deleted('person.deleted', 'id'),
  'POST /opportunities': replied('opportunity.created'),
  'PUT /opportunities/{id}': replied('opportunity.updated'),
  'DELETE /opportunities/{id}': deleted('opportunity.deleted', 'id'),
  'POST /lists/{listId}/list-entries': replied('list_entry.created'),
  'DELETE /lists/{listId}/list-entries/{entryId}': (ctx) => {
    const id = num(ctx.params.entryId);
    return id === null ? null : { type: 'list_entry.deleted', body: { id, list_id: num(ctx.params.listId) } };
  },
  'POST /field-values': replied('field_value.created'),
  'PUT /field-values/{id}': replied('field_value.updated'),
  'DELETE /field-values/{id}': deleted('field_value.deleted', 'id'),
  'POST /notes': replied('note.created'),
  'PUT /notes/{id}': replied('note.updated'),
  'DELETE /notes/{id}': deleted('note.deleted', 'id'),
  'POST /v2/companies/{companyId}/fields/{fieldId}': fieldWrite('company'),
  'PATCH /v2/companies/{companyId}/fields': fieldWrite('company'),
  'POST /v2/persons/{personId}/fields/{fieldId}': fieldWrite('person'),
  'PATCH /v2/persons/{personId}/fields': fieldWrite('person'),
  'POST /v2/lists/{listId}/list-entries/{listEntryId}/fields/{fieldId}': fieldWrite('entry'),
  'PATCH /v2/lists/{listId}/list-entries/{listEntryId}/fields': fieldWrite('entry'),
  'POST /v2/company-merges': (ctx) => {
    const b = (ctx.body ?? {}) as Record<string, unknown>;
    return {
      type: 'organization.merged',
      body: { changer: null, removed_company: { id: b.duplicateCompanyId }, company: { id: b.primaryCompanyId }, merged_at: ctx.store.now() },
    };
  },
};

/** The event a successful write fires, or null (a read, a failed write, or a write that fires nothing). */
export function eventOf(routePath: string, ctx: Ctx, reply: Reply): SimEvent | null {
  if (ctx.method === 'GET' || reply.status < 200 || reply.status >= 300) return null;
  return TABLE[`${ctx.method} ${routePath}`]?.(ctx, reply) ?? null;
}

/**
 * The delivery body. The reference's `{type, body, sent_at}` (sent_at in epoch seconds); under the seed,
 * which shows no body, a deliberately different envelope with string ids, so relsync is tested for coping
 * with a shape it cannot rely on.
 */
export function deliveryBody(e: SimEvent, contract: 'reference' | 'seed', nowMs: number): string {
  if (contract === 'reference') return JSON.stringify({ type: e.type, body: e.body, sent_at: Math.floor(nowMs / 1000) });
  const id = e.body.id ?? e.body.entity_id ?? e.body.list_entry_id;
  return JSON.stringify({
    event: e.type.replace('organization', 'company'),
    occurredAt: new Date(nowMs).toISOString(),
    resource: { ref: id === undefined ? null : String(id) },
  });
}
