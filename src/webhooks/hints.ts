import { z } from 'zod';

/**
 * What a webhook delivery names, read from its body and never trusted as data (docs/contract.md §10): only
 * the event type and the ids are used, and every record named is re-read from the service before anything
 * reaches the warehouse. Pure: no database, no clock.
 */

/** The records a delivery asks to re-read; `apply-hints.ts` turns them into `sync_dirty` marks. */
export interface Hint {
  event: string;
  companies: number[];
  persons: number[];
  opportunities: number[];
  listEntries: Array<{ id: number; listId: number | null }>;
  /** A field value's record when the body does not say whether it is a company or a person. */
  entities: number[];
  /** `organization.merged`: the merge listing is read (the survivor and the removed record re-keyed). */
  merged: 'company' | null;
  /** `*.deleted`: the record said to be gone; it is read once, and only the service's answer counts. */
  deleted: boolean;
}

export type ParsedDelivery =
  | { status: 'pending'; event: string; hint: Hint }
  | { status: 'unknown'; event: string | null; reason: string }
  | { status: 'unparseable'; event: null; reason: string };

/** The envelope of the reference: `{type, body, sent_at}` with `body` in the older record shape (docs/contract.md §6.11). */
const envelopeSchema = z.looseObject({ type: z.string().min(1).max(100), body: z.unknown() });

const idSchema = z.number().int().positive();
const idOf = (v: unknown): number | null => {
  const direct = idSchema.safeParse(v);
  if (direct.success) return direct.data;
  // `organization.merged` names records as objects (`{changer, removed_company, company, merged_at}`).
  if (v && typeof v === 'object') {
    const nested = idSchema.safeParse((v as { id?: unknown }).id);
    if (nested.success) return nested.data;
  }
  return null;
};
const field = (body: unknown, key: string): unknown => (body && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined);

/** The older interface's entity type numbers in list entries (docs/contract.md §6.4): 0 person, 1 organization, 8 opportunity. */
const ENTITY_TYPE = { 0: 'person', 1: 'company', 8: 'opportunity' } as const;

function emptyHint(event: string): Hint {
  return {
    event,
    companies: [],
    persons: [],
    opportunities: [],
    listEntries: [],
    entities: [],
    merged: null,
    deleted: event.endsWith('.deleted'),
  };
}

/**
 * The documented events, by resource (docs/contract.md §10). An action the list does not name, even of a
 * known resource (`organization.exploded`), is kept and counted, never acted on: a hint costs calls, and an
 * invented event is no reason to spend them.
 */
const KNOWN_EVENTS: Readonly<Record<string, readonly string[]>> = {
  organization: ['created', 'updated', 'deleted', 'merged'],
  person: ['created', 'updated', 'deleted'],
  opportunity: ['created', 'updated', 'deleted'],
  list_entry: ['created', 'deleted'],
  field_value: ['created', 'updated', 'deleted'],
  list: ['created', 'updated', 'deleted'],
  note: ['created', 'updated', 'deleted'],
  field: ['created', 'updated', 'deleted'],
  file: ['created', 'deleted'],
  reminder: ['created', 'updated', 'deleted'],
  smart_interaction_value: ['updated'],
};

/** Known resources whose events name no record relsync re-reads: the periodic passes carry them. */
const PASSIVE_RESOURCES = new Set(['list', 'note', 'field', 'file', 'reminder', 'smart_interaction_value']);

function isKnownEvent(event: string): boolean {
  const [resource, action, ...rest] = event.split('.');
  return rest.length === 0 && action !== undefined && (KNOWN_EVENTS[resource ?? '']?.includes(action) ?? false);
}

function hintOf(event: string, body: unknown): Hint | null {
  const h = emptyHint(event);
  const id = idOf(field(body, 'id'));
  const [resource] = event.split('.');
  if (event === 'organization.merged') {
    const survivor = idOf(field(body, 'company'));
    const removed = idOf(field(body, 'removed_company'));
    h.companies.push(...[survivor, removed].filter((x): x is number => x !== null));
    h.merged = 'company';
    return h;
  }
  if (resource === 'organization' && id !== null) {
    h.companies.push(id);
    return h;
  }
  if (resource === 'person' && id !== null) {
    h.persons.push(id);
    return h;
  }
  if (resource === 'opportunity' && id !== null) {
    h.opportunities.push(id);
    return h;
  }
  if (resource === 'list_entry' && id !== null) {
    h.listEntries.push({ id, listId: idOf(field(body, 'list_id')) });
    const entityId = idOf(field(body, 'entity_id'));
    const type = ENTITY_TYPE[field(body, 'entity_type') as keyof typeof ENTITY_TYPE];
    if (entityId !== null && type === 'company') h.companies.push(entityId);
    if (entityId !== null && type === 'person') h.persons.push(entityId);
    if (entityId !== null && type === 'opportunity') h.opportunities.push(entityId);
    return h;
  }
  if (resource === 'field_value') {
    const entryId = idOf(field(body, 'list_entry_id'));
    const entityId = idOf(field(body, 'entity_id'));
    // A value's own deletion is not its record's: the record is re-read, never deleted.
    h.deleted = false;
    if (entryId !== null) h.listEntries.push({ id: entryId, listId: null });
    else if (entityId !== null) h.entities.push(entityId);
    return h;
  }
  return null;
}

/** Parse one delivery body as received. Never throws: what cannot be used is classified, kept and counted. */
export function parseDelivery(text: string): ParsedDelivery {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { status: 'unparseable', event: null, reason: 'the body is not JSON' };
  }
  const env = envelopeSchema.safeParse(json);
  if (!env.success) return { status: 'unknown', event: null, reason: 'the body has no `type` (not the documented {type, body, sent_at} envelope)' };
  const event = env.data.type;
  if (!isKnownEvent(event)) return { status: 'unknown', event, reason: 'an event type the service does not document; kept, not acted on' };
  if (PASSIVE_RESOURCES.has(event.split('.')[0] ?? '')) return { status: 'pending', event, hint: emptyHint(event) };
  const hint = hintOf(event, env.data.body);
  if (!hint) return { status: 'unknown', event, reason: 'a body without the ids relsync acts on' };
  return { status: 'pending', event, hint };
}
