/**
 * What a stream did in a run, in words a user understands. A run stores a short code per stream
 * (`StreamRunStats.mode`, kept stable in sync_runs because the planner prices periodic passes from past
 * runs' `sweep` entries); the run summary and `status` show these words instead.
 */

import type { SweepPart } from './runs.ts';

/** The codes runner/run-stream.ts `describeWork` sets, and their words. */
export const STREAM_MODE_WORDS: Readonly<Record<string, string>> = {
  sweep: 'full sweep',
  'sweep-if-due': 'sweep when due',
  'not due': 'not due: nothing read',
  'nothing to read': 'nothing to read',
  feed: 'read changes since the last mark',
  between: 'read updates since the last sweep',
  marked: 're-read records marked as changed',
  mixed: 'full sweep of some partitions, updates since the last sweep for the others',
  unavailable: 'unavailable on this tenant',
};

/** A pass spread over runs: `sweep part 3 of ~5` (the count estimated from the last pass), `sweep part 5 of 5` when done. */
function partWords(p: SweepPart): string {
  return `sweep part ${p.part} of ${p.done ? p.of : p.of === null ? '?' : `~${p.of}`}`;
}

/** One stream's run in words: a skipped stream says why; a code becomes its words; free text stays. */
export function streamModeWords(s: { status: string; mode: string; sweepPart?: SweepPart | undefined }): string {
  const words = s.mode === 'sweep' && s.sweepPart ? partWords(s.sweepPart) : (STREAM_MODE_WORDS[s.mode] ?? s.mode);
  return s.status === 'skipped' && !words.startsWith('skipped') ? `skipped: ${words}` : words;
}
