/** `plan` and `status` words for relevance tiers (src/cli/format/tier-words.ts). */
import { describe, expect, it } from 'vitest';
import type { TierSummary } from '../../src/state/tier-lines.ts';
import { tierWords } from '../../src/cli/format/tier-words.ts';

const summary: TierSummary = {
  side: 'company',
  hotStretch: 1,
  lines: [
    { tier: 'hot', records: 4_210, neverRead: 0, oldestReadAt: '2026-05-31T02:00:00.000Z', periodMs: 86_400_000, callsPerMonth: 126_300, completeBy: null },
    {
      tier: 'cold',
      records: 95_790,
      neverRead: 90_000,
      oldestReadAt: null,
      periodMs: 45 * 86_400_000,
      callsPerMonth: 63_860,
      completeBy: '2026-07-10T00:00:00.000Z',
    },
  ],
};

describe('tier words', () => {
  it('plan: each tier its records, period and calls a month, and when never-read sets will be read', () => {
    expect(tierWords(summary, false)).toEqual([
      'relevance tiers: company↔person sets read one by one from companies (GET /organizations/{id})',
      '  hot     4,210 records: every 24.0 h, 126,300 calls a month',
      '  cold   95,790 records: every 45.0 d, 63,860 calls a month; all read once by 2026-07-10T00:00:00.000Z',
    ]);
  });

  it('status: each tier its oldest read (the staleness bound), and says when the hot tier alone does not fit', () => {
    const lines = tierWords({ ...summary, hotStretch: 1.5 }, true);
    expect(lines[1]).toBe('  hot     4,210 records: oldest read 2026-05-31T02:00:00.000Z');
    expect(lines[2]).toBe('  cold   95,790 records: 90,000 never read; all read once by 2026-07-10T00:00:00.000Z');
    expect(lines[3]).toContain('hot periods stretched ×1.50');
  });
});
