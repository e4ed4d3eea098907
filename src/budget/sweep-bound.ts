import { DEFAULT_SWEEP_PAGES_FLOOR, DEFAULT_SWEEP_PAGES_SLACK, DEFAULT_SWEEP_PAGES_UNKNOWN } from '../defaults.ts';
import { V2_PAGE } from '../extract/limits.ts';

/** What the warehouse knows of a collection's size before a pass of it. */
export interface KnownSize {
  /** Pages the last complete pass took (null before the first). */
  lastSweepPages: number | null;
  /** Live rows of the table the pass soft-deletes from (0 when it deletes from none, or holds none yet). */
  rows: number;
}

/**
 * The most pages one pass of a collection may read. A pager that hands out a new cursor every time (a
 * repeated one is caught by the pager) would otherwise spend the month's calls in minutes; a collection
 * really grown past this is read again whole by the next pass, whose bound counts the rows this one wrote.
 */
export function sweepPageLimit(known: KnownSize): number {
  const pages = Math.max(known.lastSweepPages ?? 0, Math.ceil(known.rows / V2_PAGE));
  if (pages === 0) return DEFAULT_SWEEP_PAGES_UNKNOWN;
  return Math.max(DEFAULT_SWEEP_PAGES_FLOOR, DEFAULT_SWEEP_PAGES_SLACK * pages);
}
