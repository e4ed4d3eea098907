/**
 * Calls are the scarce resource: these small planners choose the cheapest way to read what is needed
 * from record counts, and say why (the runner logs the plan).
 */

/** Older-interface searches serve 500 records per call; `/v2` pages and `ids` lookups serve 100. */
export const V1_SEARCH_PAGE = 500;
export const V2_PAGE = 100;
export const V2_IDS_BATCH = 100;
/** The service truncates association arrays at 100 entries. */
export const ASSOCIATION_CAP = 100;

export interface AssociationPlanInput {
  /** Records in the collection (e.g. opportunities). */
  total: number;
  /** Records known to have changed; undefined in a full sweep (everything is read). */
  changed?: number;
  /** Records whose arrays were truncated last time (each needs a single-record read after a bulk pass). */
  truncated: number;
}

export interface Plan {
  strategy: 'bulk' | 'targeted';
  calls: number;
  alternativeCalls: number;
  reason: string;
}

/**
 * Associations: a bulk older search (500 per call, arrays truncated at 100, then a single read per
 * truncated record) versus one single-record read per changed record (full arrays).
 */
export function planAssociations(input: AssociationPlanInput): Plan {
  const bulk = Math.ceil(input.total / V1_SEARCH_PAGE) + input.truncated;
  if (input.changed === undefined) {
    return { strategy: 'bulk', calls: bulk, alternativeCalls: input.total, reason: 'full sweep: bulk search plus single reads for truncated arrays' };
  }
  const targeted = input.changed;
  return targeted < bulk
    ? { strategy: 'targeted', calls: targeted, alternativeCalls: bulk, reason: `${input.changed} changed records: single reads cost less than a bulk pass` }
    : { strategy: 'bulk', calls: bulk, alternativeCalls: targeted, reason: `${input.changed} changed records: a bulk pass costs no more than single reads` };
}

/** Records: a full `/v2` sweep (100 per page) versus `ids` lookups of what changed (100 per call). */
export function planReRead(input: { total: number; changed: number }): Plan {
  const sweep = Math.ceil(input.total / V2_PAGE);
  const targeted = Math.ceil(input.changed / V2_IDS_BATCH);
  return targeted < sweep
    ? { strategy: 'targeted', calls: targeted, alternativeCalls: sweep, reason: `${input.changed} of ${input.total} changed: ids lookups` }
    : { strategy: 'bulk', calls: sweep, alternativeCalls: targeted, reason: `${input.changed} of ${input.total} changed: a sweep is as cheap` };
}
