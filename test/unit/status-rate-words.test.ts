import { expect, it } from 'vitest';
import { formatStatus } from '../../src/cli/format/status-text.ts';
import type { Status } from '../../src/state/status.ts';

const status = (rateBudget: unknown): Status => ({
  database: 'sqlite:x.db',
  account: null,
  streams: [],
  lastRuns: [],
  rowCounts: {},
  rateBudget,
  nextScheduledRun: null,
  sources: [],
  quarantined: [],
});

// The headers give calls remaining and the limit; `890/900` read as 890 used. The words say which.
it.each([
  [
    { userRemaining: 890, userLimit: 900, orgRemaining: 99_000, orgLimit: 100_000, observedAt: 'T' },
    'rate budget (seen T): remaining 890 of 900 this minute, remaining 99000 of 100000 this month',
  ],
  [
    { userRemaining: 890, userLimit: 900, orgRemaining: null, orgLimit: null, observedAt: 'T' },
    'rate budget (seen T): remaining 890 of 900 this minute, no monthly cap',
  ],
])('status says how many calls remain: %j', (budget, line) => {
  expect(formatStatus(status(budget)).split('\n')).toContain(line);
});

it('status counts quarantined records per stream', () => {
  const lines = formatStatus({ ...status(null), quarantined: [{ stream: 'list_entries', records: 3, lastSeenAt: '2026-01-01T00:00:00.000Z' }] }).split('\n');
  const at = lines.findIndex((l) => l.startsWith('quarantined records'));
  expect(at).toBeGreaterThan(0);
  expect(lines.slice(at).find((l) => l.startsWith('list_entries'))).toMatch(/^list_entries\s+3\s+2026-01-01T00:00:00\.000Z$/);
});
