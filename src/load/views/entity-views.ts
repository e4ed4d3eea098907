/**
 * `current_<table>` for every entity table of the registry, and the three overviews (one row per live
 * company / person / opportunity with its people, companies, deals, stage, interactions and last note).
 * Interactions reach a company or a deal through its people: an interaction belongs to every live
 * person who took part (interaction_participants.person_id).
 */
import { WAREHOUSE } from '../registry/warehouse.ts';
import type { ViewSql } from './dialect-sql.ts';
import { quoteIdent } from './identifiers.ts';
import type { ViewDef } from './view-def.ts';

/** Entity tables (those with `_deleted_at`), in registry order. */
export const ENTITY_TABLES: readonly string[] = Object.entries(WAREHOUSE)
  .filter(([, d]) => d.kind === 'entity')
  .map(([n]) => n);

/**
 * Columns a `current_*` view leaves out: `_deleted_at` (always null there) and `_raw`, the record's whole
 * JSON, which the table keeps: at medium scale it is ~250 MB of `current_persons` alone, so `select *`
 * took over a second in SQLite to move it (issue 17) for a column analysts and BI tools rarely read.
 */
const NOT_IN_CURRENT: ReadonlySet<string> = new Set(['_deleted_at', '_raw']);

export function currentViews(): ViewDef[] {
  return ENTITY_TABLES.map((table) => {
    const cols = Object.keys(WAREHOUSE[table as keyof typeof WAREHOUSE].columns)
      .filter((c) => !NOT_IN_CURRENT.has(c))
      .map(quoteIdent);
    return { name: `current_${table}`, sql: `select ${cols.join(', ')} from ${quoteIdent(table)} where "_deleted_at" is null` };
  });
}

/**
 * First, last (at or before now) and next (after now) interaction of every person who took part in one,
 * aggregated once for the whole view: a correlated subquery per row scanned the interactions once per
 * person in SQLite before 3.44 (issue 17). min/max over a person set is the min/max of its members'.
 */
function personInteractions(v: ViewSql): string {
  return `(select ip.person_id, min(i.started_at) as first_at,
    max(case when i.started_at <= ${v.now} then i.started_at end) as last_at,
    min(case when i.started_at > ${v.now} then i.started_at end) as next_at
  from interaction_participants ip
  join interactions i on i.kind = ip.kind and i.id = ip.interaction_id and i._deleted_at is null
  group by ip.person_id)`;
}

/**
 * A join onto the interaction times of each owner's live people: `links` names the link table with its
 * owner column (`company_persons`, `company_id`); the joined alias `ia` has `owner_id`, `first_at`,
 * `last_at`, `next_at`.
 */
function interactionJoin(v: ViewSql, links: string, owner: string, on: string): string {
  return `left join (select x.${owner} as owner_id, min(pi.first_at) as first_at, max(pi.last_at) as last_at, min(pi.next_at) as next_at
    from ${links} x join persons p on p.id = x.person_id and p._deleted_at is null
    join ${personInteractions(v)} pi on pi.person_id = x.person_id
    group by x.${owner}) ia on ia.owner_id = ${on}`;
}

function interactionColumns(v: ViewSql): string {
  return `ia.first_at as first_interaction_at,
  ia.last_at as last_interaction_at,
  ia.next_at as next_interaction_at,
  ${v.daysSince('ia.last_at')} as days_since_last_interaction`;
}

/** Last note attached to (or mentioning) the entity: its time and id. */
function noteColumns(entityType: string, idCol: string): string {
  const notes = `from note_attachments na join notes n on n.id = na.note_id and n._deleted_at is null
     where na.entity_type = '${entityType}' and na.entity_id = ${idCol}`;
  return `(select count(*) ${notes}) as notes,
  (select max(n.created_at) ${notes}) as last_note_at,
  (select n.id ${notes} order by n.created_at desc, n.id desc limit 1) as last_note_id`;
}

const livePersons = (join: string) => `select x.person_id from ${join} x join persons p on p.id = x.person_id and p._deleted_at is null`;

export function overviewViews(v: ViewSql): ViewDef[] {
  const companyPeople = `${livePersons('company_persons')} where x.company_id = c.id`;
  const dealPeople = `${livePersons('opportunity_persons')} where x.opportunity_id = o.id`;
  const company = `select c.id as company_id, c.name, c.domain,
  (select count(*) from (${companyPeople}) s) as people,
  (select count(*) from opportunity_companies oc join opportunities o on o.id = oc.opportunity_id and o._deleted_at is null
     where oc.company_id = c.id) as deals,
  ${interactionColumns(v)},
  ${noteColumns('company', 'c.id')}
from companies c
${interactionJoin(v, 'company_persons', 'company_id', 'c.id')}
where c._deleted_at is null`;
  const person = `select p.id as person_id, p.first_name, p.last_name, p.primary_email, p.type,
  (select count(*) from company_persons cp join companies c on c.id = cp.company_id and c._deleted_at is null
     where cp.person_id = p.id) as companies,
  (select count(*) from opportunity_persons op join opportunities o on o.id = op.opportunity_id and o._deleted_at is null
     where op.person_id = p.id) as deals,
  ${interactionColumns(v)},
  ${noteColumns('person', 'p.id')}
from persons p
left join ${personInteractions(v)} ia on ia.person_id = p.id
where p._deleted_at is null`;
  // The stage is the deal's value of a ranked-dropdown field of its list; a field named Status or Stage wins.
  const stage = `(select fv.value_text from field_values fv
     join fields f on f.id = fv.field_id and f._deleted_at is null and f.list_id = o.list_id and f.value_type = 'ranked-dropdown'
     where fv.entity_type = 'opportunity' and fv.entity_id = o.id and fv.list_id = o.list_id
     order by case when lower(f.name) in ('status', 'stage') then 0 else 1 end, f.id limit 1)`;
  const opportunity = `select o.id as opportunity_id, o.name, o.list_id, o.list_entry_id, o.created_at,
  ${stage} as stage,
  (select count(*) from (${dealPeople}) s) as people,
  (select count(*) from opportunity_companies oc join companies c on c.id = oc.company_id and c._deleted_at is null
     where oc.opportunity_id = o.id) as companies,
  ${interactionColumns(v)},
  ${noteColumns('opportunity', 'o.id')}
from opportunities o
${interactionJoin(v, 'opportunity_persons', 'opportunity_id', 'o.id')}
where o._deleted_at is null`;
  return [
    { name: 'company_overview', sql: company },
    { name: 'person_overview', sql: person },
    { name: 'opportunity_overview', sql: opportunity },
  ];
}
