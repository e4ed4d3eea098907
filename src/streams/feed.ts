import { V2_PAGE } from '../extract/limits.ts';
import type { PageRequest } from '../extract/pager.ts';
import type { HighWater } from '../state/checkpoint.ts';
import { normalizeTimestamp } from '../transform/index.ts';
import type { FeedSpec } from './define.ts';

/** Filter text for `/v2` feeds: whole seconds (the service rejects fractions), inclusive. */
export function sinceFilter(prop: string | readonly string[], hw: HighWater | null): string | undefined {
  if (!hw) return undefined;
  const t = new Date(Math.floor(Date.parse(hw.at) / 1000) * 1000).toISOString().replace('.000Z', 'Z');
  const props = typeof prop === 'string' ? [prop] : prop;
  return props.map((pr) => `${pr}>=${t}`).join('|');
}

/**
 * A record's place in a feed, its time normalised (transform/timestamps.ts): the mark is compared and sent
 * back as a filter, which a leap second or a lowercase `t` as sent would break.
 */
export function feedMark(at: string, id: number | null): HighWater {
  return { at: normalizeTimestamp(at), id };
}

/** The later of a record's updatedAt and createdAt (records never edited have no updatedAt). */
export function updatedPosition(r: { createdAt?: string | null; updatedAt?: string | null }): HighWater | null {
  const at = [r.updatedAt, r.createdAt]
    .filter((x): x is string => typeof x === 'string')
    .map((x) => normalizeTimestamp(x))
    .sort((a, b) => Date.parse(b) - Date.parse(a))[0];
  return at ? { at, id: null } : null;
}

/**
 * A `/v2` collection followed by `createdAt|updatedAt` from the last high-water mark. The service lists
 * these in id order, not time order, so the high-water mark only advances when a pass ends.
 */
export function updatedSinceFeed<T extends { createdAt?: string | null; updatedAt?: string | null }, P>(
  path: string,
  opts: { startAtNow?: boolean; includes?: readonly string[] } = {},
): FeedSpec<T, P> {
  const { includes, startAtNow } = opts;
  return {
    ordered: false,
    ...(startAtNow ? { startAtNow } : {}),
    request: (hw: HighWater | null): PageRequest => {
      const filter = sinceFilter(['createdAt', 'updatedAt'], hw);
      return { path, query: { limit: V2_PAGE, ...(filter ? { filter } : {}), ...(includes ? { includes: [...includes] } : {}) }, paginator: 'v2' };
    },
    position: updatedPosition,
  };
}
