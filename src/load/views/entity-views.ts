/**
 * `current_<table>` for every entity table of the registry, and the three overviews (one row per live
 * company / person / opportunity with its people, companies, deals, stage, interactions and last note).
 * Interactions reach a company or a deal through its people: an interaction belongs to every live
 * person who took part (interaction_participants.person_id).
 */
import { WAREHOUSE } from '../schema/registry/warehouse.ts';
import type { ViewSql } from '../dialects/view-sql.ts';
import { quoteIdent } from '../dialects/sql-quote.ts';
import type { ViewDef } from './view-def.ts';

/** Entity tables (those with `_deleted_at`), in registry order. */
export const ENTITY_TABLES: readonly string[] = Object.entries(WAREHOUSE)
  .filter(([, d]) => d.kind === 'entity')
  .map(([n]) => n);

/**
 * Columns a `current_*` view leaves out: `_deleted_at` and `_deleted_seen_at` (null there) and `_raw`, the record's whole
 * JSON, which the table keeps: at medium scale it is ~250 MB of `current_persons` alone, so `select *`
 * took over a second in SQLite to move it (issue 17) for a column analysts and BI tools rarely read.
 */
const NOT_IN_CURRENT: ReadonlySet<string> = new Set(['_deleted_at', '_deleted_seen_at', '_raw']);

/**
 * Every upstream timestamp column `x` also as `x_utc`, ISO-8601 UTC text that reads the same in every client
 * and session time zone (docs/warehouse.md "Time"); relsync's own (`_synced_at`, …) are left as they are.
 */
export function currentViews(v: ViewSql): ViewDef[] {
  return ENTITY_TABLES.map((table) => {
    const columns: Readonly<Record<string, string>> = WAREHOUSE[table as keyof typeof WAREHOUSE].columns;
    const cols = Object.entries(columns)
      .filter(([c]) => !NOT_IN_CURRENT.has(c))
      .flatMap(([c, kind]) => [
        quoteIdent(c),
        ...(kind.startsWith('ts') && !c.startsWith('_') ? [`${v.utcText(quoteIdent(c))} as ${quoteIdent(`${c}_utc`)}`] : []),
      ]);
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

/**
 * Each owner's count of live linked records, joined as `alias.n`: `links` is the link table with its
 * `owner` and `linked` columns, `table` the linked records'. Counted once for all owners: a correlated
 * count per row made the overviews' estimated cost high enough that PostgreSQL's JIT spent more time
 * compiling them than running them (issue 17).
 */
function countJoin(alias: string, links: string, owner: string, linked: string, table: string, on: string): string {
  return `left join (select x.${owner} as owner_id, count(*) as n from ${links} x
    join ${table} t on t.id = x.${linked} and t._deleted_at is null
    group by x.${owner}) ${alias} on ${alias}.owner_id = ${on}`;
}

/**
 * Notes about the entity (docs/warehouse.md: "notes about" means attached, not only @-mentioning it): their count,
 * the last one's time and id. `attached` is null where unknown (rows from before migration 009 until their
 * note is re-read); such a row counts unless it is known to be a mention.
 */
function noteJoins(entityType: string, on: string): string {
  const attached = `from note_attachments na join notes n on n.id = na.note_id and n._deleted_at is null
    where na.entity_type = '${entityType}' and coalesce(na.attached, not coalesce(na.mentioned, false))`;
  return `left join (select na.entity_id, count(*) as n, max(n.created_at) as last_at ${attached}
    group by na.entity_id) nt on nt.entity_id = ${on}
left join (select na.entity_id, n.id,
    row_number() over (partition by na.entity_id order by n.created_at desc, n.id desc) as pick ${attached}) ln
  on ln.entity_id = ${on} and ln.pick = 1`;
}

const NOTE_COLUMNS = `coalesce(nt.n, 0) as notes,
  nt.last_at as last_note_at,
  ln.id as last_note_id`;

/**
 * The deal's stage, `st.value_text`: its value of a ranked-dropdown field of its list; a field named Status
 * or Stage wins. Ranked once for all deals and joined: a subquery per deal made PostgreSQL scan `fields`
 * once per field value (issue 17).
 */
function stageJoin(): string {
  return `left join (select fv.entity_id, fv.list_id, fv.value_text,
    row_number() over (partition by fv.entity_id, fv.list_id
      order by case when lower(f.name) in ('status', 'stage') then 0 else 1 end, f.id, fv.value_index) as pick
  from fields f
  join field_values fv on fv.field_id = f.id and fv.entity_type = 'opportunity' and fv.list_id = f.list_id
  where f._deleted_at is null and f.value_type = 'ranked-dropdown' and f.list_id is not null) st
  on st.entity_id = o.id and st.list_id = o.list_id and st.pick = 1`;
}

export function overviewViews(v: ViewSql): ViewDef[] {
  const company = `select c.id as company_id, c.name, c.domain,
  coalesce(pc.n, 0) as people,
  coalesce(dc.n, 0) as deals,
  ${interactionColumns(v)},
  ${NOTE_COLUMNS}
from companies c
${countJoin('pc', 'company_persons', 'company_id', 'person_id', 'persons', 'c.id')}
${countJoin('dc', 'opportunity_companies', 'company_id', 'opportunity_id', 'opportunities', 'c.id')}
${interactionJoin(v, 'company_persons', 'company_id', 'c.id')}
${noteJoins('company', 'c.id')}
where c._deleted_at is null`;
  const person = `select p.id as person_id, p.first_name, p.last_name, p.primary_email, p.type,
  coalesce(cc.n, 0) as companies,
  coalesce(dc.n, 0) as deals,
  ${interactionColumns(v)},
  ${NOTE_COLUMNS}
from persons p
${countJoin('cc', 'company_persons', 'person_id', 'company_id', 'companies', 'p.id')}
${countJoin('dc', 'opportunity_persons', 'person_id', 'opportunity_id', 'opportunities', 'p.id')}
left join ${personInteractions(v)} ia on ia.person_id = p.id
${noteJoins('person', 'p.id')}
where p._deleted_at is null`;
  const opportunity = `select o.id as opportunity_id, o.name, o.list_id, o.list_entry_id, o.created_at,
  st.value_text as stage,
  coalesce(pc.n, 0) as people,
  coalesce(cc.n, 0) as companies,
  ${interactionColumns(v)},
  ${NOTE_COLUMNS}
from opportunities o
${stageJoin()}
${countJoin('pc', 'opportunity_persons', 'opportunity_id', 'person_id', 'persons', 'o.id')}
${countJoin('cc', 'opportunity_companies', 'opportunity_id', 'company_id', 'companies', 'o.id')}
${interactionJoin(v, 'opportunity_persons', 'opportunity_id', 'o.id')}
${noteJoins('opportunity', 'o.id')}
where o._deleted_at is null`;
  return [
    { name: 'company_overview', sql: company },
    { name: 'person_overview', sql: person },
    { name: 'opportunity_overview', sql: opportunity },
  ];
}
