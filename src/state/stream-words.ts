/**
 * What a stream did in a run, in words a user understands. A run stores a short code per stream
 * (`StreamRunStats.mode`, kept stable in sync_runs because the planner prices periodic passes from past
 * runs' `sweep` entries); the run summary and `status` show these words instead.
 */

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

/** One stream's run in words: a skipped stream says why; a code becomes its words; free text stays. */
export function streamModeWords(s: { status: string; mode: string }): string {
  const words = STREAM_MODE_WORDS[s.mode] ?? s.mode;
  return s.status === 'skipped' && !words.startsWith('skipped') ? `skipped: ${words}` : words;
}
