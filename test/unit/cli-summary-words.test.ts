import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { printRunSummary } from '../../src/cli/summary.ts';
import type { RunSummary, StreamRunStats } from '../../src/state/runs.ts';
import { STREAM_MODE_WORDS, streamModeWords } from '../../src/cli/format/stream-words.ts';
import { PROGRESS_WORDS } from '../../src/cli/format/progress-words.ts';

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

function printed(streams: Record<string, StreamRunStats>, over: Partial<RunSummary> = {}): string {
  const out = new PassThrough();
  const summary: RunSummary = {
    status: 'succeeded',
    finishedAt: '2024-01-01T00:00:00.000Z',
    durationMs: 1000,
    callsTotal: 3,
    rowsTotal: 9,
    streams,
    calls: {},
    errors: [],
    rateBudget: null,
    ...over,
  };
  printRunSummary(summary, out);
  return String(out.read());
}

describe('what each stream did, in words', () => {
  it('turns every code the runner sets into words, never "incremental"', () => {
    expect(streamModeWords({ status: 'succeeded', mode: 'feed' })).toBe('read changes since the last mark');
    expect(streamModeWords({ status: 'succeeded', mode: 'sweep' })).toBe('full sweep');
    expect(streamModeWords({ status: 'succeeded', mode: 'not due' })).toBe('not due: nothing read');
    expect(streamModeWords({ status: 'succeeded', mode: 'between' })).toBe('read updates since the last sweep');
    expect(streamModeWords({ status: 'succeeded', mode: 'marked' })).toBe('re-read records marked as changed');
    for (const words of Object.values(STREAM_MODE_WORDS)) expect(words).not.toMatch(/incremental/);
  });

  it('says why a skipped stream did nothing, from its code and the details beside it', () => {
    expect(streamModeWords({ status: 'skipped', mode: 'disabled' })).toBe('skipped: disabled in config');
    expect(streamModeWords({ status: 'skipped', mode: 'needs-api-version', needsApiVersion: '2' })).toBe('skipped: needs API version 2');
    const source = { capability: 'change_log', uses: 'field_value_changes' };
    expect(streamModeWords({ status: 'skipped', mode: 'source-elsewhere', source })).toBe('skipped: change_log uses field_value_changes');
    expect(streamModeWords({ status: 'skipped', mode: 'no-source-left', source: { capability: 'change_log', uses: 'none' } })).toBe(
      'skipped: change_log: no source left',
    );
    expect(streamModeWords({ status: 'skipped', mode: 'source-refused', source: { ...source, refusedStatus: 400 } })).toBe(
      'skipped: refused (400); change_log uses field_value_changes',
    );
    expect(streamModeWords({ status: 'succeeded', mode: 'sweep-feed-refused' })).toBe('sweep (its update feed is refused)');
  });

  it('keeps the free text of runs stored before the codes were typed', () => {
    expect(streamModeWords({ status: 'skipped', mode: 'disabled in config' })).toBe('skipped: disabled in config');
    expect(streamModeWords({ status: 'skipped', mode: 'change_log uses field_value_changes' })).toBe('skipped: change_log uses field_value_changes');
    expect(streamModeWords({ status: 'succeeded', mode: 'sweep (its update feed is refused)' })).toBe('sweep (its update feed is refused)');
  });

  it('the run summary prints the words under plain headers', () => {
    const text = printed({
      field_value_changes: stats({ mode: 'feed' }),
      companies: stats({ mode: 'sweep' }),
      relationship_strengths: stats({ status: 'skipped', mode: 'disabled', pages: 0 }),
    });
    expect(text).toMatch(/^stream\s+status\s+what it did\s+pages\s+records read\s+rows written\s+soft-deleted\s+quarantined$/m);
    expect(text).toMatch(/^field_value_changes\s+succeeded\s+read changes since the last mark\s+1\s+2\s+3\s/m);
    expect(text).toMatch(/^companies\s+succeeded\s+full sweep\s/m);
    expect(text).toMatch(/^relationship_strengths\s+skipped\s+skipped: disabled in config\s/m);
    expect(text).not.toMatch(/incremental/);
  });
});

describe('analyst views a run could not refresh', () => {
  it('are said as warnings under a succeeded run, one line each, with what each needs', () => {
    const text = printed({ lists: stats({}) }, { viewsNotRefreshed: ['another view depends on "list_1001_pipeline" (my_report)'] });
    expect(text).toContain('run succeeded');
    expect(text).toContain('  warning: analyst view not refreshed: another view depends on "list_1001_pipeline" (my_report)\n');
  });

  it('say nothing when every view was refreshed', () => {
    expect(printed({ lists: stats({}) })).not.toContain('analyst view not refreshed');
  });
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
