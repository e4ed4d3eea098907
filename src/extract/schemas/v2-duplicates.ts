import { z } from 'zod';
import { idSchema, optString } from './common.ts';

/**
 * `/v2/duplicates/company-suggestions` and `/person-suggestions` items (beta, from 2026-07-15). The seed
 * lists the endpoints but not their fields ("Their fields: not shown"), so only what identifies a pair is
 * required: two or more records with an `id`. Everything else rides in `_raw`; an item without a
 * recognisable pair is quarantined, never guessed at.
 */
const member = z.looseObject({ id: idSchema });

export const v2CompanySuggestionSchema = z.looseObject({
  companies: z.array(member).min(2),
  confidence: optString,
});
export type V2CompanySuggestion = z.infer<typeof v2CompanySuggestionSchema>;

export const v2PersonSuggestionSchema = z.looseObject({
  persons: z.array(member).min(2),
  confidence: optString,
});
export type V2PersonSuggestion = z.infer<typeof v2PersonSuggestionSchema>;
