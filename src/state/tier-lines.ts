/** One relevance tier's numbers, as `plan` and `status` show them (tier-summary.ts computes them). */
export interface TierLine {
  tier: 'hot' | 'cold';
  /** Live records of the side whose company↔person sets are read one by one. */
  records: number;
  /** Of them, sets never read whole yet. */
  neverRead: number;
  /** The oldest whole read in the tier: every set is at least this fresh (null while some were never read). */
  oldestReadAt: string | null;
  /** The tier's period after stretching (Infinity: no room left in the budget). */
  periodMs: number;
  callsPerMonth: number;
  /** When every set of the tier will have been read once at the current shares (null: already). */
  completeBy: string | null;
}

export interface TierSummary {
  side: 'company' | 'person';
  /** Hot periods stretched beyond `sweeps.hot` because the hot tier alone does not fit the budget. */
  hotStretch: number;
  lines: TierLine[];
}
