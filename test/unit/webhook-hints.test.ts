import { describe, expect, it } from 'vitest';
import { parseDelivery } from '../../src/webhooks/hints.ts';

const delivery = (type: string, body: unknown) => JSON.stringify({ type, body, sent_at: 1_700_000_000 });

describe('parseDelivery: what a webhook body names (never data)', () => {
  it('an organization event names the company alone: its own set read whole carries its persons', () => {
    const p = parseDelivery(delivery('organization.updated', { id: 5, name: 'Acme', person_ids: [7, 8] }));
    expect(p.status).toBe('pending');
    if (p.status !== 'pending') return;
    expect(p.hint).toMatchObject({ companies: [5], persons: [], deleted: false, merged: null });
  });

  it('a person event names the person alone', () => {
    const p = parseDelivery(delivery('person.created', { id: 9, organization_ids: [5] }));
    expect(p.status === 'pending' && p.hint).toMatchObject({ persons: [9], companies: [] });
  });

  it('a list entry event names the entry in its list and the entity on it', () => {
    const p = parseDelivery(delivery('list_entry.created', { id: 388, list_id: 26, entity_id: 38706, entity_type: 0 }));
    expect(p.status === 'pending' && p.hint).toMatchObject({ listEntries: [{ id: 388, listId: 26 }], persons: [38706] });
  });

  it('*.deleted is a deletion claim; a field value deletion is not its record deletion', () => {
    const del = parseDelivery(delivery('person.deleted', { id: 9 }));
    expect(del.status === 'pending' && del.hint.deleted).toBe(true);
    const fv = parseDelivery(delivery('field_value.deleted', { id: 1, field_id: 3, entity_id: 9, list_entry_id: null }));
    expect(fv.status === 'pending' && fv.hint).toMatchObject({ deleted: false, entities: [9] });
  });

  it('organization.merged names both companies (objects with ids) and asks for the merge read', () => {
    const p = parseDelivery(delivery('organization.merged', { changer: { id: 1 }, removed_company: { id: 11 }, company: { id: 10 }, merged_at: 'x' }));
    expect(p.status === 'pending' && p.hint).toMatchObject({ companies: [10, 11], merged: 'company' });
  });

  it('documented events that name nothing relsync re-reads are applied with no marks', () => {
    const p = parseDelivery(delivery('note.created', { id: 3 }));
    expect(p.status === 'pending' && p.hint).toMatchObject({ companies: [], persons: [], opportunities: [], listEntries: [], entities: [], merged: null });
  });

  it('an action the service does not document, even of a known resource, is kept and not acted on', () => {
    for (const type of ['organization.exploded', 'person.merged', 'list_entry.updated', 'note.exploded', 'organization.updated.twice', 'organization']) {
      expect(parseDelivery(delivery(type, { id: 5 })), type).toMatchObject({ status: 'unknown', event: type });
    }
    expect(parseDelivery(delivery('smart_interaction_value.updated', { id: 5 })).status).toBe('pending');
  });

  it('invalid JSON is unparseable; an unknown event or a body without ids is unknown; neither throws', () => {
    expect(parseDelivery('{"type": "person.updated", ').status).toBe('unparseable');
    expect(parseDelivery(delivery('galaxy.exploded', { id: 1 }))).toMatchObject({ status: 'unknown', event: 'galaxy.exploded' });
    expect(parseDelivery(delivery('person.updated', { id: 'not-a-number' }))).toMatchObject({ status: 'unknown', event: 'person.updated' });
    // The seed shows no body: a different envelope is kept and counted, never guessed at.
    expect(parseDelivery(JSON.stringify({ event: 'company.changed', resource: { ref: '5' } }))).toMatchObject({ status: 'unknown', event: null });
    expect(parseDelivery('null').status).toBe('unknown');
  });
});
