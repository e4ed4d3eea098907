/**
 * Prices before the first sync, from what a few counting calls told (budget/count-service.ts) instead of
 * from the warehouse's runs. Pure arithmetic. Each price says what it rests on: `counted` (exact counts),
 * `at least` (a count that stopped at its cap, or a stream priced from one), `not counted` (neither
 * document offers a cheap count: priced at one call per pass or per run, the least it can cost, never 0).
 */
import { V1_SEARCH_PAGE, V2_PAGE } from '../extract/limits.ts';
import type { StreamCost } from './month-plan.ts';

/** A count from the service: `exact` false means "at least n" (the counting stopped at its cap). */
export interface Count {
  n: number;
  exact: boolean;
}

export type ListKind = 'company' | 'person' | 'opportunity';

export interface ServiceCounts {
  /** Every list (`GET /lists`), with its size where the service gave one. */
  lists: Array<{ id: number; kind: ListKind | null; size: Count | null }>;
  companies: Count | null;
  persons: Count | null;
  /** Opportunities: the sizes of the opportunity lists (each opportunity is on exactly one list). */
  opportunities: Count | null;
  /** Notes (`/v2/notes?totalCount=true`), where the answer carried `pagination.totalCount`. */
  notes: Count | null;
  /** Whether the older opportunity search carries `person_ids` / `organization_ids` (null: not asked). */
  opportunitySearchArrays: boolean | null;
}

export type Basis = NonNullable<StreamCost['basis']>;

export interface CountedCost extends StreamCost {
  basis: Basis;
}

/** How a stream is read, as the plan prices it. */
export type CountedKind = 'periodic' | 'feed' | 'between' | 'change-marks' | 'link-reads';

export interface CountedStream {
  name: string;
  kind: CountedKind;
  /** The stream's period (its group's for link reads); 0 for every-run work. */
  periodMs: number;
}

interface Estimate {
  calls: number;
  basis: Basis;
}

const pages = (n: number, per: number) => Math.max(1, Math.ceil(n / per));

function of(count: Count | null, f: (n: number) => number): Estimate | null {
  return count === null ? null : { calls: f(count.n), basis: count.exact ? 'counted' : 'at least' };
}

/** The weaker of several bases: one `at least` input makes the sum a lower bound. */
function sum(parts: ReadonlyArray<Estimate | null>): Estimate | null {
  if (parts.some((p) => p === null)) return null;
  const ps = parts as Estimate[];
  return { calls: ps.reduce((n, p) => n + p.calls, 0), basis: ps.every((p) => p.basis === 'counted') ? 'counted' : 'at least' };
}

/** company↔person sets: the smaller side read whole, one older single read each (planner/associations.ts). */
function linkSide(c: ServiceCounts): { side: 'company' | 'person'; est: Estimate | null } {
  if (c.companies === null || c.persons === null) return { side: 'company', est: null };
  const side = c.companies.n <= c.persons.n ? 'company' : 'person';
  const smaller = side === 'company' ? c.companies : c.persons;
  // A smaller side known only as "at least" may be the larger one: the price is then a lower bound.
  const exact = c.companies.exact && c.persons.exact;
  return { side, est: { calls: smaller.n, basis: exact ? 'counted' : 'at least' } };
}

const LIST_COUNT = (c: ServiceCounts): Count => ({ n: c.lists.length, exact: true });

/** What one pass of a stream costs, from the counts; null when no count bears on it. */
const PASS: Record<string, (c: ServiceCounts) => Estimate | null> = {
  companies: (c) => of(c.companies, (n) => pages(n, V2_PAGE)),
  persons: (c) => of(c.persons, (n) => pages(n, V2_PAGE)),
  opportunities: (c) => of(c.opportunities, (n) => pages(n, V2_PAGE)),
  opportunity_associations: (c) => of(c.opportunities, (n) => pages(n, V1_SEARCH_PAGE)),
  list_entries: (c) => sum(c.lists.map((l) => of(l.size, (n) => pages(n, V2_PAGE)))),
  lists: (c) => of(LIST_COUNT(c), (n) => pages(n, V2_PAGE)),
  // Bare arrays, never paged (docs/contract.md §4): one call whatever their size.
  lists_v1: () => ({ calls: 1, basis: 'counted' }),
  fields_v1: () => ({ calls: 1, basis: 'counted' }),
  // Companies' and persons' field lists, then one per list.
  fields: (c) => of(LIST_COUNT(c), (n) => n + 2),
  saved_views: (c) => of(LIST_COUNT(c), (n) => n),
  notes: (c) => of(c.notes, (n) => pages(n, V1_SEARCH_PAGE)),
  company_persons_full: (c) => {
    const { side, est } = linkSide(c);
    return side === 'company' ? est : { calls: 0, basis: est?.basis ?? 'counted' };
  },
  person_companies_full: (c) => {
    const { side, est } = linkSide(c);
    return side === 'person' ? est : { calls: 0, basis: est?.basis ?? 'counted' };
  },
  // Without the arrays on the search (absent is not empty) every opportunity needs its single read.
  opportunity_associations_full: (c) =>
    c.opportunitySearchArrays === false ? of(c.opportunities, (n) => n) : c.opportunitySearchArrays === true ? { calls: 0, basis: 'at least' } : null,
};

/**
 * Each stream's steady-state price and the first full sync's: periodic streams cost a pass per period,
 * link reads a pass per their group's period, feeds one call a run (what an idle feed costs), change-mark
 * re-reads nothing until something changes (then one call per changed record or batch). The first sync
 * reads one pass of everything and one page of every feed.
 */
export function countedCosts(streams: readonly CountedStream[], counts: ServiceCounts): { costs: CountedCost[]; firstSync: Estimate } {
  const costs: CountedCost[] = [];
  let first = 0;
  let firstExact = true;
  for (const s of streams) {
    const est = PASS[s.name]?.(counts) ?? null;
    const pass: Estimate = est ?? { calls: 1, basis: 'not counted' };
    if (s.kind === 'periodic' || s.kind === 'link-reads') {
      costs.push({ name: s.name, kind: 'periodic', calls: pass.calls, periodMs: s.periodMs, basis: pass.basis });
      first += pass.calls;
      firstExact &&= pass.basis === 'counted';
    } else {
      // An idle feed asks once a run; a change-mark re-read asks only for what changed.
      const calls = s.kind === 'change-marks' ? 0 : 1;
      costs.push({ name: s.name, kind: 'every-run', calls, periodMs: 0, basis: 'at least' });
      // A feed's first read pages its whole history (the change log), which no call counts.
      if (s.kind === 'feed') {
        first += 1;
        firstExact = false;
      }
    }
  }
  return { costs, firstSync: { calls: first, basis: firstExact ? 'counted' : 'at least' } };
}
