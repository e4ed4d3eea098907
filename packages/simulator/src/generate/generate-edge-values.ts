/**
 * The edge-value profile (`edgeValues`): values the service's documents allow that the generated tenant
 * never holds otherwise, so relsync meets them in every sync that turns the profile on. In the store: list
 * entries created in the early years 0000–0099, and at midnight exactly (the wire then names that instant
 * as the leap second before it, render/edge-values.ts), and companies whose optional `domain` is an empty
 * string (not null: both documents only say the member is an optional string); lowercase `t`/`z`
 * separators are a wire form only. Deterministic: every EDGE_EVERY-th record by id.
 */
import type { SimStore } from '../store/store.ts';

const EDGE_EVERY = 5;

/** `YYYY-…` → `00YY-…` (year 0000 would leave the range under a negative offset: 0004 instead, a leap year as 2000 was). */
function earlyYear(iso: string): string {
  const yy = iso.slice(2, 4);
  return `00${yy === '00' ? '04' : yy}${iso.slice(4)}`;
}

export function applyEdgeValues(store: SimStore): void {
  const companies = [...store.companies.values()].filter((c) => !c.isGlobal && c.domain !== null).sort((a, b) => a.id - b.id);
  companies.forEach((c, i) => {
    if (i % EDGE_EVERY === 0) c.domain = '';
  });
  const ids = [...store.listEntries.keys()].sort((a, b) => a - b);
  ids.forEach((id, i) => {
    const e = store.listEntries.get(id);
    if (!e || i % EDGE_EVERY !== 0) return;
    e.createdAt = (i / EDGE_EVERY) % 2 === 0 ? `${e.createdAt.slice(0, 10)}T00:00:00.000Z` : earlyYear(e.createdAt);
  });
}
