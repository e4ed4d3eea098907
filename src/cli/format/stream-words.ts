/**
 * What a stream did in a run, in words a user understands. A run stores a typed code per stream
 * (`StreamRunStats.mode`, state/runs.ts) with its details beside it; the run summary and `status` show
 * these words instead. The words here are the only place a code is spelled out for a person.
 */

import type { HeldDeletes, SourceChoice, StreamModeCode, SweepPart } from '../../state/runs.ts';

/** The codes that need no detail, and their words. */
export const STREAM_MODE_WORDS: Readonly<
  Record<Exclude<StreamModeCode, 'needs-api-version' | 'source-elsewhere' | 'no-source-left' | 'source-refused'>, string>
> = {
  sweep: 'full sweep',
  'sweep-if-due': 'sweep when due',
  'not due': 'not due: nothing read',
  'nothing to read': 'nothing to read',
  feed: 'read changes since the last mark',
  between: 'read updates since the last sweep',
  marked: 're-read records marked as changed',
  mixed: 'full sweep of some partitions, updates since the last sweep for the others',
  unavailable: 'unavailable on this tenant',
  disabled: 'disabled in config',
  'sweep-feed-refused': 'sweep (its update feed is refused)',
};

/** What a stream's run says about itself, as stored: a code, or free text in runs stored before codes were typed. */
export interface StreamModeRecord {
  status: string;
  mode: string;
  sweepPart?: SweepPart | undefined;
  source?: SourceChoice | undefined;
  needsApiVersion?: string | undefined;
}

/** A pass spread over runs: `sweep part 3 of ~5` (the count estimated from the last pass), `sweep part 5 of 5` when done. */
function partWords(p: SweepPart): string {
  return `sweep part ${p.part} of ${p.done ? p.of : p.of === null ? '?' : `~${p.of}`}`;
}

/** The words of a code that carries details; undefined when the details are missing. */
function detailWords(s: StreamModeRecord): string | undefined {
  const src = s.source;
  if (s.mode === 'needs-api-version' && s.needsApiVersion !== undefined) return `needs API version ${s.needsApiVersion}`;
  if (src === undefined) return undefined;
  if (s.mode === 'source-elsewhere') return `${src.capability} uses ${src.uses}`;
  if (s.mode === 'no-source-left') return `${src.capability}: no source left`;
  if (s.mode === 'source-refused') return `refused (${src.refusedStatus ?? null}); ${src.capability} uses ${src.uses}`;
  return undefined;
}

/** One stream's run in words: a skipped stream says why; a code becomes its words; older free text stays. */
export function streamModeWords(s: StreamModeRecord): string {
  const plain = Object.hasOwn(STREAM_MODE_WORDS, s.mode) ? STREAM_MODE_WORDS[s.mode as keyof typeof STREAM_MODE_WORDS] : undefined;
  const words = s.mode === 'sweep' && s.sweepPart ? partWords(s.sweepPart) : (plain ?? detailWords(s) ?? s.mode);
  return s.status === 'skipped' && !words.startsWith('skipped') ? `skipped: ${words}` : words;
}

/** A pass held for deleting most of its table (runner/failure-policy.ts, `sweepDeletes`), in one line. */
export function heldWords(stream: string, h: HeldDeletes): string {
  return `${stream}: its pass listed ${h.seen} of the ${h.live} rows it holds, so nothing was deleted; the next run reads it whole again and deletes only if that pass agrees`;
}
