/**
 * The `/v2` read form of stored values, written for the oracle from the reference (docs/contract.md §7.6 field
 * values, §7.9 change values) and the store's plain records, WITHOUT the simulator's renderers: the
 * expected warehouse must not be rendered by code whose assumptions relsync may share.
 *
 * Store values are in the write form (`store-types.ts`): references hold ids only. Each element either
 * resolves (a live record, a known option) or is dropped, as the service drops what it cannot show.
 */
import { isDeepStrictEqual } from 'node:util';
import { DROPDOWN_COLORS, type SimField, type SimInteraction, type SimStore } from '@relsync/simulator';
import { Satisfies } from './expect-types.ts';
import type { Cell } from './norm.ts';

/** docs/contract.md §7.6 `person`: `{id, firstName, lastName, primaryEmailAddress, type}`; a merged id reads as its survivor. */
export function personWire(store: SimStore, id: number): Record<string, Cell> | null {
  const p = store.persons.get(store.resolveMerged('person', id));
  return p ? { id: p.id, firstName: p.firstName, lastName: p.lastName, primaryEmailAddress: p.primaryEmailAddress, type: p.type } : null;
}

/** docs/contract.md §7.6 `company`: `{id, name, domain}`. */
export function companyWire(store: SimStore, id: number): Record<string, Cell> | null {
  const c = store.companies.get(store.resolveMerged('company', id));
  return c ? { id: c.id, name: c.name, domain: c.domain } : null;
}

/** docs/contract.md §7.6 `Attendee` = `{emailAddress|null, person: PersonData|null}`: the address recorded for the id, the person after merges. */
function attendeeWire(store: SimStore, personId: number | null, email?: string): Record<string, Cell> {
  const recorded = personId === null ? undefined : store.persons.get(personId);
  return { emailAddress: recorded?.primaryEmailAddress ?? email ?? null, person: personId === null ? null : personWire(store, personId) };
}

/** docs/contract.md §7.6 interaction objects, by kind (store-types.ts: `personIds` are an email's "to", others' attendees). */
function interactionWire(store: SimStore, it: SimInteraction): Record<string, Cell> {
  const people = (ids: number[]) => ids.map((id) => attendeeWire(store, id));
  if (it.kind === 'email') {
    return {
      type: 'email',
      id: it.id,
      subject: it.title,
      sentAt: it.date,
      from: attendeeWire(store, it.fromPersonId),
      to: [...people(it.personIds), ...it.externalEmails.map((e) => attendeeWire(store, null, e))],
      cc: people(it.ccPersonIds),
    };
  }
  if (it.kind === 'meeting')
    return { type: 'meeting', id: it.id, title: it.title, allDay: it.allDay, startTime: it.date, endTime: it.endTime, attendees: people(it.personIds) };
  if (it.kind === 'call') return { type: 'call', id: it.id, startTime: it.date, attendees: people(it.personIds) };
  return {
    type: 'chat-message',
    id: it.id,
    direction: it.direction,
    sentAt: it.date,
    manualCreator: personWire(store, it.creatorId ?? it.personIds[0] ?? 0),
    participants: it.personIds.map((id) => personWire(store, id)).filter((p) => p !== null),
  };
}

/**
 * One element of a stored value in the `/v2` read form; null when the service would drop it. A `note`
 * element is the whole note record, which the oracle does not rebuild: it is checked by id and content.
 */
export function elementWire(store: SimStore, f: SimField, base: string, el: unknown): Cell | null {
  const d = el as Record<string, unknown>;
  switch (base) {
    case 'dropdown':
    case 'ranked-dropdown': {
      const o = store.options(f).find((x) => x.id === d.dropdownOptionId);
      if (!o) return null;
      return base === 'ranked-dropdown'
        ? { dropdownOptionId: o.id, text: o.text, rank: o.rank, color: DROPDOWN_COLORS[o.color] ?? 'gray' }
        : { dropdownOptionId: o.id, text: o.text };
    }
    case 'person':
      return personWire(store, d.id as number);
    case 'company':
      return companyWire(store, d.id as number);
    case 'interaction': {
      const it = store.interactions.get(d.id as number);
      return it ? interactionWire(store, it) : null;
    }
    case 'note': {
      const n = store.notes.get(d.id as number);
      if (!n) return null;
      return new Satisfies(
        `the note ${n.id} record`,
        (a) => (a as { id?: unknown } | null)?.id === n.id && (a as { content?: { html?: unknown } }).content?.html === n.contentHtml,
      );
    }
    case 'reminder': {
      const r = store.reminders.get(d.id as number);
      return r ? { id: r.id, type: r.type, content: r.content, dueDate: r.dueDate, createdAt: r.createdAt } : null;
    }
    case 'list': {
      // docs/contract.md §7.6 `list-multi`: `[{id, name, type, entityCount}]`.
      const l = store.lists.get(d.id as number);
      return l ? { id: l.id, name: l.name, type: l.type, entityCount: store.entriesByList.get(l.id)?.length ?? 0 } : null;
    }
    default:
      return el as Cell;
  }
}

/**
 * A change row's `value_json`: the log's `value` (docs/contract.md §7.9) in the shape `field_values` gives the
 * same value. Reference types arrive as `{"referenceType": "entity", …}` (stored without the marker, as
 * the element a read gives) or `{"referenceType": "deleted-entity", "displayValue": "…"}` (kept as is:
 * no record shape); numbers, text, datetimes and locations as they are. A change row is history: relsync
 * keeps it as first read (the log is followed, never re-read), so a reference to a record renamed, merged
 * away or deleted since may still read as the entity it was then: same id, same members, older names.
 */
export function changeValueWire(store: SimStore, f: SimField, data: unknown): Cell {
  const base = f.valueType.replace(/-multi$/, '');
  const d = data as Record<string, unknown>;
  const deleted = new Satisfies('a deleted-entity reference', (a) => (a as { referenceType?: unknown } | null)?.referenceType === 'deleted-entity');
  if (base === 'person' || base === 'company') {
    const id = d.id as number;
    const wire = base === 'person' ? personWire(store, id) : companyWire(store, id);
    const members = wire ? Object.keys(wire).sort().join(',') : '';
    return new Satisfies(`${wire ? JSON.stringify(wire) : 'a deleted-entity reference'}, or ${base} ${id} as first read`, (a) => {
      if (wire !== null && isDeepStrictEqual(a, wire)) return true;
      const v = a as { referenceType?: unknown; id?: unknown } | null;
      if (v !== null && typeof v === 'object' && v.referenceType === undefined)
        return v.id === id && (wire === null || Object.keys(v).sort().join(',') === members);
      return wire === null && v?.referenceType === 'deleted-entity';
    });
  }
  if (base === 'dropdown' || base === 'ranked-dropdown') return elementWire(store, f, base, d) ?? deleted;
  return data as Cell;
}
