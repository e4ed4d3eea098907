import { addReplace, emptyBatch, type ColumnOf, type OwnerOf, type RowBatch, type RowOf } from '../load/schema/row-batch.ts';
import type { V1Organization, V1Person, V2Company, V2Field, V2Person } from '../extract/schemas/index.ts';
import { entityFieldValuesReplace, isTruncated, type FieldSelection } from './field-values.ts';
import { addOptionColours, fieldsOptionColours } from './option-colours.ts';
import { addUpdate, addUpsert, jsonArrayOrNull, rawJson, replaceSet, uniqueIds } from './rows.ts';

/**
 * Companies and persons (v2 pages and v1 reads) → `companies` / `persons` rows, their entity-level
 * field values, and the associations they carry (`company_persons`, `opportunity_*`).
 *
 * Associations: a COMPLETE id list replaces the owner's set (so a removed link disappears); a list that
 * may be cut short upstream (the v2 `companies`/`persons` fields stop at 100) is only upserted, never
 * replaced, so links beyond the cut survive until a single-record read supplies the full list. An
 * absent list (v1 searches omit the arrays, v2 without field selection) says nothing and changes nothing.
 */

/** v2 association field ids (docs/contract.md §5). */
export const COMPANIES_FIELD = 'companies';
export const PERSONS_FIELD = 'persons';

function fieldById(fields: readonly V2Field[] | null | undefined, id: string): V2Field | undefined {
  return fields?.find((f) => f.id === id);
}

/** Ids referenced by a person-multi / company-multi value (or a single person/company value). */
export function referencedIds(field: V2Field | undefined): number[] | null {
  if (!field) return null;
  const data: unknown = field.value.data;
  if (data === null || data === undefined) return [];
  const items = Array.isArray(data) ? data : [data];
  const ids: number[] = [];
  for (const it of items) {
    const id = (it as { id?: unknown } | null)?.id;
    if (typeof id === 'number') ids.push(id);
  }
  return uniqueIds(ids);
}

/** The association tables: two id columns, both in the key. */
export type AssociationTable = 'company_persons' | 'opportunity_persons' | 'opportunity_companies';

// Computed-key literals are typed `{ [x: string]: number }`; the casts below only restate that the keys
// are A's columns, which the parameters' types guarantee (an association row is two id columns).

/** One association row. */
function link<A extends AssociationTable>(ownerColumn: ColumnOf<A>, ownerId: number, otherColumn: ColumnOf<A>, id: number): RowOf<A> {
  return { [ownerColumn]: ownerId, [otherColumn]: id } as RowOf<A>;
}

/** The owner of an association set: its scope column alone. */
function ownerOf<A extends AssociationTable>(ownerColumn: ColumnOf<A>, ownerId: number): OwnerOf<A> {
  return { [ownerColumn]: ownerId } as OwnerOf<A>;
}

/**
 * Add an association: replace when complete, upsert when truncated, nothing when unknown.
 * `ownerColumn` is the scope (`company_id`, `person_id`, `opportunity_id`), `otherColumn` the linked id.
 */
export function addAssociation<A extends AssociationTable>(
  b: RowBatch,
  table: A,
  ownerColumn: ColumnOf<A>,
  ownerId: number,
  otherColumn: ColumnOf<A>,
  ids: readonly number[] | null | undefined,
  truncated = false,
): RowBatch {
  if (ids === null || ids === undefined) return b;
  const rows = uniqueIds(ids).map((id) => link<A>(ownerColumn, ownerId, otherColumn, id));
  if (truncated) return addUpsert(b, table, ...rows);
  return addReplace(b, replaceSet(table, [ownerColumn], [ownerOf<A>(ownerColumn, ownerId)], rows));
}

/**
 * What a record's association member says about its set: `absent` (the read did not carry it: nothing
 * is known, never "empty"), `cut` (at or past the cap: only added to), `complete` (replaces the set).
 */
export type AssociationState = 'absent' | 'cut' | 'complete';

