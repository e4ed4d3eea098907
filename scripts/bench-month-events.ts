/**
 * The webhook event the service sends for the write behind each kind of the month bench's changes
 * (docs/contract.md §10): pure, so the table is unit-tested apart from the service that receives it.
 */
import type { Change } from './bench-month-kinds.ts';

export interface SimEvent {
  type: string;
  body: Record<string, unknown>;
}

/**
 * The event the service sends for the write behind a change (the ids of the older record shape only: relsync
 * reads nothing else of a body), or null when nothing fires (the service's own creations). `listId`: the
 * company list, where the bench's entries are (bench-month-changes.ts).
 */
export function eventOf(c: Change, listId: number | null): SimEvent | null {
  switch (c.kind) {
    case 'link_add':
    case 'link_remove':
    case 'rename':
      return { type: 'organization.updated', body: { id: c.company } };
    case 'company_new':
      return { type: 'organization.created', body: { id: c.company } };
    case 'delete':
      return { type: 'organization.deleted', body: { id: c.company } };
    case 'merge':
      return {
        type: 'organization.merged',
        body: { changer: null, removed_company: { id: c.company }, company: { id: c.survivor }, merged_at: new Date(c.at).toISOString() },
      };
    case 'list':
      return { type: 'list_entry.created', body: { id: c.entry, list_id: listId, entity_id: c.company, entity_type: 1 } };
    case 'list_remove':
      return { type: 'list_entry.deleted', body: { id: c.entry, list_id: listId } };
    case 'field':
      return { type: 'field_value.updated', body: { field_id: c.field ?? null, entity_id: c.company, list_entry_id: null } };
    case 'entry_field':
    case 'entry_field_untracked':
      return { type: 'field_value.updated', body: { field_id: c.field ?? null, entity_id: null, list_entry_id: c.entry } };
    case 'person_rename':
      return { type: 'person.updated', body: { id: c.person } };
    case 'person_new':
      return { type: 'person.created', body: { id: c.person } };
    case 'person_delete':
      return { type: 'person.deleted', body: { id: c.person } };
    case 'deal_rename':
    case 'deal_person':
    case 'deal_company':
      return { type: 'opportunity.updated', body: { id: c.opportunity } };
    case 'person_from_email':
      return null;
  }
}
