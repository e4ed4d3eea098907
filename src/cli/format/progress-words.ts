/**
 * The words of the progress bars a sync draws on a terminal (runner/progress.ts draws them; the words are
 * here, with the other words a person reads). A stream's line shows its pages, records and the run's calls,
 * then its state: the time left while pages arrive, what it did once it ended.
 */
import type { ProgressWords } from '../../runner/progress.ts';
import { streamModeWords } from './stream-words.ts';

export const PROGRESS_WORDS: ProgressWords = {
  bar: ' {stream} |{bar}| {pages} pages · {records} records · {calls} calls · {state}',
  eta: (seconds) => `ETA ${seconds === null ? '-' : `${seconds}s`}`,
  // A skipped stream's words already say so (`skipped: disabled in config`).
  finished: (stats) => (!stats ? 'done' : stats.status === 'skipped' ? streamModeWords(stats) : `${stats.status} (${streamModeWords(stats)})`),
};
