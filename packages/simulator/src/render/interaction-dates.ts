/**
 * Older-interface `interaction_dates` / `interactions` members (with_interaction_dates=true), derived from the
 * interactions a person takes part in (for an organization: any of its persons). "Now" is the store clock.
 */
import type { SimStore } from '../store/store.ts';
import type { InteractionKind } from '../store/store-types.ts';
import { v1Date } from './render-v1.ts';

interface Hit {
  date: number;
  id: number;
  kind: InteractionKind;
  persons: number[];
}

const index = new WeakMap<SimStore, { size: number; byPerson: Map<number, Hit[]> }>();

function hitsOf(store: SimStore, personIds: number[]): Hit[] {
  let idx = index.get(store);
  if (!idx || idx.size !== store.interactions.size) {
    const byPerson = new Map<number, Hit[]>();
    for (const it of store.interactions.values()) {
      const persons = [...new Set([...it.personIds, ...it.ccPersonIds, ...(it.fromPersonId === null ? [] : [it.fromPersonId])])];
      const hit = { date: Date.parse(it.date), id: it.id, kind: it.kind, persons };
      for (const p of persons) {
        const arr = byPerson.get(p) ?? [];
        arr.push(hit);
        byPerson.set(p, arr);
      }
    }
    idx = { size: store.interactions.size, byPerson };
    index.set(store, idx);
  }
  const out = new Map<number, Hit>();
  for (const p of personIds) for (const h of idx.byPerson.get(p) ?? []) out.set(h.id, h);
  return [...out.values()];
}

/** Returns null when there are no interactions (search then drops the record, as the service does). */
export function interactionMembers(store: SimStore, personIds: number[], withPersons: boolean, salt: number): Record<string, unknown> | null {
  const hits = hitsOf(store, personIds);
  if (hits.length === 0) return null;
  const now = store.clock();
  const pick = (kinds: InteractionKind[], which: 'first' | 'last' | 'next') => {
    const c = hits.filter((h) => kinds.includes(h.kind) && (which === 'next' ? h.date > now : h.date <= now));
    if (c.length === 0) return null;
    return c.reduce((a, b) => ((which === 'last' ? b.date > a.date : b.date < a.date) ? b : a));
  };
  const slots: Array<[string, InteractionKind[], 'first' | 'last' | 'next']> = [
    ['first_email', ['email'], 'first'],
    ['last_email', ['email'], 'last'],
    ['first_event', ['meeting'], 'first'],
    ['last_event', ['meeting'], 'last'],
    ['next_event', ['meeting'], 'next'],
    ['last_chat_message', ['chat-message'], 'last'],
    ['last_interaction', ['email', 'meeting', 'call', 'chat-message'], 'last'],
  ];
  const dates: Record<string, string | null> = {};
  const details: Record<string, unknown> = {};
  for (const [name, kinds, which] of slots) {
    const h = pick(kinds, which);
    const date = h ? v1Date(new Date(h.date).toISOString(), salt) : null;
    dates[`${name}_date`] = date;
    details[name] = h ? (withPersons ? { date, person_ids: h.persons } : { date }) : null;
  }
  return { interaction_dates: dates, interactions: details };
}
