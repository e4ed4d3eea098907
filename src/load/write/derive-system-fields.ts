/**
 * `fields.type` and `fields.entity_type` of the system ids (`affinity-data-location`, `first-email`, the
 * `persons` / `companies` association fields, ...). Such an id is defined once per entity type and per
 * list, and the partitions that read those definitions run concurrently, so a definition's page cannot
 * fill the shared `fields` row without the last read winning (transform/fields.ts). The rule, derived in
 * this one place from every definition relsync holds (`field_scopes`, one row per entity type or list
 * that returned the id), at the end of every run:
 * - `type`: the type of its definition on an entity type itself (`list_id = 0`: `enriched`,
 *   `relationship-intelligence`, `global`), else of its list definition (`list`);
 * - `entity_type`: the entity type every definition shares; null when the id is defined on several
 *   (e.g. `affinity-data-location` on companies and persons; `field_scopes` lists them).
 * - `entity_types` (every field): all the entity types its definitions name, alphabetical, joined by `,`;
 *   a field with no definition in `field_scopes` (v1 `/fields` only) keeps its own `entity_type`.
 * Custom fields (`field-123`) have one definition and carry type and entity type already. Only changed
 * rows are written.
 */
import { sql } from 'kysely';
import type { Db } from '../db.ts';

/** Fill `type` / `entity_type` of every system field from its definitions; returns the number of rows changed. */
export async function deriveSystemFieldTypes(db: Db): Promise<number> {
  const type = sql<string | null>`(select min(s.type) from field_scopes s where s.field_id = fields.id
    and s.list_id = (select min(s2.list_id) from field_scopes s2 where s2.field_id = fields.id))`;
  const entityType = sql<string | null>`(select case when count(distinct s.entity_type) = 1 then min(s.entity_type) end
    from field_scopes s where s.field_id = fields.id)`;
  const r = await db.kysely
    .updateTable('fields')
    .set({ type, entity_type: entityType })
    .where('v1_id', 'is', null)
    .where(sql<boolean>`exists (select 1 from field_scopes s where s.field_id = fields.id)`)
    .where(sql<boolean>`(type is distinct from ${type} or entity_type is distinct from ${entityType})`)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) + (await deriveEntityTypes(db));
}

/** `fields.entity_types` from every definition (a few hundred fields: read and compared here, written when changed). */
async function deriveEntityTypes(db: Db): Promise<number> {
  const scopes = await db.kysely.selectFrom('field_scopes').select(['field_id', 'entity_type']).distinct().execute();
  const byField = new Map<string, Set<string>>();
  for (const r of scopes) byField.set(r.field_id, (byField.get(r.field_id) ?? new Set()).add(r.entity_type));
  const fields = await db.kysely.selectFrom('fields').select(['id', 'entity_type', 'entity_types']).execute();
  let changed = 0;
  for (const f of fields) {
    const types = byField.get(f.id);
    const want = types ? [...types].sort().join(',') : f.entity_type;
    if (want === f.entity_types) continue;
    await db.kysely.updateTable('fields').set({ entity_types: want }).where('id', '=', f.id).execute();
    changed++;
  }
  return changed;
}
