import { sql } from 'kysely';
import type { PlanContext } from './context.ts';

/** What the metadata re-read is for: rows written since `since` that name a definition the warehouse lacks. */
export interface UnknownRefs {
  fields: number;
  lists: number;
  options: number;
}

const DROPDOWN_TYPES = ['dropdown', 'dropdown-multi', 'ranked-dropdown'] as const;

/**
 * Count rows written at or after `since` (this run's pages) that name a field, list or dropdown option id
 * that `fields`, `lists` or `dropdown_options` do not hold. Only rows of this run are looked at, so an id
 * the metadata endpoints never list costs at most one re-read per run that meets it, never a loop.
 */
export async function unknownRefsSince(ctx: PlanContext, since: string): Promise<UnknownRefs> {
  const db = ctx.db.kysely;
  const count = async (q: ReturnType<typeof sql<{ n: number | string }>>) => Number((await q.execute(db)).rows[0]?.n ?? 0);
  const [changes, values, entries, opps, options] = await Promise.all([
    count(
      sql<{
        n: number;
      }>`select count(*) as n from field_value_changes c where c._synced_at >= ${since} and not exists (select 1 from fields f where f.id = c.field_id)`,
    ),
    count(
      sql<{
        n: number;
      }>`select count(*) as n from field_values v where v._synced_at >= ${since} and not exists (select 1 from fields f where f.id = v.field_id)`,
    ),
    count(
      sql<{ n: number }>`select count(*) as n from list_entries e where e._synced_at >= ${since} and not exists (select 1 from lists l where l.id = e.list_id)`,
    ),
    count(
      sql<{
        n: number;
      }>`select count(*) as n from opportunities o where o._synced_at >= ${since} and o.list_id is not null and not exists (select 1 from lists l where l.id = o.list_id)`,
    ),
    count(sql<{
      n: number;
    }>`select count(*) as n from field_values v where v._synced_at >= ${since} and v.value_type in (${sql.join(DROPDOWN_TYPES.map((t) => sql`${t}`))}) and v.ref_id is not null
      and not exists (select 1 from dropdown_options d where d.field_id = v.field_id and d.id = v.ref_id)`),
  ]);
  return { fields: changes + values, lists: entries + opps, options };
}

export function anyUnknown(r: UnknownRefs): boolean {
  return r.fields + r.lists + r.options > 0;
}
