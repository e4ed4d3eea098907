import { sql } from 'kysely';
import type { AnyDb } from './helpers.ts';

/*
 * The association fields (`companies`, `persons`) have one home: `company_persons`, `opportunity_persons`,
 * `opportunity_companies` (issue 13). Syncs before this stored a whole association cell in `field_values`
 * too and left out one cut at 100, so the two disagreed; those copies are deleted here, and syncs after
 * this never write them (transform/field-values.ts ASSOCIATION_FIELD_IDS). The association tables are
 * untouched: they always held the complete sets. `field_value_changes` keeps its rows for these fields:
 * the change log is history (what happened), not a second copy of current state.
 * Frozen once released: later changes go in a new migration. The ids are a fixed copy of
 * ASSOCIATION_FIELD_IDS (docs/contract.md §5: "association fields `companies` … and `persons`").
 */
export async function up(db: AnyDb): Promise<void> {
  await sql`delete from field_values where field_id in ('companies', 'persons')`.execute(db);
}

export async function down(): Promise<void> {
  // Nothing to restore: the deleted rows were partial copies of the association tables, which stay.
}
