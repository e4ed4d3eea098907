import type { z } from 'zod';
import type { PageRequest } from '../extract/pager.ts';
import type { PageSource } from '../extract/page-source.ts';
import type { Db } from '../load/db.ts';
import type { Logger } from '../log.ts';
import type { HeldDeletes, SweepPart } from '../state/runs.ts';
import type { StreamContext } from '../streams/define.ts';

export interface PageEvent {
  stream: string;
  partition: string;
  page: number;
  records: number;
  rows: number;
  invalid: number;
  /** From asking for the page to its commit: the HTTP wait, the transform and the transaction. */
  durationMs: number;
}

export interface StreamHooks {
  /** Called after each page's transaction commits. Throwing aborts the whole run (tests use it to crash). */
  onPageCommitted?: (e: PageEvent) => void | Promise<void>;
  /** Checked between pages; when it returns true the stream stops there, its checkpoint at the last committed page (graceful shutdown). */
  shouldStop?: () => boolean;
}

/** Opens the pages of one request, from a stored position (a Pager over HTTP; in tests, memory). */
export type PageSourceFactory = <T>(request: PageRequest, schema: z.ZodType<T>, token: string | null) => PageSource<T>;

/** What reading one partition needs from the run. */
export interface ReadEnv {
  db: Db;
  ctx: StreamContext;
  log: Logger;
  runId: string;
  /** The run's clock (injected so tests can move time); `_synced_at` and checkpoints read it per page. */
  clock: () => string;
  hooks: StreamHooks;
  /** Opens a page source (a pager over the service, or test pages) for a request. */
  pageSources: PageSourceFactory;
  /** Whether the interface serving a path has answered a record this run (deletion evidence, read-ids.ts). */
  interfaceAnswered?: (path: string) => boolean;
}

/** What one partition's read did, counted page by page so a failed read still reports what it committed. */
export interface PartitionTally {
  pages: number;
  records: number;
  rows: number;
  invalid: number;
  softDeleted: number;
  /** Set when a capped sweep read a part of a pass spread over runs (the highest part of its partitions). */
  sweepPart?: SweepPart;
  /** Passes held for deleting most of their table (read-sweep.ts): what they saw against the live rows. */
  held?: HeldDeletes;
}

export function emptyTally(): PartitionTally {
  return { pages: 0, records: 0, rows: 0, invalid: 0, softDeleted: 0 };
}
