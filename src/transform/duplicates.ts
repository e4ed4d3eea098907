import type { V2CompanySuggestion, V2PersonSuggestion } from '../extract/schemas/index.ts';
import type { RowBatch } from '../load/schema/row-batch.ts';
import { rawJson, single } from './rows.ts';

/**
 * One row per suggested pair, keyed by the two ids in ascending order so the same pair suggested again
 * (in either order) is one row. A suggestion naming more than two records keeps the first two in the key
 * and the whole record in `_raw`.
 */
function pairRow(entityType: 'company' | 'person', members: ReadonlyArray<{ id: number }>, confidence: string | null | undefined, raw: string): RowBatch {
  const [a, b] = [members[0]?.id ?? 0, members[1]?.id ?? 0].sort((x, y) => x - y) as [number, number];
  return single('duplicate_suggestions', { entity_type: entityType, first_id: a, second_id: b, confidence: confidence ?? null, _raw: raw });
}

export function companySuggestionRows(s: V2CompanySuggestion, raw?: unknown): RowBatch {
  return pairRow('company', s.companies, s.confidence, rawJson(raw, s));
}

export function personSuggestionRows(s: V2PersonSuggestion, raw?: unknown): RowBatch {
  return pairRow('person', s.persons, s.confidence, rawJson(raw, s));
}
