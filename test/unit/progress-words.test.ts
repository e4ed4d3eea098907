import { describe, expect, it } from 'vitest';
import { PROGRESS_WORDS } from '../../src/cli/format/progress-words.ts';
import type { StreamRunStats } from '../../src/state/runs.ts';

const stats = (over: Partial<StreamRunStats>): StreamRunStats => ({
  status: 'succeeded',
  mode: 'sweep',
  pages: 1,
  records: 2,
  rows: 3,
  invalid: 0,
  softDeleted: 0,
  calls: 1,
  durationMs: 5,
  ...over,
});

describe('the progress bar in words (cli/format/progress-words.ts)', () => {
  it('says the time left once there is a pace, a dash before', () => {
    expect(PROGRESS_WORDS.eta(null)).toBe('ETA -');
    expect(PROGRESS_WORDS.eta(0)).toBe('ETA 0s');
    expect(PROGRESS_WORDS.eta(42)).toBe('ETA 42s');
  });

  it('says what an ended stream did in the words of the run summary, never its stored code', () => {
    expect(PROGRESS_WORDS.finished(stats({ mode: 'sweep-if-due' }))).toBe('succeeded (sweep when due)');
    expect(PROGRESS_WORDS.finished(stats({ status: 'failed', mode: 'feed' }))).toBe('failed (read changes since the last mark)');
    expect(PROGRESS_WORDS.finished(stats({ status: 'skipped', mode: 'disabled' }))).toBe('skipped: disabled in config');
    expect(PROGRESS_WORDS.finished(undefined)).toBe('done');
  });

  it('draws every value the runner hands the bar', () => {
    for (const token of ['{stream}', '{bar}', '{pages}', '{records}', '{calls}', '{state}']) expect(PROGRESS_WORDS.bar).toContain(token);
  });
});
