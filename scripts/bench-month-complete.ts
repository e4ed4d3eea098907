/**
 * When the records that matter were complete in a warehouse after its first sync (issue 34, "large, first 3 days"),
 * judged on the simulator's data alone, never on relsync's tiers or bookkeeping: a company (person) relevant by the
 * truth at the start (bench-month-truth.ts) is complete when its row is live and its company↔person rows are exactly
 * the service's set. Records deleted since, or named by a change the bench made since, are left out (their changes
 * are judged one by one). Checked after each scheduled (hourly) run.
 */
import type { Db } from '../src/load/db.ts';
import type { SimStore } from '@relsync/simulator';
import { truthReasons } from './bench-month-truth.ts';

export interface Completion {
  companies: number[];
  persons: number[];
  /** Records named by a change since the start. */
  touched: Set<string>;
  /** The end of the first run after which every one was complete (null: not yet). */
  doneAt: number | null;
  /** Complete after the last check, of those checked. */
  last: { companies: [number, number]; persons: [number, number] };
}

export function startCompletion(store: SimStore, now: number, windowMs: number): Completion {
  return {
    companies: [...truthReasons(store, 'company', now, windowMs).keys()],
    persons: [...truthReasons(store, 'person', now, windowMs).keys()],
    touched: new Set(),
    doneAt: null,
    last: { companies: [0, 0], persons: [0, 0] },
  };
}

/** Leave out the records a change names (its company, person, merge survivor). */
export function touch(c: Completion, change: { company: number; person?: number; survivor?: number }): void {
  c.touched.add(`company:${change.company}`);
  if (change.survivor !== undefined) c.touched.add(`company:${change.survivor}`);
  if (change.person !== undefined) c.touched.add(`person:${change.person}`);
}

const chunks = <T>(xs: T[]): T[][] => Array.from({ length: Math.ceil(xs.length / 500) }, (_, i) => xs.slice(i * 500, i * 500 + 500));
const sameSet = (a: ReadonlySet<number>, b: readonly number[]) => a.size === new Set(b).size && b.every((x) => a.has(x));

/** How many of `ids` are live in `table` with exactly the service's set of the other side. */
async function completeOf(db: Db, side: 'company' | 'person', ids: number[], truthSet: (id: number) => readonly number[]): Promise<number> {
  const [table, own, other] = side === 'company' ? (['companies', 'company_id', 'person_id'] as const) : (['persons', 'person_id', 'company_id'] as const);
  let done = 0;
  for (const chunk of chunks(ids)) {
    const live = new Set(
      (await db.kysely.selectFrom(table).select('id').where('id', 'in', chunk).where('_deleted_at', 'is', null).execute()).map((r) => Number(r.id)),
    );
    const links = new Map<number, Set<number>>();
    for (const r of await db.kysely.selectFrom('company_persons').select(['company_id', 'person_id']).where(own, 'in', chunk).execute()) {
      const id = Number(r[own]);
      links.set(id, (links.get(id) ?? new Set()).add(Number(r[other])));
    }
    for (const id of chunk) if (live.has(id) && sameSet(links.get(id) ?? new Set(), truthSet(id))) done += 1;
  }
  return done;
}

/** Check after a run that ended at `at`; a design already complete is not checked again. */
export async function checkCompletion(db: Db, store: SimStore, c: Completion, at: number): Promise<void> {
  if (c.doneAt !== null) return;
  const companies = c.companies.filter((id) => store.companies.has(id) && !c.touched.has(`company:${id}`));
  const persons = c.persons.filter((id) => store.persons.has(id) && !c.touched.has(`person:${id}`));
  const doneCompanies = await completeOf(db, 'company', companies, (id) => store.companies.get(id)?.personIds ?? []);
  const donePersons = await completeOf(db, 'person', persons, (id) => store.persons.get(id)?.companyIds ?? []);
  c.last = { companies: [doneCompanies, companies.length], persons: [donePersons, persons.length] };
  if (doneCompanies === companies.length && donePersons === persons.length) c.doneAt = at;
}

/** One line: when the relevant records were complete, or how far they were at the end. */
export function completionLine(label: string, c: Completion, firstRunAt: number): string {
  const [dc, nc] = c.last.companies;
  const [dp, np] = c.last.persons;
  const of = `${nc} companies, ${np} persons relevant at the start and untouched since`;
  if (c.doneAt !== null) return `${label}: relevant records complete ${((c.doneAt - firstRunAt) / 3_600_000).toFixed(1)} h after the first run began (${of})`;
  return `${label}: relevant records NOT complete at the end: ${dc} of ${nc} companies, ${dp} of ${np} persons`;
}
