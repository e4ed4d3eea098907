/**
 * Deterministic data generation: the same seed and scale give byte-identical stores (no Math.random, no
 * wall clock). Field values are derived lazily from the seed, so even `large` starts in seconds.
 */
import { Rng, hash32 } from '../prng.ts';
import { SimStore } from '../store/store.ts';
import type { ScaleCounts } from '../store/store-types.ts';
import { generateCore } from './generate-core.ts';
import { generateFields } from './generate-fields.ts';
import { generateActivity } from './generate-activity.ts';
import { generateMisc } from './generate-misc.ts';
import { generateHistory, makeValueSource } from './generate-values.ts';

export type Scale = 'tiny' | 'small' | 'medium' | 'large';

export const SCALES: Record<Scale, ScaleCounts> = {
  tiny: { companies: 30, persons: 60, lists: 3, opportunities: 20 },
  small: { companies: 500, persons: 1_000, lists: 4, opportunities: 300 },
  // A real tenant's companies come mostly from email and calendar auto-creation and are never looked at again:
  // at medium and large only ~6% / ~5% are listed, on deals, noted or recently emailed (README "Relevance tiers").
  medium: { companies: 20_000, persons: 40_000, lists: 8, opportunities: 5_000, relevantCompanies: 1_200 },
  large: { companies: 100_000, persons: 200_000, lists: 20, opportunities: 25_000, relevantCompanies: 5_000 },
};

export function resolveScale(scale: Scale | ScaleCounts | undefined): ScaleCounts {
  if (scale === undefined) return SCALES.small;
  if (typeof scale === 'string') {
    const s = SCALES[scale];
    if (!s) throw new Error(`unknown scale "${String(scale)}" (use tiny, small, medium or large)`);
    return s;
  }
  for (const k of ['companies', 'persons', 'lists', 'opportunities'] as const) {
    const v = scale[k];
    if (!Number.isInteger(v) || v < 0 || v > 10_000_000) throw new Error(`scale.${k} must be a non-negative integer (got ${String(v)})`);
  }
  const r = scale.relevantCompanies;
  if (r !== undefined && (!Number.isInteger(r) || r < 1 || r > scale.companies))
    throw new Error(`scale.relevantCompanies must be an integer from 1 to scale.companies (got ${String(r)})`);
  if (scale.persons < 1) throw new Error('scale.persons must be at least 1 (users are persons)');
  if (scale.lists < 1) throw new Error('scale.lists must be at least 1');
  return scale;
}

export function generateStore(seed: number, scale?: Scale | ScaleCounts): SimStore {
  const counts = resolveScale(scale);
  const store = new SimStore(seed);
  // Independent streams per stage so that changing one stage's draws does not reshuffle the others.
  const stream = (n: number) => new Rng(hash32(seed, n));
  generateCore(store, stream(1), counts);
  const userCount = store.users.size;
  generateFields(store, stream(2));
  generateActivity(store, stream(3), counts, userCount);
  const pools = {
    seed,
    counts,
    userCount,
    noteIds: store.idx.rootNotes.values().slice(),
    reminderIds: store.idx.reminders.values().slice(),
    listIds: [...store.lists.keys()].sort((a, b) => a - b),
    interactions: {
      email: store.idx.interactions.email.values().slice(),
      meeting: store.idx.interactions.meeting.values().slice(),
      call: store.idx.interactions.call.values().slice(),
      'chat-message': store.idx.interactions['chat-message'].values().slice(),
    },
  };
  store.source = makeValueSource(store, pools);
  generateMisc(store, stream(4), counts, userCount);
  const historyRate = counts.persons > 10_000 ? 0.04 : 0.15;
  generateHistory(store, pools, historyRate);
  return store;
}
