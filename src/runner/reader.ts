import type { InvalidRecord } from '../extract/pager.ts';
import type { Checkpoint } from '../state/checkpoint.ts';
import type { PageContext } from '../streams/define.ts';
import type { HeldDeletes } from '../state/runs.ts';
import type { PageCommit } from './commit-page.ts';

/** One fetched page, with the checkpoint and dirty-mark effects that commit with its rows. */
export interface Fetched<T> {
  records: T[];
  raws: unknown[];
  invalid: InvalidRecord[];
  page: PageContext<unknown>;
  checkpoint: Checkpoint;
  consumed?: PageCommit['consumed'];
  read?: PageCommit['read'];
  gone?: PageCommit['gone'];
  /** Marks the read itself sets (ids a lookup left out, IdsRead.unseen), beside the transform's. */
  marks?: PageCommit['marks'];
  /** Page number for progress and hooks (a sweep counts across a resume). */
  pageNumber: number;
}

/**
 * What a finished read commits: its final checkpoint, and for a sweep the soft deletes and cleared marks.
 * `unseen`: the pass did not see its collection (mostly quarantined); its checkpoint commits, nothing else,
 * and the stream fails with this error. `held`: the pass saw under half the rows it would delete from
 * (failure-policy.ts, `sweepDeletes`); its checkpoint commits, nothing is deleted, the run says so.
 */
export type Finish = Pick<PageCommit, 'checkpoint' | 'softDelete' | 'clearDirty'> & { unseen?: Error; held?: HeldDeletes };

/**
 * A read strategy's position keeping, apart from the loop: which page comes next and what the
 * checkpoint says once it is committed. Readers never touch the database; the loop commits for them.
 */
export interface Reader<T> {
  /** Whether a page is left to fetch (no request made). A read with nothing left completes even during a stop. */
  hasMore(): boolean;
  next(): Promise<Fetched<T>>;
  finish(): Finish;
  /** A sweep's progress over runs: which run of it this is, and the pages of the last complete pass. */
  sweepProgress?(): { runs: number; lastPassPages: number | null };
}

/** Resume parameters: an in-progress sweep with other parameters (a different backfill) starts afresh. */
export interface SweepOptions {
  /** Start a new sweep even if one is in progress (backfill), unless that one has the same params. */
  restart: boolean;
  params?: Record<string, string>;
}

export function sameParams(a: Record<string, string>, b: Record<string, string>): boolean {
  const ka = Object.keys(a).sort();
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}

/** The sweep to continue, or a new one starting now. */
export function resumeOrStart(cp: Checkpoint, opts: SweepOptions, now: string): { sweep: NonNullable<Checkpoint['sweep']>; resumed: boolean } {
  const params = opts.params ?? {};
  const resumed = cp.sweep !== null && (!opts.restart || sameParams(cp.sweep.params, params));
  // A resumed sweep is read by one more run: its part number (cli/format/stream-words.ts).
  return resumed && cp.sweep
    ? { sweep: { ...cp.sweep, runs: (cp.sweep.runs ?? 1) + 1 }, resumed }
    : { sweep: { startedAt: now, token: null, pages: 0, records: 0, params, runs: 1 }, resumed: false };
}
