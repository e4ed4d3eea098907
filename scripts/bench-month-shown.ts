/**
 * Whether a warehouse shows a change of the month bench (bench-month-changes.ts), judged from the tables an
 * analyst reads (companies, persons, company_persons, list_entries, field_values, opportunities and their
 * links), never from relsync's own bookkeeping. A removal is judged with the simulator's request log too: a
 * set that was never read shows no link, which is no evidence of seeing a link's removal (issue 34).
 */
import { sql } from 'kysely';
import type { Db } from '../src/load/db.ts';
import type { SimRequest } from '@relsync/simulator';
import type { Change } from './bench-month-kinds.ts';

/**
 * The rows `isShown` needs. Keys: `companyId`, `personId`, `opportunityId`, `company:person`,
 * `opportunity:member` (`p` or `c` before the member id), `field:entry:value` (entry 0: the company's own).
 */
export interface WarehouseView {
  companies: Map<number, { name: string | null; live: boolean; mergedInto: number | null }>;
  persons: Map<number, { name: string; live: boolean }>;
  opportunities: Map<number, { name: string | null }>;
  links: Set<string>;
  dealMembers: Set<string>;
  entries: Set<number>;
  values: Set<string>;
  /** When relsync last asked the service for a company's (`company:id`) or person's (`person:id`) whole link set. */
  readAt: Map<string, number>;
}

/**
 * When a warehouse shows a change:
 * - link added: the company_persons row; removed: no row, and the company's or the person's set requested after
 *   the change (the request log), or the company no longer live;
 * - rename (company, person, deal): the row has the new name; person's name is first and last name joined;
 * - delete, merge: the company's or person's row is no longer live (the merged company's row may say where to);
 * - new company or person, one the service made from an email: a live row with its id;
 * - list entry added: a live list_entries row; removed: none live;
 * - field value (the company's, a list entry's tracked or not): the field_values row holds the value;
 * - a deal's new person or company: the opportunity_persons / opportunity_companies row.
 */
export function isShown(c: Change, v: WarehouseView): boolean {
  const company = v.companies.get(c.company);
  const person = v.persons.get(c.person ?? -1);
  const after = (key: string) => (v.readAt.get(key) ?? -Infinity) >= c.at;
  switch (c.kind) {
    case 'link_add':
      return v.links.has(`${c.company}:${c.person}`);
    case 'link_remove':
      return !v.links.has(`${c.company}:${c.person}`) && (company?.live === false || after(`company:${c.company}`) || after(`person:${c.person}`));
    case 'rename':
    case 'company_new':
      return company?.live === true && company.name === c.name;
    case 'delete':
    case 'merge':
      return company !== undefined && !company.live;
    case 'person_rename':
      return person?.live === true && person.name === c.name;
    case 'person_delete':
      return person !== undefined && !person.live;
    case 'person_new':
    case 'person_from_email':
      return person?.live === true;
    case 'list':
      return v.entries.has(c.entry ?? -1);
    case 'list_remove':
      return !v.entries.has(c.entry ?? -1);
    case 'field':
      return v.values.has(`${c.field}:${c.company}:0:${c.value}`);
    case 'entry_field':
    case 'entry_field_untracked':
      return v.values.has(`${c.field}:${c.company}:${c.entry}:${c.value}`);
    case 'deal_rename':
      return v.opportunities.get(c.opportunity ?? -1)?.name === c.name;
    case 'deal_person':
      return v.dealMembers.has(`${c.opportunity}:p${c.person}`);
    case 'deal_company':
      return v.dealMembers.has(`${c.opportunity}:c${c.company}`);
  }
}

/**
 * The simulator's request log (SimStats.log) folded into when each link set was last requested: the service's
 * single reads (`GET /organizations/{id}`, `GET /persons/{id}`) carry a record's set whole (docs/contract.md
 * §S3); the reference contract's `/v2` company and person reads carry none.
 */
