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
  /** Records on the other side of a company↔person link the body names: their link sets are re-read. */
  linkedCompanies: number[];
  linkedPersons: number[];
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
const idsOf = (v: unknown): number[] => (Array.isArray(v) ? v.map(idOf).filter((x): x is number => x !== null) : []);
const field = (body: unknown, key: string): unknown => (body && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined);

/** The older interface's entity type numbers in list entries (docs/contract.md §6.4): 0 person, 1 organization, 8 opportunity. */
const ENTITY_TYPE = { 0: 'person', 1: 'company', 8: 'opportunity' } as const;

function emptyHint(event: string): Hint {
  return {
    event,
    companies: [],
    persons: [],
    opportunities: [],
    linkedCompanies: [],
    linkedPersons: [],
    listEntries: [],
    entities: [],
    merged: null,
    deleted: event.endsWith('.deleted'),
  };
}

/** Events relsync knows and that name no record it re-reads: the periodic passes carry them. */
const PASSIVE_PREFIXES = ['list.', 'note.', 'field.', 'file.', 'reminder.', 'smart_interaction_value.'];

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
    h.linkedPersons.push(...idsOf(field(body, 'person_ids')));
    return h;
  }
  if (resource === 'person' && id !== null) {
    h.persons.push(id);
    h.linkedCompanies.push(...idsOf(field(body, 'organization_ids')));
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
  if (PASSIVE_PREFIXES.some((p) => event.startsWith(p))) return { status: 'pending', event, hint: emptyHint(event) };
  const hint = hintOf(event, env.data.body);
  if (!hint) return { status: 'unknown', event, reason: 'an event type, or a body without the ids, relsync does not act on' };
  return { status: 'pending', event, hint };
}

/** How many records a hint names (each costs at most one call to re-read). */
export function hintSize(h: Hint): number {
  const named = h.companies.length + h.persons.length + h.opportunities.length + h.listEntries.length + h.entities.length;
  return named + h.linkedCompanies.length + h.linkedPersons.length + (h.merged ? 1 : 0);
}
