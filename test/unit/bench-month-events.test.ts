import { describe, expect, it } from 'vitest';
import { ALL_KINDS, type Change, type ChangeKind } from '../../scripts/bench-month-changes.ts';
import { eventOf } from '../../scripts/bench-month-events.ts';
import { parseDelivery } from '../../src/webhooks/hints.ts';

const LIST = 3;
const change = (kind: ChangeKind): Change => ({
  kind,
  company: 7,
  person: 5,
  entry: 11,
  opportunity: 9,
  survivor: 8,
  field: 'field-1',
  at: 1_000,
  tier: 'cold',
});

/** What relsync re-reads for each kind's delivery: the record the change is of. */
const NAMES: Record<ChangeKind, string | null> = {
  link_add: 'company 7',
  link_remove: 'company 7',
  rename: 'company 7',
  delete: 'company 7',
  company_new: 'company 7',
  merge: 'company 8,7',
  list: 'entry 11',
  list_remove: 'entry 11',
  field: 'entity 7',
  entry_field: 'entry 11',
  entry_field_untracked: 'entry 11',
  person_rename: 'person 5',
  person_new: 'person 5',
  person_delete: 'person 5',
  deal_rename: 'deal 9',
  deal_person: 'deal 9',
  deal_company: 'deal 9',
  // Made by the service itself from an email: the reference says such changes fire nothing.
  person_from_email: null,
};

describe("the month bench's webhook events: relsync acts on each as on the service's", () => {
  it.each(ALL_KINDS.map((k) => [k]))('%s', (kind) => {
    const e = eventOf(change(kind), LIST);
    const want = NAMES[kind];
    if (want === null) {
      expect(e).toBeNull();
      return;
    }
    const parsed = parseDelivery(JSON.stringify({ type: e?.type, body: e?.body, sent_at: 1 }));
    if (parsed.status !== 'pending') throw new Error(`${kind}: ${parsed.status} ${parsed.reason}`);
    const h = parsed.hint;
    const named =
      h.listEntries.length > 0
        ? `entry ${h.listEntries.map((x) => x.id).join(',')}`
        : h.companies.length > 0
          ? `company ${h.companies.join(',')}`
          : h.persons.length > 0
            ? `person ${h.persons.join(',')}`
            : h.opportunities.length > 0
              ? `deal ${h.opportunities.join(',')}`
              : `entity ${h.entities.join(',')}`;
    expect(named).toBe(want);
    expect(h.deleted).toBe(kind === 'delete' || kind === 'person_delete' || kind === 'list_remove');
  });
});