export function foldReads(readAt: Map<string, number>, log: readonly SimRequest[]): void {
  for (const r of log) {
    if (r.status !== 200 || r.params.id === undefined) continue;
    const side = r.route === 'GET /organizations/{id}' ? 'company' : r.route === 'GET /persons/{id}' ? 'person' : null;
    if (side !== null) readAt.set(`${side}:${Number(r.params.id)}`, Math.max(r.at, readAt.get(`${side}:${r.params.id}`) ?? -Infinity));
  }
}

const chunks = <T>(xs: T[]): T[][] => Array.from({ length: Math.ceil(xs.length / 500) }, (_, i) => xs.slice(i * 500, i * 500 + 500));
const ids = (xs: Array<number | undefined>) => [...new Set(xs.filter((x): x is number => x !== undefined && x !== 0))];

/** The warehouse rows the pending changes name. */
async function viewOf(db: Db, pending: readonly Change[], readAt: Map<string, number>): Promise<WarehouseView> {
  const k = db.kysely;
  const v: WarehouseView = {
    companies: new Map(),
    persons: new Map(),
    opportunities: new Map(),
    links: new Set(),
    dealMembers: new Set(),
    entries: new Set(),
    values: new Set(),
    readAt,
  };
  for (const chunk of chunks(ids(pending.map((c) => c.company)))) {
    for (const r of await k.selectFrom('companies').select(['id', 'name', '_deleted_at', 'merged_into_id']).where('id', 'in', chunk).execute())
      v.companies.set(Number(r.id), { name: r.name, live: r._deleted_at === null, mergedInto: r.merged_into_id === null ? null : Number(r.merged_into_id) });
    for (const r of await k.selectFrom('company_persons').select(['company_id', 'person_id']).where('company_id', 'in', chunk).execute())
      v.links.add(`${Number(r.company_id)}:${Number(r.person_id)}`);
    for (const r of await k.selectFrom('list_entries').select('id').where('entity_id', 'in', chunk).where('_deleted_at', 'is', null).execute())
      v.entries.add(Number(r.id));
    const fv = await sql<{
      field_id: string;
      entity_id: number | string;
      list_entry_id: number | string;
      value_number: number | null;
      value_text: string | null;
    }>`
      select field_id, entity_id, list_entry_id, value_number, value_text from field_values
      where entity_type = 'company' and entity_id in (${sql.join(chunk)})`.execute(k);
    for (const r of fv.rows) v.values.add(`${r.field_id}:${Number(r.entity_id)}:${Number(r.list_entry_id)}:${r.value_number ?? r.value_text}`);
  }
  for (const chunk of chunks(ids(pending.map((c) => c.person))))
    for (const r of await k.selectFrom('persons').select(['id', 'first_name', 'last_name', '_deleted_at']).where('id', 'in', chunk).execute())
      v.persons.set(Number(r.id), { name: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim(), live: r._deleted_at === null });
  for (const chunk of chunks(ids(pending.map((c) => c.opportunity)))) {
    for (const r of await k.selectFrom('opportunities').select(['id', 'name']).where('id', 'in', chunk).where('_deleted_at', 'is', null).execute())
      v.opportunities.set(Number(r.id), { name: r.name });
    for (const r of await k.selectFrom('opportunity_persons').select(['opportunity_id', 'person_id']).where('opportunity_id', 'in', chunk).execute())
      v.dealMembers.add(`${Number(r.opportunity_id)}:p${Number(r.person_id)}`);
    for (const r of await k.selectFrom('opportunity_companies').select(['opportunity_id', 'company_id']).where('opportunity_id', 'in', chunk).execute())
      v.dealMembers.add(`${Number(r.opportunity_id)}:c${Number(r.company_id)}`);
  }
  return v;
}

/** The changes of `pending` the warehouse shows now (isShown); `readAt`: when relsync last requested each link set (foldReads). */
export async function shown(db: Db, pending: readonly Change[], readAt: Map<string, number>): Promise<Set<Change>> {
  if (pending.length === 0) return new Set();
  const view = await viewOf(db, pending, readAt);
  return new Set(pending.filter((c) => isShown(c, view)));
}
