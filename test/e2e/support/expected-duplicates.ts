/**
 * Duplicate suggestions from the store's plain data, by the rule the simulator states for its own data
 * (packages/simulator/src/routes/routes-v2-misc.ts): a company named "X 2" whose twin 600 ids earlier is named "X"; two
 * persons with consecutive ids and the same first and last name. Ids ascending in each pair.
 */
import type { SimStore } from '@relsync/simulator';
import type { TableExpectation } from './expect-types.ts';

export function duplicatesExpectation(store: SimStore): TableExpectation {
  const rows: Array<Record<string, string | number>> = [];
  for (const c of store.companies.values()) {
    const m = /^(.*) (\d+)$/.exec(c.name);
    const twin = store.companies.get(c.id - 600);
    if (m?.[2] === '2' && twin && twin.name === m[1]) rows.push({ entity_type: 'company', first_id: twin.id, second_id: c.id, confidence: 'medium' });
  }
  for (const p of store.persons.values()) {
    const q = store.persons.get(p.id + 1);
    if (q && p.firstName === q.firstName && p.lastName === q.lastName) rows.push({ entity_type: 'person', first_id: p.id, second_id: q.id, confidence: 'low' });
  }
  return { table: 'duplicate_suggestions', key: ['entity_type', 'first_id', 'second_id'], columns: ['confidence'], rows };
}
