import { emptyBatch, type RowBatch } from '../load/schema/row-batch.ts';
import type { V1ListEntry, V1Opportunity, V2Opportunity, V2OpportunityListEntry } from '../extract/schemas/index.ts';
import { COMPANIES_FIELD, PERSONS_FIELD, addAssociation, referencedIds } from './entities.ts';
import { isTruncated, listEntryFieldValuesReplace } from './field-values.ts';
import { addOptionColours, fieldsOptionColours } from './option-colours.ts';
import { addUpsert, toJson } from './rows.ts';
import { normalizeTimestamp } from './timestamps.ts';

/**
 * The three-source opportunity join (docs/sync.md, "Where each capability comes from"): `/v2/opportunities` may return a partial record
 * (`{id, name, listId}` or less); the opportunity's list entry carries its list, creation data and
 * list field values (plus the `persons`/`companies` association fields, cut at 100); the v1 read
 * carries the complete `person_ids` / `organization_ids`. Each source is optional.
 *
 * Precedence: list entry > v2 > v1 for scalar columns (the entry is the fullest /v2 read); v1 arrays >
 * list-entry association fields for associations (v1 is complete; a truncated field is only upserted).
 * A column no source knows is left out of the row, so the loader keeps what an earlier read stored.
 */
export interface OpportunitySources {
  v2?: V2Opportunity;
  listEntry?: V2OpportunityListEntry;
  v1?: Partial<Pick<V1Opportunity, 'id' | 'name' | 'list_entries'>> & Pick<V1Opportunity, 'person_ids' | 'organization_ids'>;
  /** The records as received, for `_raw` (default: the validated records). */
  raw?: { v2?: unknown; listEntry?: unknown; v1?: unknown };
  /** The list-entry read selected fields (see FieldSelection): an empty `fields` then means "none". */
  fieldsRequested?: boolean;
}

/** The id every given source agrees on; disagreeing sources are a caller bug, not data to guess at. */
function opportunityId(s: OpportunitySources): number {
  const ids = [s.listEntry?.entity.id, s.v2?.id, s.v1?.id].filter((x): x is number => typeof x === 'number');
  const first = ids[0];
  if (first === undefined) throw new Error('joinOpportunity: no source carries an opportunity id');
  if (ids.some((x) => x !== first)) {
    throw new Error(`joinOpportunity: sources disagree on the opportunity id (${ids.join(', ')})`);
  }
  return first;
}

/** The v1 list entry for this opportunity (an opportunity lives on exactly one list). */
function v1Entry(s: OpportunitySources): V1ListEntry | undefined {
  return s.v1?.list_entries?.[0] ?? undefined;
}

/** Pick the first defined value (null counts: a source saying "none" is an answer). */
function pick<T>(...vals: Array<T | null | undefined>): T | null | undefined {
  for (const v of vals) if (v !== undefined) return v;
  return undefined;
}

export function joinOpportunity(s: OpportunitySources): RowBatch {
  const id = opportunityId(s);
  const le = s.listEntry;
  const v1e = v1Entry(s);
  const b = emptyBatch();

  const createdAt = pick(le?.createdAt, v1e?.created_at);
  const raw: Record<string, unknown> = {};
  if (s.v2) raw.v2 = s.raw?.v2 ?? s.v2;
  if (le) raw.list_entry = s.raw?.listEntry ?? le;
  if (s.v1) raw.v1 = s.raw?.v1 ?? s.v1;

  addUpsert(b, 'opportunities', {
    id,
    name: pick(le?.entity.name, s.v2?.name, s.v1?.name),
    list_id: pick(le?.listId, le?.entity.listId, s.v2?.listId, v1e?.list_id),
    list_entry_id: pick(le?.id, v1e?.id),
    created_at: createdAt === undefined ? undefined : normalizeTimestamp(createdAt),
    creator_id: pick(le?.creatorId, v1e?.creator_id),
    _raw: toJson(raw),
  });

  if (le) {
    addUpsert(b, 'list_entries', {
      id: le.id,
      list_id: le.listId,
      entity_type: 'opportunity',
      entity_id: id,
      created_at: normalizeTimestamp(le.createdAt),
      creator_id: le.creatorId ?? null,
      _raw: toJson(s.raw?.listEntry ?? le),
    });
    const fv = listEntryFieldValuesReplace(
      le.entity.fields,
      {
        entityType: 'opportunity',
        entityId: id,
        listEntryId: le.id,
        listId: le.listId,
      },
      { fieldsRequested: s.fieldsRequested ?? false },
    );
    if (fv) b.replace.push(fv);
    addOptionColours(b, fieldsOptionColours(le.entity.fields));
  }

  // Associations: complete v1 arrays win; otherwise the entry's association fields (maybe truncated).
  const fields = le?.entity.fields;
  const personsField = fields?.find((f) => f.id === PERSONS_FIELD);
  const companiesField = fields?.find((f) => f.id === COMPANIES_FIELD);
  if (s.v1?.person_ids != null) {
    addAssociation(b, 'opportunity_persons', 'opportunity_id', id, 'person_id', s.v1.person_ids);
  } else {
    addAssociation(b, 'opportunity_persons', 'opportunity_id', id, 'person_id', referencedIds(personsField), isTruncated(personsField?.value));
  }
  if (s.v1?.organization_ids != null) {
    addAssociation(b, 'opportunity_companies', 'opportunity_id', id, 'company_id', s.v1.organization_ids);
  } else {
    addAssociation(b, 'opportunity_companies', 'opportunity_id', id, 'company_id', referencedIds(companiesField), isTruncated(companiesField?.value));
  }
  return b;
}

/**
 * v1 opportunity (single read or search item; both carry the arrays) → associations only:
 * `person_ids` → opportunity_persons, `organization_ids` → opportunity_companies (replaced when present).
 */
export function v1OpportunityAssociations(opp: V1Opportunity): RowBatch {
  const b = emptyBatch();
  addAssociation(b, 'opportunity_persons', 'opportunity_id', opp.id, 'person_id', opp.person_ids);
  addAssociation(b, 'opportunity_companies', 'opportunity_id', opp.id, 'company_id', opp.organization_ids);
  return b;
}