/** The state of the `/v2` association field `id` (`persons` / `companies`) among a record's fields. */
export function v2AssociationState(fields: readonly V2Field[] | null | undefined, id: string): AssociationState {
  const f = fieldById(fields, id);
  if (!f) return 'absent';
  return isTruncated(f.value) ? 'cut' : 'complete';
}

/** `/v2/companies` item → companies row + entity-level field values + company_persons (from `persons`). */
export function v2CompanyRows(company: V2Company, raw?: unknown, opts: FieldSelection = {}): RowBatch {
  const b = emptyBatch();
  addUpsert(b, 'companies', {
    id: company.id,
    name: company.name,
    domain: company.domain ?? null,
    domains_json: jsonArrayOrNull(company.domains),
    is_global: company.isGlobal ?? null,
    _raw: rawJson(raw, company),
  });
  const fv = entityFieldValuesReplace(company.fields, { entityType: 'company', entityId: company.id }, opts);
  if (fv) b.replace.push(fv);
  addOptionColours(b, fieldsOptionColours(company.fields));
  const persons = fieldById(company.fields, PERSONS_FIELD);
  addAssociation(b, 'company_persons', 'company_id', company.id, 'person_id', referencedIds(persons), isTruncated(persons?.value));
  return b;
}

/** `/v2/persons` item → persons row + entity-level field values + company_persons (from `companies`). */
export function v2PersonRows(person: V2Person, raw?: unknown, opts: FieldSelection = {}): RowBatch {
  const b = emptyBatch();
  addUpsert(b, 'persons', {
    id: person.id,
    first_name: person.firstName ?? null,
    last_name: person.lastName ?? null,
    primary_email: person.primaryEmailAddress ?? null,
    emails_json: jsonArrayOrNull(person.emailAddresses),
    type: person.type ?? null,
    _raw: rawJson(raw, person),
  });
  const fv = entityFieldValuesReplace(person.fields, { entityType: 'person', entityId: person.id }, opts);
  if (fv) b.replace.push(fv);
  addOptionColours(b, fieldsOptionColours(person.fields));
  const companies = fieldById(person.fields, COMPANIES_FIELD);
  addAssociation(b, 'company_persons', 'person_id', person.id, 'company_id', referencedIds(companies), isTruncated(companies?.value));
  return b;
}

/**
 * v1 organization single read → its associations (`person_ids` → company_persons, `opportunity_ids` →
 * opportunity_companies, each replaced per company when present) and the name and domains it carries,
 * set on the company row the warehouse already holds (an update, never a new row: `_raw` and the field
 * values stay those of the last `/v2` read). A hot company's rename is then seen by its tier's read, not
 * only a whole entity sweep later.
 */
export function v1OrganizationRead(org: V1Organization): RowBatch {
  const b = emptyBatch();
  const domains = org.domains === undefined ? undefined : jsonArrayOrNull(org.domains);
  addUpdate(b, 'companies', { id: org.id, name: org.name, domain: org.domain, domains_json: domains, is_global: org.global });
  addAssociation(b, 'company_persons', 'company_id', org.id, 'person_id', org.person_ids);
  addAssociation(b, 'opportunity_companies', 'company_id', org.id, 'opportunity_id', org.opportunity_ids);
  return b;
}

/**
 * v1 person single read → `organization_ids` → company_persons, `opportunity_ids` → opportunity_persons,
 * and the names and addresses it carries on the person row already held (as v1OrganizationRead).
 */
export function v1PersonRead(person: V1Person): RowBatch {
  const b = emptyBatch();
  const emails = person.emails === undefined ? undefined : jsonArrayOrNull(person.emails);
  addUpdate(b, 'persons', {
    id: person.id,
    first_name: person.first_name,
    last_name: person.last_name,
    primary_email: person.primary_email,
    emails_json: emails,
  });
  addAssociation(b, 'company_persons', 'person_id', person.id, 'company_id', person.organization_ids);
  addAssociation(b, 'opportunity_persons', 'person_id', person.id, 'opportunity_id', person.opportunity_ids);
  return b;
}
